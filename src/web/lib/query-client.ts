import { QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { ApiRequestError, apiRequest } from "./api";

/**
 * The URL a query key names: its string and number parts joined with "/", and a trailing
 * plain object read as the query string, e.g. ["/api/content/media", { type: "sermon" }].
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const parts: string[] = [];
  let search = "";
  for (const part of queryKey) {
    if (typeof part === "string" || typeof part === "number") {
      parts.push(String(part));
    } else if (part && typeof part === "object") {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(part)) {
        if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
      }
      const query = params.toString();
      if (query) search = `?${query}`;
    }
  }
  return parts.join("/") + search;
}

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
