import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment, LikeResult, Post } from "@shared/contracts/posts";
import { messages } from "@shared/messages";
import { ApiRequestError, apiJson, apiRequest, errorMessage } from "@web/lib/api";
import { listPagesQuery } from "@web/lib/list-pages";
import { toast } from "@web/lib/use-toast";

export const POSTS_KEY = "/api/posts";
export const FEED_PAGE_SIZE = 20;

/** Sends a multipart form (a post with an image, an avatar) with the session cookie; non-ok answers throw like apiRequest. */
export async function postForm<T>(url: string, form: FormData): Promise<T> {
  const response = await fetch(url, { method: "POST", credentials: "include", body: form });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new ApiRequestError(response.status, body, response.statusText);
  }
  return (await response.json()) as T;
}

/** The message for a failed community action: the login-required text of spec §5 on 401, else the server's or the fallback. */
function failureMessage(error: unknown, notSignedIn: string, fallback: string): string {
  if (error instanceof ApiRequestError && error.status === 401) return notSignedIn;
  return errorMessage(error, fallback);
}

/** The feed, newest first, one page of 20 at a time. */
export function usePostFeed() {
  return useInfiniteQuery(listPagesQuery<Post>([POSTS_KEY, { limit: FEED_PAGE_SIZE }]));
}

function useRefreshPosts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [POSTS_KEY] });
    void queryClient.invalidateQueries({ queryKey: ["/api/community/stats"] });
    void queryClient.invalidateQueries({ queryKey: ["/api/community/trending"] });
    void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
  };
}

export function useCreatePost() {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: async ({ content, image }: { content: string; image: File | null }) => {
      if (!image) return apiJson<Post>("POST", POSTS_KEY, { content });
      const form = new FormData();
      form.set("content", content);
      form.set("image", image);
      return postForm<Post>(POSTS_KEY, form);
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
    mutationFn: (postId: number) => apiJson<LikeResult>("POST", `${POSTS_KEY}/${postId}/like`),
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
    mutationFn: (content: string) => apiJson<Comment>("POST", `${POSTS_KEY}/${postId}/comments`, { content }),
    onSuccess: () => {
      toast({ title: messages.commentAddedTitle, description: messages.commentAdded });
      void queryClient.invalidateQueries({ queryKey: [POSTS_KEY, postId, "comments"] });
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
    mutationFn: (postId: number) => apiRequest("DELETE", `${POSTS_KEY}/${postId}`),
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
    mutationFn: (commentId: number) => apiRequest("DELETE", `${POSTS_KEY}/${postId}/comments/${commentId}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [POSTS_KEY, postId, "comments"] });
      refresh();
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to delete comment"), variant: "destructive" }),
  });
}

export function useReportPost() {
  return useMutation({
    mutationFn: (postId: number) => apiJson<{ id: number }>("POST", `${POSTS_KEY}/${postId}/report`, { reason: "" }),
    onSuccess: () => toast({ title: "Post Reported", description: "Thank you. A moderator will review this post." }),
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to report post"), variant: "destructive" }),
  });
}
