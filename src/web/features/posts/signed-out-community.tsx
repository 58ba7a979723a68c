import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { UserPlus } from "lucide-react";
import { HOME_COUNTS } from "@shared/constants";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { SignInPrompt } from "@web/components/ui/sign-in-prompt";
import { routeQuery } from "@web/lib/api";
import { PostCard } from "./post-card";
import { PostSkeletons } from "./post-skeletons";
import { LazyPostThread as PostThread } from "./lazy-post-thread";

/**
 * Signed out: Sign In Required, a preview of the first 2 posts, and Join Our Community (spec §2);
 * a link to one post (/community/{id}) shows that post and its comments instead of the preview.
 */
export function SignedOutCommunity({ postId }: { postId: number | null }) {
  // The home page's Community section asks for the same 2 posts, so the preview shares its cache.
  const preview = useQuery({ ...routeQuery("GET /api/posts", { query: { limit: HOME_COUNTS.posts } }), enabled: postId === null });
  return (
    <div className="flex flex-col gap-6">
      <SignInPrompt reason="Sign in to post, like and comment with the community." className="max-w-none" />
      {postId !== null ? (
        <section aria-labelledby="community-post" className="flex flex-col gap-4">
          <h2 id="community-post" className="text-lg font-semibold">
            Post Details
          </h2>
          <PostThread postId={postId} />
        </section>
      ) : (
        <section aria-labelledby="community-preview" className="flex flex-col gap-4">
          <h2 id="community-preview" className="text-lg font-semibold">
            Recent Posts
          </h2>
          <QueryState
            query={preview}
            loading={<PostSkeletons count={HOME_COUNTS.posts} />}
            error="The posts could not be loaded."
            isEmpty={(posts) => posts.length === 0}
            empty={
              <Card className="p-8 text-center">
                <h3 className="text-lg font-semibold">No Posts Yet</h3>
              </Card>
            }
          >
            {(posts) => posts.slice(0, HOME_COUNTS.posts).map((post) => <PostCard key={post.id} post={post} headingLevel="h3" />)}
          </QueryState>
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
