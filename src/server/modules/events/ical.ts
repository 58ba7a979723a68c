/**
 * A small iCalendar (RFC 5545) writer: CRLF line endings, lines folded at 75 octets without splitting
 * a UTF-8 character, TEXT values escaped, times in UTC.
 */

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  location: string;
  startTime: string;
  endTime: string;
  createdAt: string;
  sequence: number;
  cancelled: boolean;
  url?: string;
}

export interface CalendarOptions {
  name: string;
  /** PRODID's organisation part. */
  productId: string;
  /** DTSTAMP: when this copy of the calendar was made. */
  now: Date;
  /** True for a subscribable feed: names the calendar and asks apps to refresh hourly. */
  feed?: boolean;
}

const CRLF = "\r\n";

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line so no physical line exceeds 75 octets; continuation lines begin with a space (§3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (currentBytes + size > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
    }
    current += char;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A UTC DATE-TIME such as 20260105T180000Z. */
export function formatUtc(input: string | Date): string {
  const iso = (typeof input === "string" ? new Date(input) : input).toISOString();
  return `${iso.slice(0, 19).replace(/[-:]/g, "")}Z`;
}

function eventLines(event: CalendarEvent, now: Date): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${formatUtc(now)}`,
    `CREATED:${formatUtc(event.createdAt)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART:${formatUtc(event.startTime)}`,
    `DTEND:${formatUtc(event.endTime)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    // A reminder an hour before, which is what Remind Me and Add to Calendar promise.
    ...(event.cancelled ? [] : ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(event.title)}`, "TRIGGER:-PT1H", "END:VALARM"]),
    "END:VEVENT",
  ];
}

/** A complete VCALENDAR with the given events. */
export function buildCalendar(events: CalendarEvent[], options: CalendarOptions): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(options.productId)}//Events//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(options.feed
      ? [
          `NAME:${escapeText(options.name)}`,
          `X-WR-CALNAME:${escapeText(options.name)}`,
          "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
          "X-PUBLISHED-TTL:PT1H",
        ]
      : []),
    ...events.flatMap((event) => eventLines(event, options.now)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
