/** Formats seconds as m:ss (spec §9). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

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
  return longDate.format(date);
}

/** A long en-US date, e.g. "January 5, 2024". */
export function formatLongDate(input: string | Date): string {
  return longDate.format(typeof input === "string" ? new Date(input) : input);
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
