import { INITIAL_STATE_ID } from "@shared/constants";
import type { InitialState } from "@shared/contracts/auth";
import type { PageDataAnswer } from "@shared/page-data";
import { isHydrating } from "./use-hydrated";

/**
 * The state the server wrote into the page (src/server/http/app-shell.ts): the session, and the answers of the API
 * reads the first screen makes. Undefined when the page came from elsewhere (the dev server; the service worker's
 * offline copy): then everything is asked for as usual.
 */
export let initialState: InitialState | undefined = (() => {
  const block = typeof document === "undefined" ? null : document.getElementById(INITIAL_STATE_ID);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as InitialState;
  } catch {
    return undefined;
  }
})();

const unread = new Map(Object.entries(initialState?.data ?? {}));
let seed = initialState?.seed;
let renderedAt = initialState?.renderedAt;

/**
 * Sets the state the first render reads, as the page would carry it: the server's render of the first screen
 * (entry-server.tsx) draws each page from the same state it writes into that page.
 */
export function carryState(state: InitialState | undefined): void {
  initialState = state;
  seed = state?.seed;
  renderedAt = state?.renderedAt;
  unread.clear();
  for (const [url, answer] of Object.entries(state?.data ?? {})) unread.set(url, answer);
}

/**
 * The answer the page carries for a GET of `url` as it came (the JSON body, and the next page's cursor), once: the
 * query cache starts the query with it (lib/query-client.ts), and the next read of the same URL (a refetch, an
 * invalidation) goes to the server.
 */
export function takeCarried(url: string): PageDataAnswer | undefined {
  const answer = unread.get(url);
  if (answer) unread.delete(url);
  return answer;
}

/**
 * A random number in [0, 1). While a render must draw what the server drew (its own render, and the hydration that
 * takes it over) it is the page's seed, so what the first screen picks at random (the home greeting) is the same in
 * both, however often React starts a part's render again (a part that suspends while hydrating); later ones are new.
 */
export function pageRandom(): number {
  return isHydrating() && seed !== undefined ? seed : Math.random();
}

/**
 * The time a render counts relative times from ("5 minutes ago"): while a render must draw what the server drew, the
 * time the server made the page, so a minute that turns between the two renders changes nothing; the clock's after.
 */
export function pageNow(): Date {
  return isHydrating() && renderedAt !== undefined ? new Date(renderedAt) : new Date();
}

/** Marks the queries of listPagesQuery (lib/list-pages.ts), whose first page the page may carry. */
export const CARRIED_AS_LIST_PAGES = "list-pages";

/** Drops what the page carries: after signing in or out, its answers were someone else's view. */
export function forgetCarriedAnswers(): void {
  unread.clear();
}
