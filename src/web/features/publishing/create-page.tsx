import type { LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { CirclePlus, ListMusic, MessageSquarePlus, Upload, Video } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { useAuth } from "@web/features/auth/use-auth";
import { MyPublishedMedia } from "./my-published-media";
import { PublishMediaForm } from "./publish-media-form";

const actions: { title: string; text: string; href: string; cta: string; icon: LucideIcon }[] = [
  {
    title: "Share a post",
    text: "A prayer request, a testimony or encouragement for the community.",
    href: "/community",
    cta: "Go to Community",
    icon: MessageSquarePlus,
  },
  {
    title: "Start a conference",
    text: "Open a video room and share its six-character code with your group.",
    href: "/video-conference",
    cta: "Start a Conference",
    icon: Video,
  },
  {
    title: "Create a playlist",
    text: "Gather songs, sermons and episodes for your week or your small group.",
    href: "/playlists",
    cta: "Create a Playlist",
    icon: ListMusic,
  },
];

/** /create: the places to create something, and for creators and admins the form that publishes media. */
export function CreatePage() {
  const { user } = useAuth();
  const canPublish = user?.role === "creator" || user?.role === "admin";

  return (
    <>
      <PageHeader
        title="Create"
        icon={CirclePlus}
        description="Share something new with your church family: a post, a conference, a playlist, or a sermon, song or podcast episode."
      />
      <div className="grid gap-4 md:grid-cols-3">
        {actions.map((action) => (
          <Card key={action.href} className="flex flex-col p-5">
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
              <action.icon className="size-5" aria-hidden="true" />
            </span>
            <h2 className="mt-3 font-semibold">{action.title}</h2>
            <p className="mt-1 flex-1 text-sm text-muted-foreground">{action.text}</p>
            <Button asChild variant="outline" size="sm" className="mt-4 self-start">
              <Link href={action.href}>{action.cta}</Link>
            </Button>
          </Card>
        ))}
      </div>

      <section aria-labelledby="publish-media-heading" className="mt-8">
        <Card>
          <CardHeader>
            <h2 id="publish-media-heading" className="flex items-center gap-2 text-lg font-semibold leading-tight">
              <Upload className="size-5" aria-hidden="true" />
              Publish media
            </h2>
            <CardDescription>
              {canPublish
                ? "Upload a sermon, a song or a podcast episode. It appears in the library as soon as it's published."
                : "Sermons, worship music and podcast episodes are published by the church's media team."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {canPublish ? (
              <PublishMediaForm />
            ) : (
              <div className="flex flex-col gap-3 text-sm">
                <p>
                  Members with the <strong>creator</strong> or <strong>admin</strong> role can publish media: pastors, worship leaders and
                  the volunteers who record services. If you serve in a ministry that records teaching or music and would like to share it
                  here, the church office can give your account the creator role.
                </p>
                <Button asChild className="self-start">
                  <Link href="/contact">Ask the church office</Link>
                </Button>
                {!user ? (
                  <p className="text-muted-foreground">
                    <Link href="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
                      Sign in
                    </Link>{" "}
                    to share posts, start conferences and create playlists.
                  </p>
                ) : null}
              </div>
            )}
          </CardContent>
        </Card>
      </section>
      {canPublish && user ? <MyPublishedMedia userId={user.id} /> : null}
    </>
  );
}
