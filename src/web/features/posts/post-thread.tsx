import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { Link } from "wouter";
import { Flag, Send, Trash2 } from "lucide-react";
import { type Comment, type Post, createCommentSchema } from "@shared/contracts/posts";
import { relativeTime } from "@web/lib/relative-time";
import { UserAvatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { ErrorState } from "@web/components/ui/error-state";
import { TextareaField } from "@web/components/ui/form-field";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { LazyReportDialog } from "@web/features/moderation/lazy-report-dialog";
import { ApiRequestError, callRoute, routeQuery } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { PostCard } from "./post-card";
import { usePostActions } from "./post-actions";
import { PostSkeletons } from "./post-skeletons";
import { useAddComment, useDeleteComment } from "./use-posts";
import { PostNotFound } from "./lazy-post-thread";

/** The signed-in viewer of a thread: who they are, whether they moderate, and where to go once the post is deleted. */
export type ThreadViewer = { id: number; canModerate: boolean; afterDelete: () => void };

function CommentItem({ comment, onDelete, onReport }: { comment: Comment; onDelete?: () => void; onReport?: () => void }) {
  return (
    <li className="flex gap-3">
      <UserAvatar displayName={comment.user.displayName} imageUrl={comment.user.profileImageUrl} size="sm" />
      <div className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2">
        <div className="flex items-baseline justify-between gap-2">
          <Link href={`/profile/${comment.user.id}`} className="text-sm font-semibold hover:underline">
            {comment.user.displayName}
          </Link>
          <time dateTime={comment.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {relativeTime(comment.createdAt)}
          </time>
        </div>
        <p className="mt-0.5 whitespace-pre-wrap break-words text-sm">{comment.content}</p>
      </div>
      {onReport ? (
        <Button variant="ghost" size="icon" aria-label={`Report comment by ${comment.user.displayName}`} onClick={onReport}>
          <Flag aria-hidden="true" />
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="ghost" size="icon" aria-label="Delete comment" onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** Add a comment: checked by the contract; Comment stays disabled while the text is blank (spec §5). */
function CommentForm({ postId }: { postId: number }) {
  const addComment = useAddComment(postId);
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(createCommentSchema, { defaultValues: { content: "" } });
  const text = useWatch({ control, name: "content" }) ?? "";
  return (
    <form
      onSubmit={handleSubmit(({ content }) => addComment.mutate(content, { onSuccess: () => reset() }))}
      noValidate
      className="mt-4 flex flex-col gap-2"
    >
      <TextareaField
        id={id}
        label="Add a comment"
        error={errors.content?.message}
        controlProps={{
          rows: 2,
          placeholder: "Write a comment...",
          maxLength: maxLengthOf(createCommentSchema.shape.content),
          ...register("content"),
        }}
      />
      <Button type="submit" className="self-end" disabled={!text.trim() || addComment.isPending}>
        <Send aria-hidden="true" />
        {addComment.isPending ? "Commenting..." : "Comment"}
      </Button>
    </form>
  );
}

function Comments({ post, viewer }: { post: Post; viewer?: ThreadViewer }) {
  const comments = useQuery(routeQuery("GET /api/posts/:id/comments", { params: { id: post.id } }));
  const deleteComment = useDeleteComment(post.id);
  const [reporting, setReporting] = useState<Comment | null>(null);
  return (
    <Card className="p-5">
      <h3 className="text-base font-semibold">Comments ({post.commentsCount})</h3>
      <div className="mt-3">
        <QueryState
          query={comments}
          loading={<Skeleton className="h-12 w-full" />}
          error="The comments could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted-foreground">No comments yet. Be the first to comment!</p>}
        >
          {(list) => (
            <ul className="flex flex-col gap-3">
              {list.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  onDelete={
                    viewer && (comment.user.id === viewer.id || viewer.canModerate) ? () => deleteComment.mutate(comment.id) : undefined
                  }
                  onReport={viewer && comment.user.id !== viewer.id ? () => setReporting(comment) : undefined}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      {viewer ? <CommentForm postId={post.id} /> : null}
      <LazyReportDialog
        open={reporting !== null}
        onOpenChange={(open) => (open ? undefined : setReporting(null))}
        title="Report comment"
        description={`Tell our moderators what is wrong with this comment by ${reporting?.user.displayName ?? "a member"}.`}
        send={(input) =>
          callRoute("POST /api/posts/:id/comments/:commentId/report", { params: { id: post.id, commentId: reporting!.id }, body: input })
        }
      />
    </Card>
  );
}

function MemberPostCard({ post, viewer }: { post: Post; viewer: ThreadViewer }) {
  const actions = usePostActions();
  return (
    <PostCard post={post} viewerId={viewer.id} canModerate={viewer.canModerate} headingLevel="h3" {...actions(post, viewer.afterDelete)} />
  );
}

/** One post and its conversation, oldest comment first; a signed-in viewer may like, comment and delete. */
export function PostThread({ postId, viewer }: { postId: number; viewer?: ThreadViewer }) {
  const post = useQuery(routeQuery("GET /api/posts/:id", { params: { id: postId } }));
  if (post.data === undefined) {
    if (!post.isError) return <PostSkeletons count={1} />;
    if (!(post.error instanceof ApiRequestError && post.error.status === 404)) {
      return <ErrorState title="The post could not be loaded." onRetry={() => void post.refetch()} retrying={post.isFetching} />;
    }
    return <PostNotFound />;
  }
  return (
    <>
      {viewer ? <MemberPostCard post={post.data} viewer={viewer} /> : <PostCard post={post.data} headingLevel="h3" />}
      <Comments post={post.data} viewer={viewer} />
    </>
  );
}
