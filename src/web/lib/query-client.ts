import { QueryClient, type QueryFunction, notifyManager } from "@tanstack/react-query";
import { apiRequest, urlFromQueryKey } from "./api";
import { CARRIED_AS_LIST_PAGES, takeCarried } from "./initial-state";

/** The default data fetch of spec §7: a GET on the query key, read as JSON. */
const defaultQueryFn: QueryFunction = async ({ queryKey }) => (await apiRequest("GET", urlFromQueryKey(queryKey))).json();

/**
 * The cache tells its readers in a microtask rather than on a timer (the library's default). A change made in a
 * click (an optimistic tick, a mutation's pending state) then shows before the browser's next task: a controlled
 * checkbox or radio that React first puts back as it was is ticked again at once, instead of flickering, or of
 * reading unticked to whatever looks at it in between.
 */
notifyManager.setScheduler(queueMicrotask);

/** Spec §9: cached data never goes stale, no refetch on focus, no polling, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/**
 * A query the page carries the answer of (lib/initial-state.ts) starts with that answer: the first render shows the
 * first screen's lists at once, instead of a loading state and then, a moment later, a second render with the data.
 * Only queries whose data is the answer as it is qualify: the default data fetch (the JSON body) and the paginated
 * lists of lib/list-pages.ts (their first page). The answer is set as the query's data, not as its initial data, so
 * resetting a query (after signing in or out) empties it rather than bringing the page's answer back.
 */
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== "added") return;
  const { options } = event.query;
  const listPages = options.meta?.carriedAs === CARRIED_AS_LIST_PAGES;
  if (!listPages && options.queryFn !== defaultQueryFn) return;
  const answer = takeCarried(urlFromQueryKey(options.queryKey));
  if (answer)
    event.query.setData(listPages ? { pages: [{ items: answer.body, nextCursor: answer.nextCursor }], pageParams: [null] } : answer.body);
});
