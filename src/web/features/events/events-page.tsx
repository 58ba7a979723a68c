import { lazy, useEffect, useState } from "react";
import { formatShortMonth } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, CalendarPlus, Clock, Copy, MapPin, Pencil, Plus, Rss, Users, X } from "lucide-react";
import type { ChurchEvent } from "@shared/contracts/events";
import { PageHeader } from "@web/components/layout/page-header";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { toast } from "@web/lib/use-toast";
import { useAbsoluteUrl } from "@web/lib/use-absolute-url";
import { MyScheduleCard } from "./my-schedule-card";
import { RsvpButtons } from "./rsvp-buttons";
import { calendarFeedUrl, eventIcsUrl, formatEventTime, pastEventsQuery, upcomingEventsQuery, useCancelEvent } from "./use-events";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// An event's details and its form are dialogs: Radix's dialog (focus scope, scroll lock) loads when one first opens,
// and is fetched once the page runs so that the first opening does not wait for it (issue 9).
const loadDialogs = () => import("./event-dialogs");
const EventDetailsDialog = lazy(async () => ({ default: (await loadDialogs()).EventDetailsDialog }));
const EventEditDialog = lazy(async () => ({ default: (await loadDialogs()).EventEditDialog }));

function EventCard({ event, past, onOpen, onEdit }: { event: ChurchEvent; past: boolean; onOpen: () => void; onEdit?: () => void }) {
  const cancel = useCancelEvent();
  const start = new Date(event.startTime);
  return (
    <Card id={`event-${event.id}`} className="flex flex-col gap-4 p-5 sm:flex-row">
      <div
        className="flex size-16 shrink-0 flex-col items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground"
        aria-hidden="true"
      >
        <span className="text-xs font-semibold uppercase">{formatShortMonth(start)}</span>
        <span className="text-2xl font-bold leading-none">{start.getDate()}</span>
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold leading-tight">
          <button type="button" onClick={onOpen} className="cursor-pointer text-left hover:underline">
            {event.title}
          </button>
        </h2>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          <time dateTime={event.startTime}>{formatEventTime(event)}</time>
        </p>
        {event.location ? (
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {event.location}
          </p>
        ) : null}
        {event.description ? <p className="mt-2 line-clamp-2 text-sm">{event.description}</p> : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Badge variant="soft">
            <Users className="size-3" aria-hidden="true" />
            {event.goingCount} going
          </Badge>
          {!past ? <RsvpButtons event={event} /> : null}
          <Button asChild variant="ghost" size="sm">
            <a href={eventIcsUrl(event.id)} download>
              <CalendarPlus aria-hidden="true" />
              Add to Calendar<span className="sr-only">: {event.title}</span>
            </a>
          </Button>
          {onEdit ? (
            <>
              <Button variant="ghost" size="sm" onClick={onEdit}>
                <Pencil aria-hidden="true" />
                Edit<span className="sr-only"> {event.title}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive"
                disabled={cancel.isPending}
                onClick={() => {
                  if (window.confirm(`Cancel "${event.title}"? Members will see it as cancelled.`)) cancel.mutate(event.id);
                }}
              >
                <X aria-hidden="true" />
                Cancel Event<span className="sr-only">: {event.title}</span>
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function EventList({
  past,
  onOpen,
  onEdit,
}: {
  past: boolean;
  onOpen: (event: ChurchEvent) => void;
  onEdit?: (event: ChurchEvent) => void;
}) {
  const events = useQuery(past ? pastEventsQuery() : upcomingEventsQuery());
  return (
    <QueryState
      query={events}
      loading={<SkeletonList count={2} className="gap-4" itemClassName="h-32 rounded-xl" />}
      error="The events could not be loaded."
      isEmpty={(list) => list.length === 0}
      empty={
        <Card className="p-8 text-center">
          <h2 className="text-lg font-semibold">{past ? "No Past Events" : "No Upcoming Events"}</h2>
          <p className="mt-1 text-muted-foreground">
            {past ? "Events that have ended will appear here." : "Check back soon for new gatherings."}
          </p>
        </Card>
      }
    >
      {(list) => (
        <div className="grid gap-4">
          {list.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              past={past}
              onOpen={() => onOpen(event)}
              onEdit={onEdit ? () => onEdit(event) : undefined}
            />
          ))}
        </div>
      )}
    </QueryState>
  );
}

function SubscribeCard() {
  const feedUrl = useAbsoluteUrl(calendarFeedUrl());
  const webcalUrl = feedUrl.replace(/^https?:/, "webcal:");
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(feedUrl);
      toast({ title: "Copied!", description: "Calendar feed link copied to clipboard." });
    } catch {
      toast({ title: "Error", description: "Could not copy the link.", variant: "destructive" });
    }
  };
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="flex items-center gap-2 font-semibold">
          <Rss className="size-4 text-primary" aria-hidden="true" />
          Subscribe to the Church Calendar
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Add every upcoming event to your calendar app; it stays up to date on its own.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <a href={webcalUrl}>
            <CalendarDays aria-hidden="true" />
            Subscribe
          </a>
        </Button>
        <Button variant="outline" onClick={() => void handleCopy()}>
          <Copy aria-hidden="true" />
          Copy Feed Link
        </Button>
      </div>
    </Card>
  );
}

/** /events: upcoming and past events, RSVPs, .ics downloads, the calendar feed, and event management for admins. */
export function EventsPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const [selected, setSelected] = useState<ChurchEvent | null>(null);
  const [editing, setEditing] = useState<ChurchEvent | "new" | null>(null);
  const upcomingQuery = useQuery(upcomingEventsQuery());
  const upcoming = upcomingQuery.data;

  useEffect(() => void loadDialogs(), []);

  // /events#event-{id} (linked from home) opens that event's details.
  useEffect(() => {
    const match = /^#event-(\d+)$/.exec(window.location.hash);
    if (!match || !upcoming) return;
    const found = upcoming.find((event) => event.id === Number(match[1]));
    if (found) setSelected(found);
  }, [upcoming]);

  const current = selected ? (upcoming?.find((event) => event.id === selected.id) ?? selected) : null;

  return (
    <>
      <PageHeader
        title="Events"
        icon={CalendarDays}
        description="Upcoming services, Bible studies and gatherings, with their times and places."
        actions={
          isAdmin ? (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" />
              New Event
            </Button>
          ) : undefined
        }
      />
      <div className="flex flex-col gap-6">
        <Tabs defaultValue="upcoming">
          <TabsList>
            <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
            <TabsTrigger value="past">Past Events</TabsTrigger>
          </TabsList>
          <TabsContent value="upcoming">
            <EventList past={false} onOpen={setSelected} onEdit={isAdmin ? setEditing : undefined} />
          </TabsContent>
          <TabsContent value="past">
            <EventList past onOpen={setSelected} />
          </TabsContent>
        </Tabs>
        {/* The calendar cards follow the events, once the list is in: above it or before it they would move when it arrives. */}
        {upcomingQuery.isPending ? null : (
          <>
            <SubscribeCard />
            {user ? <MyScheduleCard /> : null}
          </>
        )}
      </div>

      {current ? (
        <BrowserSuspense fallback={null}>
          <EventDetailsDialog event={current} onClose={() => setSelected(null)} />
        </BrowserSuspense>
      ) : null}
      {editing ? (
        <BrowserSuspense fallback={null}>
          <EventEditDialog editing={editing} onClose={() => setEditing(null)} />
        </BrowserSuspense>
      ) : null}
    </>
  );
}
