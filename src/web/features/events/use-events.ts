import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChurchEvent, CreateEvent, RsvpStatus } from "@shared/contracts/events";
import { formatFullDate, formatShortDateTime, formatTime } from "@shared/format";
import { callRoute, errorMessage, routeKey, routeQuery, routeUrl } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

/** Events not yet over, soonest first (home, /events, /streaming). */
export const upcomingEventsQuery = () => routeQuery("GET /api/events", { query: { upcoming: "true" } });
/** Events that have ended, most recent first. */
export const pastEventsQuery = () => routeQuery("GET /api/events", { query: { past: "true" } });

/**
 * An event's calendar file (the contract's eventIcsPath); built from the route table's types only so the home
 * page, which links to it, loads no zod schema (use-events.test.ts checks the two agree).
 */
export const eventIcsUrl = (id: number) => routeUrl("GET /api/events/:id(^\\d+).ics", { params: { id } });
/** The subscribable feed of upcoming events, for calendar apps. */
export const calendarFeedUrl = () => routeUrl("GET /api/events/calendar.ics");

/** "Sun, Jan 5, 6:00 PM – 8:00 PM", or both full date-times when the event spans days. */
export function formatEventTime(event: Pick<ChurchEvent, "startTime" | "endTime">): string {
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  const sameDay = start.toDateString() === end.toDateString();
  return `${formatShortDateTime(start)} – ${sameDay ? formatTime(end) : formatShortDateTime(end)}`;
}

export function formatEventDate(event: Pick<ChurchEvent, "startTime">): string {
  return formatFullDate(event.startTime);
}

function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/events") });
}

export function useRsvp() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ eventId, status }: { eventId: number; status: RsvpStatus }) =>
      callRoute("PUT /api/events/:id/rsvp", { params: { id: eventId }, body: { status } }),
    onSuccess: (result) => {
      toast({
        title: result.status === "going" ? "You're Going!" : "RSVP Updated",
        description: result.status === "going" ? `${result.goingCount} going so far. See you there!` : "We'll miss you this time.",
      });
      refresh();
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to save your RSVP"), variant: "destructive" }),
  });
}

export function useSaveEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ id, event }: { id?: number; event: CreateEvent }) =>
      id ? callRoute("PATCH /api/events/:id", { params: { id }, body: event }) : callRoute("POST /api/events", { body: event }),
    onSuccess: (_event, { id }) => {
      toast({ title: id ? "Event Updated" : "Event Created", description: "The calendar has been updated." });
      refresh();
    },
    // The form shows the failure itself, inside its dialog.
  });
}

export function useCancelEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (id: number) => callRoute("POST /api/events/:id/cancel", { params: { id } }),
    onSuccess: () => {
      toast({ title: "Event Cancelled", description: "Members' calendars will show it as cancelled." });
      refresh();
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to cancel the event"), variant: "destructive" }),
  });
}
