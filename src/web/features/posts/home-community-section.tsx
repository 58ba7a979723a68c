import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ChevronRight, Heart, MessageCircle } from "lucide-react";
import { HOME_COUNTS } from "@shared/constants";
import { authorLabel } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { UserAvatar } from "@web/components/ui/avatar";
import { Card } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { routeQuery } from "@web/lib/api";

/** The home dashboard's Community section: the first 2 posts, each linking to its comments. */
export function HomeCommunitySection() {
  const query = useQuery(routeQuery("GET /api/posts", { query: { limit: HOME_COUNTS.posts } }));
  return (
    <section aria-labelledby="home-community" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h2 id="home-community" className="text-xl font-bold tracking-tight">
          Community
        </h2>
        <Link href="/community" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          View all
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <QueryState
        query={query}
        loading={<SkeletonList count={HOME_COUNTS.posts} className="gap-4 md:grid-cols-2" itemClassName="h-40 rounded-xl" />}
        error="The community posts could not be loaded."
        isEmpty={(posts) => posts.length === 0}
        empty={
          <Card className="p-6 text-center text-muted-foreground">
            No posts yet.{" "}
            <Link href="/community" className="font-medium text-primary hover:underline">
              Start the conversation
            </Link>
          </Card>
        }
      >
        {(posts) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {posts.slice(0, HOME_COUNTS.posts).map((post) => (
              <li key={post.id}>
                <Card className="flex h-full flex-col gap-3 p-5">
                  <div className="flex items-center gap-3">
                    <UserAvatar displayName={post.user.displayName} imageUrl={post.user.profileImageUrl} />
                    <div className="min-w-0">
                      <h3 className="truncate font-semibold leading-tight">
                        <Link href={`/profile/${post.user.id}`} className="hover:underline">
                          {post.user.displayName}
                        </Link>
                      </h3>
                      <p className="text-sm text-muted-foreground">
                        {authorLabel(post.user.displayName)} · <time dateTime={post.createdAt}>{relativeTime(post.createdAt)}</time>
                      </p>
                    </div>
                  </div>
                  <p className="line-clamp-4 whitespace-pre-wrap break-words">{post.content}</p>
                  <div className="mt-auto flex items-center gap-4 border-t border-border pt-3 text-sm text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <Heart className="size-4" aria-hidden="true" />
                      {post.likesCount} {post.likesCount === 1 ? "like" : "likes"}
                    </span>
                    {post.commentsCount > 0 ? (
                      <Link
                        href={`/community/${post.id}`}
                        className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
                      >
                        <MessageCircle className="size-4" aria-hidden="true" />
                        View {post.commentsCount} comments
                      </Link>
                    ) : (
                      <Link
                        href={`/community/${post.id}`}
                        className="inline-flex items-center gap-1.5 hover:text-foreground hover:underline"
                      >
                        <MessageCircle className="size-4" aria-hidden="true" />
                        Write a comment
                      </Link>
                    )}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
