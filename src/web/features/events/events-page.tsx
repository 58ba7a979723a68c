import { useEffect, useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CalendarDays, CalendarPlus, Check, Clock, Copy, MapPin, Pencil, Plus, Rss, Users, X } from "lucide-react";
import { CALENDAR_FEED_PATH, type ChurchEvent, eventIcsPath } from "@shared/contracts/events";
import { PageHeader } from "@web/components/layout/page-header";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { errorMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { EVENTS_KEY, formatEventDate, formatEventTime, useCancelEvent, useRsvp, useSaveEvent } from "./use-events";

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short" });

/** A datetime-local value (the browser's local time) for an ISO timestamp. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function EventForm({ event, onDone }: { event?: ChurchEvent; onDone: () => void }) {
  const save = useSaveEvent();
  const ids = { title: useId(), description: useId(), location: useId(), start: useId(), end: useId() };
  const [form, setForm] = useState({
    title: event?.title ?? "",
    description: event?.description ?? "",
    location: event?.location ?? "",
    start: event ? toLocalInput(event.startTime) : "",
    end: event ? toLocalInput(event.endTime) : "",
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: event?.id,
        event: {
          title: form.title,
          description: form.description,
          location: form.location,
          startTime: new Date(form.start).toISOString(),
          endTime: new Date(form.end).toISOString(),
        },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={handleSubmit} className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.title}>Title</Label>
        <Input id={ids.title} value={form.title} onChange={set("title")} required maxLength={200} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.description}>Description</Label>
        <textarea
          id={ids.description}
          rows={3}
          value={form.description}
          onChange={set("description")}
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-sm"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.location}>Location</Label>
        <Input id={ids.location} value={form.location} onChange={set("location")} maxLength={300} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.start}>Starts</Label>
          <Input id={ids.start} type="datetime-local" value={form.start} onChange={set("start")} required />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.end}>Ends</Label>
          <Input id={ids.end} type="datetime-local" value={form.end} onChange={set("end")} required />
        </div>
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(save.error, "Failed to save the event")}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : event ? "Save Event" : "Create Event"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function RsvpButtons({ event }: { event: ChurchEvent }) {
  const { user } = useAuth();
  const rsvp = useRsvp();
  if (!user) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link href="/auth/login">Sign in to RSVP</Link>
      </Button>
    );
  }
  const pending = rsvp.isPending && rsvp.variables?.eventId === event.id;
  return (
    <div role="group" aria-label={`RSVP for ${event.title}`} className="flex gap-2">
      <Button
        size="sm"
        variant={event.myRsvp === "going" ? "default" : "outline"}
        aria-pressed={event.myRsvp === "going"}
        disabled={pending}
        onClick={() => rsvp.mutate({ eventId: event.id, status: "going" })}
      >
        <Check aria-hidden="true" />
        Going
      </Button>
      <Button
        size="sm"
        variant={event.myRsvp === "not_going" ? "secondary" : "outline"}
        aria-pressed={event.myRsvp === "not_going"}
        disabled={pending}
        onClick={() => rsvp.mutate({ eventId: event.id, status: "not_going" })}
      >
        <X aria-hidden="true" />
        Not Going
      </Button>
    </div>
  );
}

function EventCard({ event, past, onOpen, onEdit }: { event: ChurchEvent; past: boolean; onOpen: () => void; onEdit?: () => void }) {
  const cancel = useCancelEvent();
  const start = new Date(event.startTime);
  return (
    <Card id={`event-${event.id}`} className="flex flex-col gap-4 p-5 sm:flex-row">
      <div
        className="flex size-16 shrink-0 flex-col items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground"
        aria-hidden="true"
      >
        <span className="text-xs font-semibold uppercase">{monthFormat.format(start)}</span>
        <span className="text-2xl font-bold leading-none">{start.getDate()}</span>
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="text-lg font-semibold leading-tight">
          <button type="button" onClick={onOpen} className="cursor-pointer text-left hover:underline">
            {event.title}
          </button>
        </h3>
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
            <a href={eventIcsPath(event.id)} download>
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
  const { data, isPending, isError } = useQuery<ChurchEvent[]>({ queryKey: [EVENTS_KEY, past ? { past: "true" } : { upcoming: "true" }] });
  if (isPending) {
    return (
      <div className="grid gap-4" aria-hidden="true">
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  if (isError) return <p className="text-muted-foreground">The events could not be loaded.</p>;
  if (data.length === 0) {
    return (
      <Card className="p-8 text-center">
        <h3 className="text-lg font-semibold">{past ? "No Past Events" : "No Upcoming Events"}</h3>
        <p className="mt-1 text-muted-foreground">
          {past ? "Events that have ended will appear here." : "Check back soon for new gatherings."}
        </p>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      {data.map((event) => (
        <EventCard
          key={event.id}
          event={event}
          past={past}
          onOpen={() => onOpen(event)}
          onEdit={onEdit ? () => onEdit(event) : undefined}
        />
      ))}
    </div>
  );
}

function SubscribeCard() {
  const feedUrl = typeof window === "undefined" ? CALENDAR_FEED_PATH : `${window.location.origin}${CALENDAR_FEED_PATH}`;
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
  const { data: upcoming } = useQuery<ChurchEvent[]>({ queryKey: [EVENTS_KEY, { upcoming: "true" }] });

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
        <SubscribeCard />
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
      </div>

      <Dialog open={current !== null} onOpenChange={(open) => !open && setSelected(null)}>
        {current ? (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{current.title}</DialogTitle>
              <DialogDescription>{formatEventDate(current)}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2 text-sm">
              <p className="flex items-center gap-2">
                <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
                {formatEventTime(current)}
              </p>
              <p className="flex items-center gap-2">
                <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
                {current.location || "To be announced"}
              </p>
              <p className="flex items-center gap-2">
                <Users className="size-4 text-muted-foreground" aria-hidden="true" />
                {current.goingCount} going
              </p>
              {current.description ? <p className="mt-2 whitespace-pre-wrap">{current.description}</p> : null}
            </div>
            <DialogFooter>
              {Date.parse(current.endTime) > Date.now() ? <RsvpButtons event={current} /> : null}
              <Button asChild variant="outline" size="sm">
                <a href={eventIcsPath(current.id)} download>
                  <CalendarPlus aria-hidden="true" />
                  Add to Calendar
                </a>
              </Button>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{editing === "new" ? "New Event" : "Edit Event"}</DialogTitle>
              <DialogDescription>Members see changes at once; calendar subscribers within the hour.</DialogDescription>
            </DialogHeader>
            <EventForm event={editing === "new" ? undefined : editing} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
