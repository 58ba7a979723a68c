import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Category, CategoryType, LikeResult, MediaItem, MediaSort, MediaType } from "@shared/contracts/content";
import type { Playlist } from "@shared/contracts/playlists";
import { messages } from "@shared/messages";
import { apiJson, apiRequest, errorMessage, urlFromQueryKey } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

/** Query keys, each naming its URL (spec §9: queryKey = [url]). Lists ask for up to 100 items; pages filter on the client. */
export const mediaKeys = {
  list: (type: MediaType, options: { categoryId?: number; sort?: MediaSort } = {}) =>
    [
      "/api/content/media",
      { type, categoryId: options.categoryId, sort: options.sort === "latest" ? undefined : options.sort, limit: 100 },
    ] as const,
  categories: (type: CategoryType) => ["/api/content/categories", { type }] as const,
  featured: ["/api/content/featured"] as const,
  recommended: (type: MediaType) => ["/api/content/recommended", { type }] as const,
  playlists: ["/api/playlists"] as const,
  favorites: ["/api/favorites"] as const,
  history: ["/api/history", { limit: 100 }] as const,
  subscriptions: ["/api/content/subscriptions"] as const,
};

export type { Category, MediaItem, Playlist };

/** Refetches everything that shows media, so counts and the member's marks stay true after a change. */
export function invalidateMedia(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      /^\/api\/(content|favorites|playlists|history|search|users\/\d+\/(favorites|media))/.test(urlFromQueryKey(query.queryKey)),
  });
}

/** Fire-and-forget play count (spec §7): errors are only logged. */
export function recordPlay(mediaId: number, position?: number) {
  apiRequest("POST", `/api/content/media/${mediaId}/play`, position !== undefined ? { position } : undefined).catch((error) =>
    console.error("Could not record the play", error),
  );
}

/** Saves where the member stopped, for resuming later; errors are only logged. */
export function savePosition(mediaId: number, position: number) {
  apiRequest("PUT", `/api/history/${mediaId}`, { position: Math.max(0, Math.round(position * 10) / 10) }).catch((error) =>
    console.error("Could not save the position", error),
  );
}

const signInToast = (action: string) =>
  toast({ title: messages.signInRequired, description: `Please sign in to ${action}.`, variant: "destructive" });

export function useLikeMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: number) => apiJson<LikeResult>("POST", `/api/content/media/${mediaId}/like`),
    onSuccess: () => invalidateMedia(queryClient),
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not like this item."), variant: "destructive" }),
  });
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, favorite }: { item: MediaItem; favorite: boolean }) =>
      apiJson<{ favorited: boolean }>(favorite ? "POST" : "DELETE", `/api/favorites/${item.id}`),
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
