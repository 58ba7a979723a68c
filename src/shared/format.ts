/** Formats seconds as m:ss (spec §9). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/*
 * The spec's fixed en-US dates, times and counts, written out instead of through Intl: a page's first Intl formatter
 * costs 30–100 ms of the main thread (ICU loads the locale's data), which a phone paid while the page was being taken
 * over (issue 9). `format.test.ts` checks each against Intl's own output. Local time, as Intl's default.
 */
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const toDate = (input: string | Date) => (typeof input === "string" ? new Date(input) : input);
const month = (date: Date) => MONTHS[date.getMonth()]!;
const weekday = (date: Date) => WEEKDAYS[date.getDay()]!;

/** "6:07 PM". */
export function formatTime(input: string | Date): string {
  const date = toDate(input);
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** A long en-US date, e.g. "January 5, 2024". */
export function formatLongDate(input: string | Date): string {
  const date = toDate(input);
  return `${month(date)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Sunday, January 5, 2025". */
export function formatFullDate(input: string | Date): string {
  const date = toDate(input);
  return `${weekday(date)}, ${formatLongDate(date)}`;
}

/** "Jan 5, 2025". */
export function formatMediumDate(input: string | Date): string {
  const date = toDate(input);
  return `${formatShortMonth(date)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Jan". */
export function formatShortMonth(input: string | Date): string {
  return month(toDate(input)).slice(0, 3);
}

/** "Sun, Jan 5, 6:07 PM". */
export function formatShortDateTime(input: string | Date): string {
  const date = toDate(input);
  return `${weekday(date).slice(0, 3)}, ${formatShortMonth(date)} ${date.getDate()}, ${formatTime(date)}`;
}

/** "Sunday 6:07 PM". */
export function formatWeekdayTime(input: string | Date): string {
  const date = toDate(input);
  return `${weekday(date)} ${formatTime(date)}`;
}

/** A whole number with thousands separators: "12,345". */
export function formatCount(value: number): string {
  const digits = String(Math.abs(Math.round(value))).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 && Math.round(value) !== 0 ? `-${digits}` : digits;
}

/**
 * Relative time of spec §9: "just now" under 60 s, then minutes, hours and days up to 6,
 * and from 7 days a long en-US date such as "January 5, 2024".
 */
export function formatRelativeTime(input: string | Date, now: Date = new Date()): string {
  const date = typeof input === "string" ? new Date(input) : input;
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? "minute" : "minutes"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} ${days === 1 ? "day" : "days"} ago`;
  return formatLongDate(date);
}

/** Conference video grid columns of spec §9: 1 for one tile, 2 up to 4, 3 up to 9, otherwise 4. */
export function videoGridColumns(tiles: number): number {
  if (tiles <= 1) return 1;
  if (tiles <= 4) return 2;
  if (tiles <= 9) return 3;
  return 4;
}

/** Author label of the home Community section: a display name containing Pastor is a Youth Pastor. */
export function authorLabel(displayName: string): string {
  return displayName.includes("Pastor") ? "Youth Pastor" : "Member";
}

/** First letter of a display name, the avatar fallback. */
export function initial(displayName: string | null | undefined): string {
  return (displayName?.trim()[0] ?? "?").toUpperCase();
}
