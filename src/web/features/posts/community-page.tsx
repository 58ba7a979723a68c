import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "wouter";
import { ArrowLeft, ImagePlus, LogIn, Send, Trash2, UserPlus, Users, X } from "lucide-react";
import type { Comment, Post } from "@shared/contracts/posts";
import { formatRelativeTime } from "@shared/format";
import { messages } from "@shared/messages";
import { PageHeader } from "@web/components/layout/page-header";
import { UserAvatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Label } from "@web/components/ui/label";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "@web/features/auth/use-auth";
import { CommunitySidebar } from "./community-sidebar";
import { PostCard } from "./post-card";
import {
  POSTS_KEY,
  useAddComment,
  useCreatePost,
  useDeleteComment,
  useDeletePost,
  usePostFeed,
  useReportPost,
  useToggleLike,
} from "./use-posts";

const textareaClasses =
  "w-full resize-y rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:border-ring";

const IMAGE_TYPES = "image/jpeg,image/png,image/gif,image/webp";

function PostSkeletons({ count }: { count: number }) {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-36 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** The composer: Post stays disabled while the text is blank (spec §5); an image may be attached. */
function Composer({ displayName, imageUrl }: { displayName: string; imageUrl: string | null }) {
  const [content, setContent] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const createPost = useCreatePost();
  const fieldId = useId();
  const [preview, setPreview] = useState<string | null>(null);

  // A local preview of the chosen image, released when it changes or the composer unmounts.
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    createPost.mutate(
      { content: content.trim(), image },
      {
        onSuccess: () => {
          setContent("");
          setImage(null);
          if (fileInput.current) fileInput.current.value = "";
        },
      },
    );
  };

  return (
    <Card className="p-5">
      <form onSubmit={handleSubmit} className="flex gap-3">
        <UserAvatar displayName={displayName} imageUrl={imageUrl} className="hidden sm:flex" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <Label htmlFor={fieldId} className="sr-only">
            Share with the community
          </Label>
          <textarea
            id={fieldId}
            rows={3}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            placeholder="Share a prayer request, testimony or encouragement..."
            className={textareaClasses}
            maxLength={5000}
          />
          {image && preview ? (
            <div className="flex items-center gap-3 text-sm">
              <img src={preview} alt="Selected image preview" className="size-16 rounded-md border border-border object-cover" />
              <span className="min-w-0 truncate">{image.name}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label="Remove image"
                onClick={() => {
                  setImage(null);
                  if (fileInput.current) fileInput.current.value = "";
                }}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          ) : null}
          <div className="flex items-center justify-between gap-2">
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES}
              className="sr-only"
              tabIndex={-1}
              aria-label="Attach an image"
              onChange={(event) => setImage(event.target.files?.[0] ?? null)}
            />
            <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              <ImagePlus aria-hidden="true" />
              Add Image
            </Button>
            <Button type="submit" disabled={!content.trim() || createPost.isPending}>
              <Send aria-hidden="true" />
              {createPost.isPending ? "Posting..." : "Post"}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}

/** Shared actions of a post card for the signed-in viewer. */
function usePostActions() {
  const [, navigate] = useLocation();
  const toggleLike = useToggleLike();
  const deletePost = useDeletePost();
  const reportPost = useReportPost();
  return (post: Post, afterDelete?: () => void) => ({
    onLike: () => toggleLike.mutate(post.id),
    likePending: toggleLike.isPending && toggleLike.variables === post.id,
    onOpen: () => navigate(`/community/${post.id}`),
    onReport: () => reportPost.mutate(post.id),
    onDelete: () => {
      if (window.confirm("Delete this post? This cannot be undone.")) deletePost.mutate(post.id, { onSuccess: afterDelete });
    },
  });
}

