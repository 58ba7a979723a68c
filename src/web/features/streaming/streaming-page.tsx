import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CalendarPlus, Headphones, MapPin, MonitorPlay, Video } from "lucide-react";
import { formatDuration, formatRelativeTime } from "@shared/format";
import { PageHeader } from "@web/components/layout/page-header";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ErrorState } from "@web/components/ui/error-state";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton, SkeletonList } from "@web/components/ui/skeleton";
import { formatEventTime } from "@web/features/events/use-events";
import { routeQuery, routeUrl } from "@web/lib/api";

/** The service stream: the latest sermon with video, as a replay. */
function ServiceStream() {
  const sermons = useQuery(routeQuery("GET /api/content/media", { query: { type: "sermon" } }));
  const replay = sermons.data?.find((item) => item.mimeType.startsWith("video/"));

  return (
    <Card className="overflow-hidden">
      {sermons.isError && !sermons.data ? (
        <ErrorState
          title="The stream could not be loaded."
          onRetry={() => void sermons.refetch()}
          retrying={sermons.isFetching}
          className="aspect-video justify-center rounded-none border-0"
        />
      ) : sermons.isPending ? (
        <Skeleton className="aspect-video w-full rounded-none" />
      ) : replay ? (
        <video
          key={replay.id}
          className="aspect-video w-full bg-black"
          src={replay.mediaUrl}
          poster={replay.thumbnailUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={`Replay: ${replay.title}`}
        />
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-muted p-6 text-center text-muted-foreground">
          <Video className="size-10" aria-hidden="true" />
          <p>No service recording is available yet.</p>
        </div>
      )}
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">Replay</Badge>
          {replay ? (
            <span className="text-sm text-muted-foreground">
              {formatRelativeTime(replay.createdAt)} · {formatDuration(replay.duration)}
            </span>
          ) : null}
        </div>
        <CardTitle className="text-xl">{replay ? replay.title : "Sunday Worship Service"}</CardTitle>
        <CardDescription>
          {replay
            ? `${replay.artist ? `${replay.artist} · ` : ""}${replay.description}`
            : "Services are streamed here live; between services the latest sermon plays as a replay."}
        </CardDescription>
      </CardHeader>
      {replay ? (
        <CardContent>
          <Button asChild variant="outline" size="sm">
            <Link href={`/sermons?play=${replay.id}`}>Open in Sermons</Link>
          </Button>
        </CardContent>
      ) : null}
    </Card>
  );
}

function UpcomingServices() {
  const events = useQuery(routeQuery("GET /api/events", { query: { upcoming: "true" } }));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Upcoming Services</h2>
        <CardDescription>Add a service to your calendar and we'll remind you an hour before.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={events}
          loading={<SkeletonList count={3} className="gap-3" itemClassName="h-16 w-full" />}
          error="Upcoming services could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted-foreground">No services are scheduled yet.</p>}
        >
          {(list) => (
            <ul className="flex flex-col divide-y divide-border">
              {list.slice(0, 5).map((event) => (
                <li key={event.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
                  <p className="font-medium">{event.title}</p>
                  <p className="text-sm text-muted-foreground">
                    <time dateTime={event.startTime}>{formatEventTime(event)}</time>
                  </p>
                  {event.location ? (
                    <p className="flex items-center gap-1 text-sm text-muted-foreground">
                      <MapPin className="size-3.5" aria-hidden="true" />
                      {event.location}
                    </p>
                  ) : null}
                  <Button asChild variant="outline" size="sm" className="self-start">
                    <a
                      href={routeUrl("GET /api/events/:id(^\\d+).ics", { params: { id: event.id } })}
                      download
                      aria-label={`Add ${event.title} to calendar`}
                    >
                      <CalendarPlus aria-hidden="true" />
                      Add to Calendar
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** /streaming (Content Streaming): the service stream, upcoming services and the library. */
export function StreamingPage() {
  return (
    <>
      <PageHeader
        title="Content Streaming"
        icon={MonitorPlay}
        description="Watch the Sunday service, catch up on a replay, and find every sermon and podcast in the library."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section aria-label="Service stream">
          <ServiceStream />
        </section>
        <UpcomingServices />
      </div>
      <section aria-labelledby="library-title" className="mt-8">
        <h2 id="library-title" className="mb-3 text-lg font-semibold">
          From the library
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Link href="/sermons" className="group rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <Card className="flex items-center gap-4 p-5 transition-colors group-hover:bg-accent">
              <span className="flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                <Video className="size-6" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">Sermons</span>
                <span className="block text-sm text-muted-foreground">Every message, by series and speaker</span>
              </span>
            </Card>
          </Link>
          <Link href="/podcasts" className="group rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <Card className="flex items-center gap-4 p-5 transition-colors group-hover:bg-accent">
              <span className="flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                <Headphones className="size-6" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">Podcasts</span>
                <span className="block text-sm text-muted-foreground">Devotionals and conversations for the week</span>
              </span>
            </Card>
          </Link>
        </div>
      </section>
    </>
  );
}
