import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * False in the server's render of a page and while the browser hydrates it (decision 0032), true from then on: for
 * what must not be there before the browser can answer it (a file input, whose files the hydration would drop).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
