import { z } from "zod";
import { idParamsSchema, timestampSchema, text } from "./common";
import { defineRoute } from "./route";

export const eventMessages = {
  titleRequired: "Title is required",
  startRequired: "Start time is required",
  endRequired: "End time is required",
  endAfterStart: "The event must end after it starts",
  eventNotFound: "Event not found",
  eventCancelled: "This event has been cancelled",
  scheduleNotFound: "This calendar address is not valid any more",
} as const;

export const rsvpStatusSchema = z.enum(["going", "not_going"]);
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

/** An event of the calendar (spec §3), with its RSVP figures. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  startTime: timestampSchema,
  endTime: timestampSchema,
  location: z.string(),
  cancelledAt: timestampSchema.nullable(),
  goingCount: z.number().int().describe("members who answered going"),
  myRsvp: rsvpStatusSchema.nullable().describe("the signed-in viewer's answer; null when none or signed out"),
});
export type ChurchEvent = z.infer<typeof eventSchema>;

const flag = z.enum(["true", "false"]).transform((value) => value === "true");

/**
 * GET /api/events: `upcoming=true` lists events not yet over, soonest first (spec §7);
 * `past=true` lists events that have ended, most recent first; neither lists all, by start.
 * Cancelled events are left out of lists.
 */
export const eventListQuerySchema = z.object({
  upcoming: flag.optional(),
  past: flag.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const isoTime = (required: string) =>
  z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? required : "Use an ISO 8601 date and time") });

const eventFields = {
  title: text({ error: eventMessages.titleRequired }).trim().min(1, eventMessages.titleRequired).max(200),
  description: text().trim().max(5000).default(""),
  location: text().trim().max(300).default(""),
  startTime: isoTime(eventMessages.startRequired),
  endTime: isoTime(eventMessages.endRequired),
};

/** POST /api/events (admins). */
export const createEventSchema = z
  .object(eventFields)
  .refine((event) => Date.parse(event.endTime) > Date.parse(event.startTime), { message: eventMessages.endAfterStart, path: ["endTime"] });
export type CreateEvent = z.input<typeof createEventSchema>;

/** PATCH /api/events/{id} (admins): any of the fields. */
export const updateEventSchema = z.object({
  title: eventFields.title.optional(),
  description: text().trim().max(5000).optional(),
  location: text().trim().max(300).optional(),
  startTime: eventFields.startTime.optional(),
  endTime: eventFields.endTime.optional(),
});

export const rsvpSchema = z.object({ status: rsvpStatusSchema });
export const rsvpResultSchema = z.object({ status: rsvpStatusSchema, goingCount: z.number().int() });
export type RsvpResult = z.infer<typeof rsvpResultSchema>;

/** The member's private "My schedule" address: whether one exists, and since when. */
export const scheduleLinkSchema = z.object({
  active: z.boolean(),
  createdAt: timestampSchema.nullable(),
});
export type ScheduleLink = z.infer<typeof scheduleLinkSchema>;

/** A new private address, shown once: only its hash is kept. */
export const newScheduleLinkSchema = z.object({
  url: z.string().describe("The private iCalendar address of the member's schedule; anyone holding it can read it"),
  createdAt: timestampSchema,
});
export type NewScheduleLink = z.infer<typeof newScheduleLinkSchema>;

export const scheduleTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** The events module's JSON routes (the .ics downloads and feed are served beside them as text/calendar). */
export const eventsRoutes = {
  feed: defineRoute({
    method: "GET",
    path: "/api/events/calendar.ics",
    summary: "The subscribable calendar feed (iCalendar) of recent and coming events",
    access: "public",
    contentType: "text/calendar",
    response: z.string(),
  }),
  eventCalendar: defineRoute({
    method: "GET",
    path: "/api/events/:id(^\\d+).ics",
    summary: "One event as an iCalendar file, with a reminder an hour before",
    access: "public",
    params: idParamsSchema,
    contentType: "text/calendar",
    response: z.string(),
  }),
  schedule: defineRoute({
    method: "GET",
    path: "/api/events/schedule/:token(^[A-Za-z0-9_-]{43}).ics",
    summary: "The private My schedule feed (iCalendar) of the events a member is going to",
    access: "public",
    params: scheduleTokenParamsSchema,
    contentType: "text/calendar",
    response: z.string(),
  }),
  scheduleLink: defineRoute({
    method: "GET",
    path: "/api/events/schedule-link",
    summary: "Whether the member has a private schedule address",
    access: "member",
    response: scheduleLinkSchema,
  }),
  regenerateScheduleLink: defineRoute({
    method: "POST",
    path: "/api/events/schedule-link",
    summary: "Make a new private schedule address; the old one stops working",
    access: "member",
    status: 201,
    response: newScheduleLinkSchema,
  }),
  revokeScheduleLink: defineRoute({
    method: "DELETE",
    path: "/api/events/schedule-link",
    summary: "Revoke the private schedule address",
    access: "member",
    status: 204,
    response: z.null(),
  }),
  list: defineRoute({
    method: "GET",
    path: "/api/events",
    summary: "Events: upcoming (soonest first), past (most recent first) or all; cancelled ones left out",
    access: "public",
    query: eventListQuerySchema,
    response: z.array(eventSchema),
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/events/:id",
    summary: "One event with its going count and the answer of the viewer",
    access: "public",
    params: idParamsSchema,
    response: eventSchema,
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/events",
    summary: "Create an event",
    access: "admin",
    body: createEventSchema,
    status: 201,
    response: eventSchema,
  }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/events/:id",
    summary: "Change the fields of an event; its revision rises so calendar apps update it",
    access: "admin",
    params: idParamsSchema,
    body: updateEventSchema,
    response: eventSchema,
  }),
  cancel: defineRoute({
    method: "POST",
    path: "/api/events/:id/cancel",
    summary: "Cancel an event; the members going are notified",
    access: "admin",
    params: idParamsSchema,
    response: eventSchema,
  }),
  rsvp: defineRoute({
    method: "PUT",
    path: "/api/events/:id/rsvp",
    summary: "Answer an event: going or not going",
    access: "member",
    params: idParamsSchema,
    body: rsvpSchema,
    response: rsvpResultSchema,
  }),
};

/** The subscribable feed of upcoming events, for calendar apps. */
export const CALENDAR_FEED_PATH = "/api/events/calendar.ics";
export const eventIcsPath = (id: number) => `/api/events/${id}.ics`;
