import { useLocation } from "wouter";
import type { Post } from "@shared/contracts/posts";
import type { ReportInput } from "@web/features/moderation/report-dialog";
import { useDeletePost, useReportPost, useToggleLike } from "./use-posts";

/** The actions of a post card for the signed-in viewer: like, open, report, and delete after a confirmation. */
export function usePostActions() {
  const [, navigate] = useLocation();
  const toggleLike = useToggleLike();
  const deletePost = useDeletePost();
  const reportPost = useReportPost();
  return (post: Post, afterDelete?: () => void) => ({
    onLike: () => toggleLike.mutate(post.id),
    likePending: toggleLike.isPending && toggleLike.variables === post.id,
    onOpen: () => navigate(`/community/${post.id}`),
    onReport: (input: ReportInput) => reportPost.mutateAsync({ postId: post.id, input }),
    onDelete: () => {
      if (window.confirm("Delete this post? This cannot be undone.")) deletePost.mutate(post.id, { onSuccess: afterDelete });
    },
  });
}
