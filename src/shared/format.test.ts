import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  authorLabel,
  formatCount,
  formatDuration,
  formatFullDate,
  formatLongDate,
  formatMediumDate,
  formatRelativeTime,
  formatShortDateTime,
  formatShortMonth,
  formatTime,
  formatWeekdayTime,
  initial,
  videoGridColumns,
} from "./format";

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59.9, "0:59"],
    [60, "1:00"],
    [754, "12:34"],
    [3600, "60:00"],
    [Number.NaN, "0:00"],
    [-3, "0:00"],
  ])("formats %s seconds as %s", (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});

describe("formatRelativeTime", () => {
  const now = new Date("2024-01-12T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it.each([
    [0, "just now"],
    [59, "just now"],
    [60, "1 minute ago"],
    [150, "2 minutes ago"],
    [3600, "1 hour ago"],
    [5 * 3600, "5 hours ago"],
    [86_400, "1 day ago"],
    [6 * 86_400 + 3600, "6 days ago"],
  ])("says %s seconds ago is %s", (seconds, text) => expect(formatRelativeTime(ago(seconds), now)).toBe(text));

  it("gives a long en-US date from seven days on", () => {
    expect(formatRelativeTime(new Date("2024-01-05T12:00:00Z"), now)).toBe("January 5, 2024");
    expect(formatLongDate("2024-01-05T12:00:00Z")).toBe("January 5, 2024");
  });

  it("reads ISO strings", () => expect(formatRelativeTime(ago(120).toISOString(), now)).toBe("2 minutes ago"));
});

describe("videoGridColumns", () => {
  it.each([
    [1, 1],
    [2, 2],
    [4, 2],
    [5, 3],
    [9, 3],
    [10, 4],
  ])("uses %s tiles in %s columns", (tiles, columns) => expect(videoGridColumns(tiles)).toBe(columns));
});

describe("authorLabel and initial", () => {
  it("labels a display name containing Pastor as Youth Pastor, others Member", () => {
    expect(authorLabel("Pastor David Mensah")).toBe("Youth Pastor");
    expect(authorLabel("Ruth Jensen")).toBe("Member");
  });
  it("takes the first letter of a display name, upper-cased", () => {
    expect(initial("ruth")).toBe("R");
    expect(initial("")).toBe("?");
  });
});

describe("the fixed en-US formats, written out without Intl", () => {
  // Any moment from 1970 to 2100, in the test's local time zone as the formatters use.
  const moments = fc.date({ min: new Date(0), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", options);

  it("write every date and time as Intl's en-US formatter does", () => {
    const formats: [(date: Date) => string, Intl.DateTimeFormat][] = [
      [formatTime, intl({ hour: "numeric", minute: "2-digit" })],
      [formatLongDate, intl({ year: "numeric", month: "long", day: "numeric" })],
      [formatFullDate, intl({ weekday: "long", month: "long", day: "numeric", year: "numeric" })],
      [formatMediumDate, intl({ dateStyle: "medium" })],
      [formatShortMonth, intl({ month: "short" })],
      [formatShortDateTime, intl({ weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })],
      [formatWeekdayTime, intl({ weekday: "long", hour: "numeric", minute: "2-digit" })],
    ];
    fc.assert(
      fc.property(moments, (date) => {
        for (const [ours, theirs] of formats) expect(ours(date)).toBe(theirs.format(date));
      }),
      { numRuns: 2000 },
    );
  });

  it("accept the API's ISO strings", () => {
    const iso = "2025-01-05T18:07:00.000Z";
    expect(formatShortDateTime(iso)).toBe(formatShortDateTime(new Date(iso)));
    expect(formatLongDate(iso)).toBe(new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date(iso)));
  });

  it("group whole numbers by thousands as Intl does", () => {
    const number = new Intl.NumberFormat("en-US");
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), (value) => {
        expect(formatCount(value)).toBe(number.format(value));
      }),
    );
    for (const value of [0, 7, 999, 1000, 12_345, 1_000_000]) expect(formatCount(value)).toBe(number.format(value));
  });
});
