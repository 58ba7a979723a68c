import { useBrowserValue } from "./use-hydrated";

/**
 * The full address of one of the app's paths, as a member would copy it. The server's render of the page does not
 * know the address the member used, so it draws the path, and the browser puts in the full address right after
 * taking the page over (decision 0032). An address that is already full stays as it is.
 */
export function useAbsoluteUrl(path: string): string {
  return useBrowserValue(path, () => (path.startsWith("/") ? `${window.location.origin}${path}` : path));
}
