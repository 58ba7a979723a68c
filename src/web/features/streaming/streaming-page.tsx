import { lazy } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CalendarClock, CalendarPlus, Headphones, MapPin, MonitorPlay, Video } from "lucide-react";
import type { StreamService } from "@shared/contracts/streaming";
import { formatDuration } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { PageHeader } from "@web/components/layout/page-header";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ErrorState } from "@web/components/ui/error-state";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton, SkeletonList } from "@web/components/ui/skeleton";
import { formatEventTime } from "@web/features/events/use-events";
import { useAuth } from "@web/features/auth/use-auth";
import { callRoute, routeQuery, routeUrl } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { formatCountdown } from "./countdown";
import { LiveChat } from "./live-chat";
import { LivePlayer } from "./live-player";
import { useLiveState, useNow } from "./use-live-state";
import { ResponsiveImage } from "@web/components/ui/responsive-image";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

const StreamingAdmin = lazy(() => import("./streaming-admin").then((module) => ({ default: module.StreamingAdmin })));

const serviceIcsUrl = (id: number) => routeUrl("GET /api/streaming/services/:id(^\\d+).ics", { params: { id } });
const formatServiceTime = (service: StreamService) =>
  new Date(service.startTime).toLocaleString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/**
 * Remind Me: the calendar file downloads, and a signed-in member is also reminded by a notification (a push where
 * they allowed them) shortly before the service starts.
 */
export function useRemindMe(service: StreamService | null) {
  const { user } = useAuth();
  const remind = useMutation({
    mutationFn: (id: number) => callRoute("POST /api/streaming/services/:id/remind", { params: { id } }),
    onSuccess: () => toast({ title: "Reminder Set", description: "We'll notify you shortly before the service starts." }),
  });
  return () => {
    if (user && service) remind.mutate(service.id);
  };
}

/** Nothing is live: the next scheduled service, counting down, with its calendar file. */
function NextService({ service }: { service: StreamService }) {
  const now = useNow(true);
  const remind = useRemindMe(service);
  const left = Date.parse(service.startTime) - now;
  return (
    <Card className="overflow-hidden" aria-label="Next service">
      <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        {service.thumbnailUrl ? (
          <ResponsiveImage
            src={service.thumbnailUrl}
            alt=""
            sizes="(min-width: 640px) 12rem, 100vw"
            className="aspect-video w-full rounded-lg object-cover sm:w-48"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Badge variant="soft" className="self-start">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            Next service
          </Badge>
          <h2 className="text-xl font-semibold">{service.title}</h2>
          <p className="text-sm text-muted-foreground">
            <time dateTime={service.startTime}>{formatServiceTime(service)}</time>
          </p>
          <p className="text-lg font-semibold tabular-nums" role="timer" aria-label="Starts in">
            {left > 0 ? `Starts in ${formatCountdown(left)}` : "Starting soon"}
          </p>
          {service.description ? <p className="text-sm text-muted-foreground">{service.description}</p> : null}
        </div>
        <Button asChild variant="outline" className="self-start">
          <a href={serviceIcsUrl(service.id)} download aria-label={`Remind me of ${service.title}`} onClick={remind}>
            <CalendarPlus aria-hidden="true" />
            Remind Me
          </a>
        </Button>
      </div>
    </Card>
  );
}

/** The chat beside the service while one is live. */
function LiveChatSlot() {
  const live = useLiveState().data?.live;
  return live ? <LiveChat live={live} /> : null;
}

/** The schedule of streamed services. */
function StreamSchedule() {
  const services = useQuery(routeQuery("GET /api/streaming/services"));
  if (!services.data || services.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Live Schedule</h2>
        <CardDescription>Services streamed here live.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border">
          {services.data.map((service) => (
            <li key={service.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <p className="font-medium">{service.title}</p>
              <p className="text-sm text-muted-foreground">
                <time dateTime={service.startTime}>{formatServiceTime(service)}</time>
              </p>
              <a className="text-sm text-primary underline-offset-4 hover:underline" href={serviceIcsUrl(service.id)} download>
                Add {service.title} to your calendar
              </a>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Live when a broadcast is received; otherwise the next service and the latest replay. */
function LiveOrSchedule() {
  const state = useLiveState();
  const live = state.data?.live;
  // The server's clock minus ours, as of the answer (a premiere's position is measured on the server's clock).
  const serverOffsetMs = state.data ? Date.parse(state.data.serverTime) - state.dataUpdatedAt : 0;
  if (live)
    return (
      <Card className="overflow-hidden">
        <LivePlayer broadcast={live} serverOffsetMs={serverOffsetMs} />
        <CardHeader>
          <CardTitle className="text-xl">{live.title}</CardTitle>
          <CardDescription>{live.kind === "premiere" ? "Premiering now." : "Streaming live from the sanctuary."}</CardDescription>
        </CardHeader>
      </Card>
    );
  return (
    <div className="flex flex-col gap-4">
      {state.data?.next ? <NextService service={state.data.next} /> : null}
      <ServiceStream />
    </div>
  );
}

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
              {relativeTime(replay.createdAt)} · {formatDuration(replay.duration)}
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

/** /streaming (Content Streaming): the live service (or the next one and a replay), the schedule and the library. */
export function StreamingPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title="Content Streaming"
        icon={MonitorPlay}
        description="Watch the Sunday service, catch up on a replay, and find every sermon and podcast in the library."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section aria-label="Service stream">
          <LiveOrSchedule />
        </section>
        <div className="flex flex-col gap-6">
          <LiveChatSlot />
          <StreamSchedule />
          <UpcomingServices />
        </div>
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
      {user?.role === "admin" ? (
        <BrowserSuspense fallback={null}>
          <StreamingAdmin />
        </BrowserSuspense>
      ) : null}
    </>
  );
}
