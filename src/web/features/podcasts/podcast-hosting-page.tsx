import { lazy } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { BarChart3, CheckCircle2, FileAudio, Mic, Radio, Share2, Upload } from "lucide-react";
import { PAGE_LIMIT_MAX } from "@shared/constants";
import { formatDuration } from "@shared/format";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { useAuth } from "@web/features/auth/use-auth";
import { routeQuery } from "@web/lib/api";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

const SermonsFeedSettings = lazy(() =>
  import("@web/features/feeds/show-settings").then((module) => ({ default: module.SermonsFeedSettings })),
);

const steps = [
  { icon: Mic, title: "Record", text: "Record with any microphone or phone. Aim for a quiet room and speak close to the mic." },
  {
    icon: Upload,
    title: "Upload",
    text: "Publish the episode from Create with a title, a description and cover art. We read its length from the file.",
  },
  {
    icon: Share2,
    title: "Share",
    text: "Episodes stream instantly to every member, with seeking, playback speed and resume where they stopped.",
  },
  {
    icon: BarChart3,
    title: "Grow",
    text: "See plays and likes per episode, and let members subscribe to your show to hear about new episodes.",
  },
];

const formats = ["MP3 (audio/mpeg)", "M4A / AAC", "OGG / Opus", "WAV", "FLAC", "MP4 video for video podcasts"];

/** /podcasts/host: how a ministry publishes its podcast here, with the library's real numbers. */
export function PodcastHostingPage() {
  const episodes = useQuery(routeQuery("GET /api/content/media", { query: { type: "podcast", limit: PAGE_LIMIT_MAX } }));
  const shows = useQuery(routeQuery("GET /api/content/categories", { query: { type: "podcast" } }));
  const list = episodes.data ?? [];
  const { user } = useAuth();
  const plays = list.reduce((sum, item) => sum + item.playCount, 0);
  const minutes = Math.round(list.reduce((sum, item) => sum + item.duration, 0) / 60);
  const stats = [
    { label: "Shows", value: shows.data?.length ?? "–" },
    { label: "Episodes", value: episodes.data ? list.length : "–" },
    { label: "Plays", value: episodes.data ? plays.toLocaleString("en-US") : "–" },
    { label: "Minutes of listening", value: episodes.data ? minutes.toLocaleString("en-US") : "–" },
  ];

  return (
    <>
      <PageHeader
        title="Podcast Hosting"
        icon={Radio}
        description="Publish your ministry's podcast: upload episodes, reach the community and see who is listening."
        actions={
          <Button asChild>
            <Link href="/create">
              <Upload aria-hidden="true" />
              Publish an Episode
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-10">
        <section aria-labelledby="hosting-stats">
          <h2 id="hosting-stats" className="sr-only">
            The podcast library today
          </h2>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {stats.map((stat) => (
              <Card key={stat.label} className="p-5">
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="mt-1 text-3xl font-bold tabular-nums">{stat.value}</dd>
              </Card>
            ))}
          </dl>
        </section>

        <section aria-labelledby="hosting-steps">
          <h2 id="hosting-steps" className="mb-4 text-xl font-bold tracking-tight">
            How it works
          </h2>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title}>
                <Card className="h-full p-5">
                  <span className="mb-3 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <p className="font-semibold">
                    {index + 1}. {title}
                  </p>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </Card>
              </li>
            ))}
          </ol>
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-lg">
                <FileAudio className="size-5 text-primary" aria-hidden="true" />
                Supported formats
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2 text-sm">
                {formats.map((format) => (
                  <li key={format} className="flex items-center gap-2">
                    <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
                    {format}
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-sm text-muted-foreground">
                Publishing is open to members with the creator role. Ask your church administrator, or{" "}
                <Link href="/contact" className="text-primary underline underline-offset-4">
                  contact us
                </Link>
                .
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Shows on {`Gathering`}</CardTitle>
            </CardHeader>
            <CardContent>
              <QueryState
                query={shows}
                loading={<SkeletonList count={3} itemClassName="h-10 w-full" />}
                error="The shows could not be loaded."
                isEmpty={(all) => all.length === 0}
                empty={<p className="text-sm text-muted-foreground">No shows yet — yours could be the first.</p>}
              >
                {(all) => (
                  <ul className="grid gap-3">
                    {all.map((show) => {
                      const showEpisodes = list.filter((item) => item.categoryId === show.id);
                      return (
                        <li key={show.id} className="flex items-start justify-between gap-3">
                          <span>
                            <span className="block font-medium">{show.name}</span>
                            <span className="line-clamp-1 text-sm text-muted-foreground">{show.description}</span>
                          </span>
                          <span className="shrink-0 text-right text-xs text-muted-foreground">
                            {showEpisodes.length} {showEpisodes.length === 1 ? "episode" : "episodes"}
                            <br />
                            {formatDuration(showEpisodes.reduce((sum, item) => sum + item.duration, 0))} total
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </QueryState>
            </CardContent>
          </Card>
        </div>
      </div>
      {user?.role === "admin" ? (
        <BrowserSuspense fallback={null}>
          <div className="mt-10">
            <SermonsFeedSettings />
          </div>
        </BrowserSuspense>
      ) : null}
      <div className="mt-10" />
      <RelatedLinks
        links={[
          { label: "Podcasts", href: "/podcasts", description: "Faith conversations and teaching" },
          { label: "Create", href: "/create", description: "Share something new" },
          { label: "Advertise", href: "/advertise", description: "Reach a faith community" },
        ]}
      />
    </>
  );
}
