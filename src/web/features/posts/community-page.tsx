import { useLocation, useParams } from "wouter";
import { ArrowLeft, Users } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { useAuth } from "@web/features/auth/use-auth";
import { CommunitySidebar } from "./community-sidebar";
import { Composer } from "./composer";
import { Feed } from "./feed";
import { LazyPostThread as PostThread } from "./lazy-post-thread";
import { PostNotFound } from "./lazy-post-thread";
import { PostSkeletons } from "./post-skeletons";
import { SignedOutCommunity } from "./signed-out-community";

/** A post's detail view for a member: Back to Feed, Post Details, the post and its comments. */
function PostDetail({ postId, viewerId, canModerate }: { postId: number; viewerId: number; canModerate: boolean }) {
  const [, navigate] = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" onClick={() => navigate("/community")} className="-ml-3">
          <ArrowLeft aria-hidden="true" />
          Back to Feed
        </Button>
      </div>
      <h2 className="text-xl font-semibold">Post Details</h2>
      <PostThread postId={postId} viewer={{ id: viewerId, canModerate, afterDelete: () => navigate("/community") }} />
    </div>
  );
}

/** /community and /community/{id}: the feed and a post's detail view. */
export function CommunityPage() {
  const { id } = useParams<{ id?: string }>();
  const { user, loading } = useAuth();
  const postId = id && /^\d+$/.test(id) ? Number(id) : null;
  const canModerate = user?.role === "admin";

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
                <PostDetail key={postId} postId={postId} viewerId={user.id} canModerate={canModerate} />
              ) : (
                <PostNotFound />
              )
            ) : (
              <>
                <Composer displayName={user.displayName} imageUrl={user.profileImageUrl} />
                <Feed viewerId={user.id} canModerate={canModerate} />
              </>
            )}
          </div>
          <CommunitySidebar canModerate={canModerate} />
        </div>
      )}
    </>
  );
}
