import { INITIAL_STATE_ID, NEXT_CURSOR_HEADER } from "@shared/constants";
import type { InitialState } from "@shared/contracts/auth";
import type { PageDataAnswer } from "@shared/page-data";

/**
 * The state the server wrote into the page (src/server/http/app-shell.ts): the session, and the answers of the API
 * reads the first screen makes. Undefined when the page came from elsewhere (the dev server; the service worker's
 * offline copy): then everything is asked for as usual.
 */
export const initialState: InitialState | undefined = (() => {
  const block = typeof document === "undefined" ? null : document.getElementById(INITIAL_STATE_ID);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as InitialState;
  } catch {
    return undefined;
  }
})();

const unread = new Map(Object.entries(initialState?.data ?? {}));

/**
 * The answer the page carries for a GET of `url`, as the network would have given it, once: the next read of the
 * same URL (a refetch, an invalidation) goes to the server.
 */
export function takeCarriedAnswer(url: string): Response | undefined {
  const answer = takeCarried(url);
  if (!answer) return undefined;
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (answer.nextCursor) headers[NEXT_CURSOR_HEADER] = answer.nextCursor;
  return new Response(JSON.stringify(answer.body), { status: 200, headers });
}

/** The answer the page carries for a GET of `url` as it came (the JSON body, and the next page's cursor), once. */
export function takeCarried(url: string): PageDataAnswer | undefined {
  const answer = unread.get(url);
  if (answer) unread.delete(url);
  return answer;
}

/** Drops what the page carries: after signing in or out, its answers were someone else's view. */
export function forgetCarriedAnswers(): void {
  unread.clear();
}
