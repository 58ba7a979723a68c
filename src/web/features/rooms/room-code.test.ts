import { describe, expect, it } from "vitest";
import { normalizeRoomCode } from "./room-code";

describe("normalizeRoomCode", () => {
  it("forces upper case and keeps only A-Z and 0-9", () => {
    expect(normalizeRoomCode("ab-c1 2")).toBe("ABC12");
    expect(normalizeRoomCode("éx_y!9")).toBe("XY9");
  });
  it("keeps at most six characters, after cleaning (so pasted separators don't eat characters)", () => {
    expect(normalizeRoomCode("ab-c1 23x9")).toBe("ABC123");
    expect(normalizeRoomCode("")).toBe("");
  });
});
