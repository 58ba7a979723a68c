import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Category, CategoryType, MediaItem, MediaSort, MediaType } from "@shared/contracts/content";
import type { Playlist } from "@shared/contracts/playlists";
import { messages } from "@shared/messages";
import { callRoute, errorMessage, routeQuery, urlFromQueryKey, type GetRouteKey } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

/** The media queries' options, each keyed by its URL (spec §9: queryKey = [url]). Lists ask for up to 100 items; pages filter on the client. */
export const mediaQueries = {
  list: (type: MediaType, options: { categoryId?: number; sort?: MediaSort } = {}) =>
    routeQuery("GET /api/content/media", {
      query: { type, categoryId: options.categoryId, sort: options.sort === "latest" ? undefined : options.sort, limit: 100 },
    }),
  categories: (type: CategoryType) => routeQuery("GET /api/content/categories", { query: { type } }),
  featured: () => routeQuery("GET /api/content/featured"),
  recommended: (type: MediaType) => routeQuery("GET /api/content/recommended", { query: { type } }),
  playlists: () => routeQuery("GET /api/playlists"),
  favorites: () => routeQuery("GET /api/favorites"),
  history: () => routeQuery("GET /api/history", { query: { limit: 100 } }),
  subscriptions: () => routeQuery("GET /api/content/subscriptions"),
};

export type { Category, MediaItem, Playlist };

/** The routes whose answers show media: the library, the member's favorites, playlists, history and search, and a member's profile lists. */
const MEDIA_ROUTES: GetRouteKey[] = [
  "GET /api/content/media",
  "GET /api/content/categories",
  "GET /api/content/featured",
  "GET /api/content/recommended",
  "GET /api/content/subscriptions",
  "GET /api/favorites",
  "GET /api/playlists",
  "GET /api/history",
  "GET /api/search",
  "GET /api/users/:id/favorites",
  "GET /api/users/:id/media",
];
/** Matches the URLs of those routes and of what hangs under them, whatever their parameters and query. */
const MEDIA_URL = new RegExp(
  `^(${MEDIA_ROUTES.map((key) => key.slice(key.indexOf(" ") + 1).replace(/:\w+/g, "[^/?]+")).join("|")})([/?]|$)`,
);

/** Refetches everything that shows media, so counts and the member's marks stay true after a change. */
export function invalidateMedia(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => MEDIA_URL.test(urlFromQueryKey(query.queryKey)),
  });
}

/** Fire-and-forget play count (spec §7): errors are only logged. */
export function recordPlay(mediaId: number, position?: number) {
  callRoute("POST /api/content/media/:id/play", { params: { id: mediaId }, body: position !== undefined ? { position } : undefined }).catch(
    (error) => console.error("Could not record the play", error),
  );
}

/** Saves where the member stopped, for resuming later; errors are only logged. */
export function savePosition(mediaId: number, position: number) {
  callRoute("PUT /api/history/:mediaId", { params: { mediaId }, body: { position: Math.max(0, Math.round(position * 10) / 10) } }).catch(
    (error) => console.error("Could not save the position", error),
  );
}

const signInToast = (action: string) =>
  toast({ title: messages.signInRequired, description: `Please sign in to ${action}.`, variant: "destructive" });

export function useLikeMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: number) => callRoute("POST /api/content/media/:id/like", { params: { id: mediaId } }),
    onSuccess: () => invalidateMedia(queryClient),
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not like this item."), variant: "destructive" }),
  });
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, favorite }: { item: MediaItem; favorite: boolean }) =>
      favorite
        ? callRoute("POST /api/favorites/:mediaId", { params: { mediaId: item.id } })
        : callRoute("DELETE /api/favorites/:mediaId", { params: { mediaId: item.id } }),
    onSuccess: (result, { item }) => {
      toast(
        result.favorited
          ? { title: messages.addedToFavoritesTitle, description: `${item.title} is in your favorites.` }
          : { title: "Removed from Favorites", description: `${item.title} was removed from your favorites.` },
      );
      return invalidateMedia(queryClient);
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "Could not update your favorites."), variant: "destructive" }),
  });
}

export { signInToast };
