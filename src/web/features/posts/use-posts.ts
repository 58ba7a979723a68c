import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Post } from "@shared/contracts/posts";
import type { RouteInput, RouteOutput } from "@shared/contracts/route";
import type { ApiRouteKey, ApiRouteOf } from "@shared/contracts/routes";
import { messages } from "@shared/messages";
import { ApiRequestError, callRoute, errorMessage, routeKey, routeUrl } from "@web/lib/api";
import { listPagesQuery } from "@web/lib/list-pages";
import { toast } from "@web/lib/use-toast";

export const FEED_PAGE_SIZE = 20;

/**
 * Sends a multipart form to a multipart route of the contract (a post with an image, an avatar) with the
 * session cookie; its answer is typed by the contract, non-ok answers throw like apiRequest.
 */
export async function postForm<K extends ApiRouteKey>(
  key: K,
  form: FormData,
  input: Partial<RouteInput<ApiRouteOf<K>>> = {},
): Promise<RouteOutput<ApiRouteOf<K>>> {
  const response = await fetch(routeUrl(key, input), { method: "POST", credentials: "include", body: form });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new ApiRequestError(response.status, body, response.statusText);
  }
  return (await response.json()) as RouteOutput<ApiRouteOf<K>>;
}

/** The message for a failed community action: the login-required text of spec §5 on 401, else the server's or the fallback. */
function failureMessage(error: unknown, notSignedIn: string, fallback: string): string {
  if (error instanceof ApiRequestError && error.status === 401) return notSignedIn;
  return errorMessage(error, fallback);
}

/** The feed, newest first, one page of 20 at a time. */
export function usePostFeed() {
  return useInfiniteQuery(listPagesQuery<Post>(routeKey("GET /api/posts", { query: { limit: FEED_PAGE_SIZE } })));
}

function useRefreshPosts() {
  const queryClient = useQueryClient();
  return () => {
    // Every list of posts (the feed, a member's posts, the home page's preview) and each post under it.
    void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/posts") });
    void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/community/stats") });
    void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/community/trending") });
    void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/users") });
  };
}

export function useCreatePost() {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: async ({ content, image }: { content: string; image: File | null }) => {
      if (!image) return callRoute("POST /api/posts", { body: { content } });
      const form = new FormData();
      form.set("content", content);
      form.set("image", image);
      return postForm("POST /api/posts", form);
    },
    onSuccess: () => {
      toast({ title: messages.postCreatedTitle, description: messages.postCreated });
      refresh();
    },
    onError: (error) => {
      toast({ title: "Error", description: failureMessage(error, messages.postNotSignedIn, messages.postFailed), variant: "destructive" });
    },
  });
}

export function useToggleLike() {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (postId: number) => callRoute("POST /api/posts/:id/like", { params: { id: postId } }),
    onSuccess: refresh,
    onError: (error) => {
      toast({ title: "Error", description: failureMessage(error, messages.likeNotSignedIn, messages.likeFailed), variant: "destructive" });
    },
  });
}

export function useAddComment(postId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (content: string) => callRoute("POST /api/posts/:id/comments", { params: { id: postId }, body: { content } }),
    onSuccess: () => {
      toast({ title: messages.commentAddedTitle, description: messages.commentAdded });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/posts/:id/comments", { params: { id: postId } }) });
      refresh();
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: failureMessage(error, messages.commentNotSignedIn, messages.commentFailed),
        variant: "destructive",
      });
    },
  });
}

export function useDeletePost() {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (postId: number) => callRoute("DELETE /api/posts/:id", { params: { id: postId } }),
    onSuccess: () => {
      toast({ title: "Post Deleted", description: "Your post has been removed from the community." });
      refresh();
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to delete post"), variant: "destructive" }),
  });
}

export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: (commentId: number) => callRoute("DELETE /api/posts/:id/comments/:commentId", { params: { id: postId, commentId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/posts/:id/comments", { params: { id: postId } }) });
      refresh();
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to delete comment"), variant: "destructive" }),
  });
}

export function useReportPost() {
  return useMutation({
    // The report dialog thanks the member, or shows what went wrong.
    mutationFn: ({ postId, input }: { postId: number; input: { reason: string; details: string } }) =>
      callRoute("POST /api/posts/:id/report", { params: { id: postId }, body: input }),
  });
}
