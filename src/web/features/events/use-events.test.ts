import { describe, expect, it } from "vitest";
import { CALENDAR_FEED_PATH, eventIcsPath } from "@shared/contracts/events";
import { calendarFeedUrl, eventIcsUrl, formatEventTime, upcomingEventsQuery } from "./use-events";

describe("eventIcsUrl", () => {
  it("names the same calendar file as the contract's eventIcsPath", () => {
    for (const id of [1, 42, 2_147_483_647]) expect(eventIcsUrl(id)).toBe(eventIcsPath(id));
  });
});

describe("calendarFeedUrl", () => {
  it("names the contract's calendar feed", () => {
    expect(calendarFeedUrl()).toBe(CALENDAR_FEED_PATH);
  });
});

describe("upcomingEventsQuery", () => {
  it("keeps the key the events list has always been cached and invalidated under", () => {
    expect(upcomingEventsQuery().queryKey).toEqual(["/api/events", { upcoming: "true" }]);
  });
});

describe("formatEventTime", () => {
  it("shows the end's time only when the event ends the same day", () => {
    const text = formatEventTime({ startTime: "2026-01-05T18:00:00", endTime: "2026-01-05T20:00:00" });
    expect(text).toMatch(/^Mon, Jan 5, 6:00\sPM – 8:00\sPM$/);
  });
});
