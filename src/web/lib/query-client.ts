import { QueryClient, type QueryFunction } from "@tanstack/react-query";
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
