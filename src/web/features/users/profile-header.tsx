import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ArrowLeft, Crown, MessageSquare, Pencil, Settings, Share2 } from "lucide-react";
import type { User } from "@shared/contracts/users";
import { formatLongDate } from "@shared/format";
import { messages } from "@shared/messages";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { BlockButton } from "@web/features/safety/block-button";
import { ReportMemberButton } from "@web/features/moderation/report-member-button";
import { Card } from "@web/components/ui/card";
import { toast } from "@web/lib/use-toast";
import { AvatarUpload } from "./avatar-upload";
import { ProfileEditForm } from "./profile-edit-form";

/** A profile's header (spec §2): avatar, name, badge, bio, counts, and Edit Profile or Message and Share Profile. */
export function ProfileHeader({ profile, own }: { profile: User; own: boolean }) {
  const [editing, setEditing] = useState(false);
  const [, navigate] = useLocation();

  const handleShare = async () => {
    const url = `${window.location.origin}/profile/${profile.id}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Copied!", description: "Profile link copied to clipboard." });
    } catch {
      toast({ title: "Share Profile", description: url });
    }
  };

  const handleBack = () => {
    if (window.history.length > 1) window.history.back();
    else navigate("/community");
  };

  return (
    <Card className="p-6">
      {!own ? (
        <Button variant="ghost" size="sm" onClick={handleBack} className="-mt-2 -ml-2 mb-3">
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      ) : null}
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="flex flex-col items-center gap-3">
          <UserAvatar displayName={profile.displayName} imageUrl={profile.profileImageUrl} size="xl" />
          {own ? <AvatarUpload profile={profile} /> : null}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{profile.displayName}</h1>
            {profile.accountType === "premium" ? (
              <Badge variant="warm">
                <Crown className="size-3" aria-hidden="true" />
                Premium Member
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">@{profile.username}</p>
          <p className="mt-3 whitespace-pre-wrap">{profile.bio || <span className="text-muted-foreground">{messages.noBio}</span>}</p>
          <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <div className="flex gap-1.5">
              <dt className="sr-only">Posts</dt>
              <dd>
                <span className="font-semibold">{profile.postCount}</span>{" "}
                <span className="text-muted-foreground">{profile.postCount === 1 ? "Post" : "Posts"}</span>
              </dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="sr-only">Favorites</dt>
              <dd>
                <span className="font-semibold">{profile.favoriteCount}</span>{" "}
                <span className="text-muted-foreground">{profile.favoriteCount === 1 ? "Favorite" : "Favorites"}</span>
              </dd>
            </div>
            <div>
              <dt className="sr-only">Joined</dt>
              <dd className="text-muted-foreground">Member since {formatLongDate(profile.createdAt)}</dd>
            </div>
          </dl>
          {own && editing ? <ProfileEditForm profile={profile} onDone={() => setEditing(false)} /> : null}
          <div className="mt-5 flex flex-wrap gap-2">
            {own ? (
              !editing ? (
                <>
                  <Button onClick={() => setEditing(true)}>
                    <Pencil aria-hidden="true" />
                    Edit Profile
                  </Button>
                  <Button asChild variant="outline">
                    <Link href="/settings">
                      <Settings aria-hidden="true" />
                      Settings
                    </Link>
                  </Button>
                </>
              ) : null
            ) : (
              <>
                <Button onClick={() => navigate(`/chat?user=${profile.id}`)}>
                  <MessageSquare aria-hidden="true" />
                  Message
                </Button>
                <Button variant="outline" onClick={() => void handleShare()}>
                  <Share2 aria-hidden="true" />
                  Share Profile
                </Button>
                <BlockButton userId={profile.id} displayName={profile.displayName} />
                <ReportMemberButton userId={profile.id} displayName={profile.displayName} />
              </>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