/** The feed with infinite scroll: older posts load as the end of the list comes into view. */
function Feed({ viewerId, canModerate }: { viewerId: number; canModerate: boolean }) {
  const feed = usePostFeed();
  const actions = usePostActions();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "400px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (feed.isPending) return <PostSkeletons count={3} />;
  if (feed.isError) {
    return (
      <Card className="p-6 text-center">
        <p className="text-muted-foreground">The feed could not be loaded.</p>
        <Button variant="outline" className="mt-3" onClick={() => void feed.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const posts = feed.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) {
    return (
      <Card className="p-8 text-center">
        <h2 className="text-lg font-semibold">No Posts Yet</h2>
        <p className="mt-1 text-muted-foreground">Be the first to share something with the community.</p>
      </Card>
    );
  }
  return (
    <section aria-label="Community feed" className="flex flex-col gap-4">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} viewerId={viewerId} canModerate={canModerate} {...actions(post)} />
      ))}
      <div ref={sentinel} />
      {hasNextPage ? (
        <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} className="self-center">
          {isFetchingNextPage ? "Loading older posts..." : "Load older posts"}
        </Button>
      ) : posts.length > 20 ? (
        <p className="text-center text-sm text-muted-foreground">You're all caught up.</p>
      ) : null}
    </section>
  );
}

