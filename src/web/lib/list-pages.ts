import { type QueryKey, infiniteQueryOptions } from "@tanstack/react-query";
import { apiRequest, nextCursorOf, urlFromQueryKey } from "./api";
import { CARRIED_AS_LIST_PAGES } from "./initial-state";

/** One page of a paginated list: its items, and the cursor of the next (older) page, null on the last one. */
export type ListPage<T> = { items: T[]; nextCursor: string | null };

/** The query key of the page at `cursor` of the list a key names: its query object gains `cursor`. */
export function pageKey(queryKey: QueryKey, cursor: string | null): QueryKey {
  if (!cursor) return queryKey;
  const last = queryKey.at(-1);
  const hasQuery = last !== null && typeof last === "object";
  return [...(hasQuery ? queryKey.slice(0, -1) : queryKey), { ...(hasQuery ? last : {}), cursor }];
}

/** GETs one page of a paginated list. */
export async function fetchListPage<T>(url: string): Promise<ListPage<T>> {
  const response = await apiRequest("GET", url);
  return { items: (await response.json()) as T[], nextCursor: nextCursorOf(response) };
}

/**
 * An infinite query over a paginated list: the key is the first page's URL (spec §9), each further page
 * is read at the cursor the previous one answered. The one way the web reads the next page.
 */
export function listPagesQuery<T>(queryKey: QueryKey) {
  return infiniteQueryOptions({
    queryKey,
    // The first page may come with the page (lib/query-client.ts).
    meta: { carriedAs: CARRIED_AS_LIST_PAGES },
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchListPage<T>(urlFromQueryKey(pageKey(queryKey, pageParam))),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
