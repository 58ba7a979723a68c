import { useEffect, useRef } from "react";
import { LoadMoreButton } from "@web/components/ui/load-more";
import { Card } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { PostCard } from "./post-card";
import { usePostActions } from "./post-actions";
import { PostSkeletons } from "./post-skeletons";
import { FEED_PAGE_SIZE, usePostFeed } from "./use-posts";

/** The feed with infinite scroll: older posts load as the end of the list comes into view. */
export function Feed({ viewerId, canModerate }: { viewerId: number; canModerate: boolean }) {
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

  return (
    <QueryState
      query={feed}
      loading={<PostSkeletons count={3} />}
      error="The feed could not be loaded."
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={
        <Card className="p-8 text-center">
          <h2 className="text-lg font-semibold">No Posts Yet</h2>
          <p className="mt-1 text-muted-foreground">Be the first to share something with the community.</p>
        </Card>
      }
    >
      {(data) => {
        const posts = data.pages.flatMap((page) => page.items);
        return (
          <section aria-label="Community feed" className="flex flex-col gap-4">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} viewerId={viewerId} canModerate={canModerate} {...actions(post)} />
            ))}
            <div ref={sentinel} />
            {hasNextPage ? (
              <LoadMoreButton
                query={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
                label="Load older posts"
                loadingLabel="Loading older posts..."
              />
            ) : posts.length > FEED_PAGE_SIZE ? (
              <p className="text-center text-sm text-muted-foreground">You're all caught up.</p>
            ) : null}
          </section>
        );
      }}
    </QueryState>
  );
}
