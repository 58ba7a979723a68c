import {
  type Query,
  QueryCache,
  QueryClient,
  type QueryFunction,
  type QueryKey,
  type QueryOptions,
  type QueryState,
  notifyManager,
} from "@tanstack/react-query";
import { ApiRequestError, apiRequest, urlFromQueryKey } from "./api";
import { takeCarried } from "./initial-state";
import { CARRIED_AS_LIST_PAGES } from "./list-pages";

type UnauthorizedBehavior = "throw" | "returnNull";

/** The default data fetch of spec §7: a GET on the query key, read as JSON. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      const response = await apiRequest("GET", urlFromQueryKey(queryKey));
      return (await response.json()) as T;
    } catch (error) {
      if (on401 === "returnNull" && error instanceof ApiRequestError && error.status === 401) return null;
      throw error;
    }
  };
}

/**
 * The cache tells its readers in a microtask rather than on a timer (the library's default). A change made in a
 * click (an optimistic tick, a mutation's pending state) then shows before the browser's next task: a controlled
 * checkbox or radio that React first puts back as it was is ticked again at once, instead of flickering, or of
 * reading unticked to whatever looks at it in between.
 */
notifyManager.setScheduler(queueMicrotask);

const defaultQueryFn = getQueryFn({ on401: "throw" });

/** A query's state once its data is in, as the library builds it for initial data. */
const loaded = (data: unknown): QueryState => ({
  data,
  dataUpdateCount: 0,
  dataUpdatedAt: Date.now(),
  error: null,
  errorUpdateCount: 0,
  errorUpdatedAt: 0,
  fetchFailureCount: 0,
  fetchFailureReason: null,
  fetchMeta: null,
  isInvalidated: false,
  status: "success",
  fetchStatus: "idle",
});

/**
 * A query the page carries the answer of (lib/initial-state.ts) starts with that answer: the first render shows the
 * first screen's lists at once, instead of a loading state and then, a moment later, a second render with the data.
 * Only queries whose data is the answer as it is qualify: the default data fetch (the JSON body) and the paginated
 * lists of lib/list-pages.ts (their first page). Their state, not their options, carries it, so resetting a query
 * (after signing in or out) empties it rather than bringing the page's answer back.
 */
class CarriedQueryCache extends QueryCache {
  override build<TQueryFnData = unknown, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
    client: QueryClient,
    options: QueryOptions<TQueryFnData, TError, TData, TQueryKey, never> & { queryKey: TQueryKey },
    state?: QueryState<TData, TError>,
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    if (state) return super.build(client, options, state);
    const listPages = options.meta?.carriedAs === CARRIED_AS_LIST_PAGES;
    if (!listPages && options.queryFn !== undefined && options.queryFn !== defaultQueryFn) return super.build(client, options);
    const answer = takeCarried(urlFromQueryKey(options.queryKey));
    if (!answer) return super.build(client, options);
    const data = listPages ? { pages: [{ items: answer.body, nextCursor: answer.nextCursor }], pageParams: [null] } : answer.body;
    return super.build(client, options, loaded(data) as QueryState<TData, TError>);
  }
}

/** Spec §9: cached data never goes stale, no refetch on focus, no polling, no retries. */
export const queryClient = new QueryClient({
  queryCache: new CarriedQueryCache(),
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
