import { lazy, useState } from "react";
import { formatFullDate, formatTime } from "@shared/format";
import { Link } from "wouter";
import { Heart, MessageCircle, MoreHorizontal } from "lucide-react";
import type { Post } from "@shared/contracts/posts";
import { relativeTime } from "@web/lib/relative-time";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { MenuOnUse } from "@web/components/ui/open-on-use";
import { UserAvatar } from "@web/components/ui/avatar";
import { LazyReportDialog } from "@web/features/moderation/lazy-report-dialog";
import type { ReportInput } from "@web/features/moderation/report-dialog";
import { cn } from "@web/lib/utils";
import { ResponsiveImage } from "@web/components/ui/responsive-image";
import type { PostMenuProps } from "./post-menu";

const loadPostMenu = () => import("./post-menu");
const PostMenuDropdown = lazy(async () => ({ default: (await loadPostMenu()).PostMenuDropdown }));

type PostCardProps = {
  post: Post;
  /** Signed-in viewer's id; without it the card is a read-only preview. */
  viewerId?: number | null;
  canModerate?: boolean;
  onLike?: () => void;
  likePending?: boolean;
  /** Opens the post's detail view (the Comment button). */
  onOpen?: () => void;
  onDelete?: () => void;
  /** Sends a report with a reason; the card opens the report dialog first. */
  onReport?: (input: ReportInput) => Promise<unknown>;
  /** The heading level of the author line, so the page's outline stays in order. */
  headingLevel?: "h2" | "h3";
};

/** One post of the community feed: author, relative time, text, image, and the like and comment buttons. */
export function PostCard({
  post,
  viewerId,
  canModerate,
  onLike,
  likePending,
  onOpen,
  onDelete,
  onReport,
  headingLevel = "h2",
}: PostCardProps) {
  const Heading = headingLevel;
  const interactive = viewerId != null;
  const own = viewerId === post.userId;
  const [reporting, setReporting] = useState(false);
  const headingId = `post-${post.id}-author`;
  return (
    <Card className="p-5" aria-labelledby={headingId} role="article">
      <div className="flex items-start gap-3">
        <Link href={`/profile/${post.user.id}`} className="shrink-0 rounded-full" tabIndex={-1} aria-hidden="true">
          <UserAvatar displayName={post.user.displayName} imageUrl={post.user.profileImageUrl} />
        </Link>
        <div className="min-w-0 flex-1">
          <Heading id={headingId} className="text-base font-semibold leading-tight">
            <Link href={`/profile/${post.user.id}`} className="hover:underline">
              {post.user.displayName}
            </Link>
          </Heading>
          <time
            dateTime={post.createdAt}
            className="text-sm text-muted-foreground"
            title={`${formatFullDate(post.createdAt)} at ${formatTime(post.createdAt)}`}
          >
            {relativeTime(post.createdAt)}
          </time>
        </div>
        {interactive && (onReport || onDelete) ? (
          <PostMenu
            onReport={!own && onReport ? () => setReporting(true) : undefined}
            onDelete={(own || canModerate) && onDelete ? onDelete : undefined}
          />
        ) : null}
      </div>

      {onReport ? (
        <LazyReportDialog
          open={reporting}
          onOpenChange={setReporting}
          title="Report post"
          description={`Tell our moderators what is wrong with this post by ${post.user.displayName}.`}
          sentTitle="Post Reported"
          send={onReport}
        />
      ) : null}

      <p className="mt-3 whitespace-pre-wrap break-words">{post.content}</p>
      {post.imageUrl ? (
        <ResponsiveImage
          src={post.imageUrl}
          alt={`Image shared by ${post.user.displayName}`}
          sizes="(min-width: 768px) 42rem, 100vw"
          className="mt-3 h-auto max-h-[28rem] w-full rounded-lg border border-border object-cover"
        />
      ) : null}

      <div className="mt-4 flex items-center gap-2 border-t border-border pt-3">
        {interactive ? (
          <>
            <Button
              variant="ghost"
              size="sm"
              onClick={onLike}
              disabled={likePending}
              aria-pressed={post.likedByMe}
              aria-label={`Like (${post.likesCount})`}
              className={cn(post.likedByMe && "text-rose-600 dark:text-rose-400")}
            >
              <Heart aria-hidden="true" className={cn(post.likedByMe && "fill-current")} />
              {post.likesCount}
            </Button>
            <Button variant="ghost" size="sm" onClick={onOpen} aria-label={`Comment (${post.commentsCount})`}>
              <MessageCircle aria-hidden="true" />
              {post.commentsCount}
            </Button>
          </>
        ) : (
          <p className="flex items-center gap-4 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <Heart className="size-4" aria-hidden="true" />
              {post.likesCount} {post.likesCount === 1 ? "like" : "likes"}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <MessageCircle className="size-4" aria-hidden="true" />
              {post.commentsCount} {post.commentsCount === 1 ? "comment" : "comments"}
            </span>
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * A post's options (Report post, Delete post). As with the media menus, Radix's menu and its code are loaded and
 * mounted on first use, open: a feed shows one per post, and together they were 25 KiB of the community's first load
 * and a mount each right after the page was taken over (issue 9). Until then the button only looks and reads like the
 * menu's trigger; a mouse opens it on press, and a tap, Enter, Space or Arrow Down on release.
 */
function PostMenu(props: PostMenuProps) {
  return (
    <MenuOnUse
      load={loadPostMenu}
      trigger={
        <Button variant="ghost" size="icon" aria-label="Post options">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      }
    >
      {(trigger) => <PostMenuDropdown {...props} trigger={trigger} />}
    </MenuOnUse>
  );
}
