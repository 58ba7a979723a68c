import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { House } from "lucide-react";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { ErrorState } from "@web/components/ui/error-state";
import { SignInPrompt } from "@web/components/ui/sign-in-prompt";
import { useAuth } from "@web/features/auth/use-auth";
import { ApiRequestError, routeQuery } from "@web/lib/api";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { ProfileHeader } from "./profile-header";
import { ProfileTabs } from "./profile-tabs";

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex min-h-[40vh] items-center justify-center">{children}</div>;
}

const loadingProfile = <p className="py-12 text-center text-muted-foreground">Loading profile...</p>;

/** /profile/{id}, or the signed-in member's own profile without an id (spec §2, §4). */
export function ProfilePage() {
  const { id } = useParams<{ id?: string }>();
  const { user, loading } = useAuth();
  const profileId = id ?? (user ? String(user.id) : undefined);
  const validId = profileId !== undefined && /^\d+$/.test(profileId);
  const profile = useQuery({
    ...routeQuery("GET /api/users/:id", { params: { id: Number(profileId) } }),
    enabled: Boolean(user) && validId,
  });
  useDocumentTitle(profile.data ? profile.data.displayName : "Profile");

  if (loading && !user) return loadingProfile;
  if (!user) {
    return (
      <Centered>
        <SignInPrompt as="h1" reason="Please sign in to view member profiles." />
      </Centered>
    );
  }
  const notFound = !validId || (profile.error instanceof ApiRequestError && profile.error.status === 404);
  if (notFound) {
    return (
      <Centered>
        <Card className="w-full max-w-md p-8 text-center">
          <h1 className="text-2xl font-bold">{messages.userNotFoundTitle}</h1>
          <p className="mt-2 text-muted-foreground">{messages.userNotFound}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link href="/">
                <House aria-hidden="true" />
                Back to Home
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/community">Go to Community</Link>
            </Button>
          </div>
        </Card>
      </Centered>
    );
  }
  if (profile.data === undefined) {
    if (!profile.isError) return loadingProfile;
    return (
      <Centered>
        <div className="flex w-full max-w-md flex-col gap-4">
          <h1 className="text-2xl font-bold">Profile Unavailable</h1>
          <ErrorState title="The profile could not be loaded." onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
        </div>
      </Centered>
    );
  }

  const own = profile.data.id === user.id;
  // The own profile shows the signed-in record (it carries the email and follows edits at once).
  const shown = own
    ? { ...profile.data, ...user, postCount: profile.data.postCount, favoriteCount: profile.data.favoriteCount }
    : profile.data;
  return (
    <div className="flex flex-col gap-6">
      <ProfileHeader key={shown.id} profile={shown} own={own} />
      <ProfileTabs profile={shown} own={own} />
    </div>
  );
}
