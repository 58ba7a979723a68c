import { QueryClient, type QueryFunction, notifyManager } from "@tanstack/react-query";
import { ApiRequestError, apiRequest, urlFromQueryKey } from "./api";

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

/** Spec §9: cached data never goes stale, no refetch on focus, no polling, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