function CommentItem({ comment, canDelete, onDelete }: { comment: Comment; canDelete: boolean; onDelete: () => void }) {
  return (
    <li className="flex gap-3">
      <UserAvatar displayName={comment.user.displayName} imageUrl={comment.user.profileImageUrl} size="sm" />
      <div className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2">
        <div className="flex items-baseline justify-between gap-2">
          <Link href={`/profile/${comment.user.id}`} className="text-sm font-semibold hover:underline">
            {comment.user.displayName}
          </Link>
          <time dateTime={comment.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {formatRelativeTime(comment.createdAt)}
          </time>
        </div>
        <p className="mt-0.5 whitespace-pre-wrap break-words text-sm">{comment.content}</p>
      </div>
      {canDelete ? (
        <Button variant="ghost" size="icon" aria-label="Delete comment" onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** A post's detail view: the post, its comments oldest first, and the comment form. */
function PostDetail({ postId, viewerId, canModerate }: { postId: number; viewerId: number; canModerate: boolean }) {
  const [, navigate] = useLocation();
  const post = useQuery<Post>({ queryKey: [POSTS_KEY, postId] });
  const comments = useQuery<Comment[]>({ queryKey: [POSTS_KEY, postId, "comments"] });
  const addComment = useAddComment(postId);
  const deleteComment = useDeleteComment(postId);
  const actions = usePostActions();
  const [text, setText] = useState("");
  const fieldId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    addComment.mutate(text.trim(), { onSuccess: () => setText("") });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" onClick={() => navigate("/community")} className="-ml-3">
          <ArrowLeft aria-hidden="true" />
          Back to Feed
        </Button>
      </div>
      <h2 className="text-xl font-semibold">Post Details</h2>
      {post.isPending ? (
        <PostSkeletons count={1} />
      ) : post.isError ? (
        <Card className="p-8 text-center">
          <h3 className="text-lg font-semibold">Post Not Found</h3>
          <p className="mt-1 text-muted-foreground">This post may have been removed.</p>
        </Card>
      ) : (
        <>
          <PostCard
            post={post.data}
            viewerId={viewerId}
            canModerate={canModerate}
            headingLevel="h3"
            {...actions(post.data, () => navigate("/community"))}
          />
          <Card className="p-5">
            <h3 className="text-base font-semibold">Comments ({post.data.commentsCount})</h3>
            {comments.isPending ? (
              <Skeleton className="mt-3 h-12 w-full" />
            ) : !comments.data?.length ? (
              <p className="mt-3 text-sm text-muted-foreground">No comments yet. Be the first to comment!</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {comments.data.map((comment) => (
                  <CommentItem
                    key={comment.id}
                    comment={comment}
                    canDelete={comment.user.id === viewerId || canModerate}
                    onDelete={() => deleteComment.mutate(comment.id)}
                  />
                ))}
              </ul>
            )}
            <form onSubmit={handleSubmit} className="mt-4 flex flex-col gap-2">
              <Label htmlFor={fieldId}>Add a comment</Label>
              <textarea
                id={fieldId}
                rows={2}
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder="Write a comment..."
                className={textareaClasses}
                maxLength={2000}
              />
              <Button type="submit" className="self-end" disabled={!text.trim() || addComment.isPending}>
                <Send aria-hidden="true" />
                {addComment.isPending ? "Commenting..." : "Comment"}
              </Button>
            </form>
          </Card>
        </>
      )}
    </div>
  );
}

/** A visitor following a link to one post: the post and its conversation, read-only. */
function SignedOutPost({ postId }: { postId: number }) {
  const post = useQuery<Post>({ queryKey: [POSTS_KEY, postId] });
  const comments = useQuery<Comment[]>({ queryKey: [POSTS_KEY, postId, "comments"] });
  return (
    <section aria-labelledby="community-post" className="flex flex-col gap-4">
      <h2 id="community-post" className="text-lg font-semibold">
        Post Details
      </h2>
      {post.isPending ? (
        <PostSkeletons count={1} />
      ) : post.isError ? (
        <Card className="p-8 text-center">
          <h3 className="text-lg font-semibold">Post Not Found</h3>
          <p className="mt-1 text-muted-foreground">This post may have been removed.</p>
        </Card>
      ) : (
        <>
          <PostCard post={post.data} headingLevel="h3" />
          <Card className="p-5">
            <h3 className="text-base font-semibold">Comments ({post.data.commentsCount})</h3>
            {!comments.data?.length ? (
              <p className="mt-3 text-sm text-muted-foreground">No comments yet. Be the first to comment!</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {comments.data.map((comment) => (
                  <CommentItem key={comment.id} comment={comment} canDelete={false} onDelete={() => undefined} />
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </section>
  );
}

/**
 * Signed out: Sign In Required, a preview of the first 2 posts, and Join Our Community (spec §2);
 * a link to one post (/community/{id}) shows that post and its comments instead of the preview.
 */
function SignedOutCommunity({ postId }: { postId: number | null }) {
  const preview = useQuery<Post[]>({ queryKey: [POSTS_KEY, { limit: 2 }], enabled: postId === null });
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-6 text-center">
        <h2 className="text-xl font-semibold">{messages.signInRequired}</h2>
        <p className="mt-1 text-muted-foreground">Sign in to post, like and comment with the community.</p>
        <Button asChild className="mt-4">
          <Link href="/auth/login">
            <LogIn aria-hidden="true" />
            Sign In
          </Link>
        </Button>
      </Card>
      {postId !== null ? (
        <SignedOutPost postId={postId} />
      ) : (
        <section aria-labelledby="community-preview" className="flex flex-col gap-4">
          <h2 id="community-preview" className="text-lg font-semibold">
            Recent Posts
          </h2>
          {preview.isPending ? (
            <PostSkeletons count={2} />
          ) : !preview.data?.length ? (
            <Card className="p-8 text-center">
              <h3 className="text-lg font-semibold">No Posts Yet</h3>
            </Card>
          ) : (
            preview.data.slice(0, 2).map((post) => <PostCard key={post.id} post={post} headingLevel="h3" />)
          )}
        </section>
      )}
      <Card className="flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-muted-foreground">Want to join the conversation?</p>
        <Button asChild size="lg">
          <Link href="/auth/register">
            <UserPlus aria-hidden="true" />
            Join Our Community
          </Link>
        </Button>
      </Card>
    </div>
  );
}

/** /community and /community/{id}: the feed and a post's detail view. */
export function CommunityPage() {
  const { id } = useParams<{ id?: string }>();
  const { user, loading } = useAuth();
  const postId = id && /^\d+$/.test(id) ? Number(id) : null;

  return (
    <>
      <PageHeader
        title="Community"
        icon={Users}
        description="Share prayer requests, testimonies and encouragement, and join the conversation."
      />
      {loading && !user ? (
        <PostSkeletons count={2} />
      ) : !user ? (
        <SignedOutCommunity postId={postId} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {id ? (
              postId ? (
                <PostDetail key={postId} postId={postId} viewerId={user.id} canModerate={user.role === "admin"} />
              ) : (
                <Card className="p-8 text-center">
                  <h2 className="text-lg font-semibold">Post Not Found</h2>
                </Card>
              )
            ) : (
              <>
                <Composer displayName={user.displayName} imageUrl={user.profileImageUrl} />
                <Feed viewerId={user.id} canModerate={user.role === "admin"} />
              </>
            )}
          </div>
          <CommunitySidebar canModerate={user.role === "admin"} />
        </div>
      )}
    </>
  );
}
