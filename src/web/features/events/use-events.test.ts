import { describe, expect, it } from "vitest";
import { eventIcsPath } from "@shared/contracts/events";
import { eventIcsUrl, formatEventTime } from "./use-events";

describe("eventIcsUrl", () => {
  it("names the same calendar file as the contract's eventIcsPath", () => {
    for (const id of [1, 42, 2_147_483_647]) expect(eventIcsUrl(id)).toBe(eventIcsPath(id));
  });
});

describe("formatEventTime", () => {
  it("shows the end's time only when the event ends the same day", () => {
    const text = formatEventTime({ startTime: "2026-01-05T18:00:00", endTime: "2026-01-05T20:00:00" });
    expect(text).toMatch(/^Mon, Jan 5, 6:00\sPM – 8:00\sPM$/);
  });
});
