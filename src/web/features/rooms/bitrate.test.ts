import { describe, expect, it } from "vitest";
import { videoBitrateFor } from "./bitrate";

describe("videoBitrateFor", () => {
  it("lowers each stream's budget as the room grows, keeping the total upload near 3 Mbit/s at most", () => {
    expect(videoBitrateFor(1)).toBe(1_500_000);
    expect(videoBitrateFor(3)).toBe(800_000);
    expect(videoBitrateFor(5)).toBe(500_000);
    expect(videoBitrateFor(9)).toBe(300_000);
    for (let others = 1; others <= 9; others += 1) expect(videoBitrateFor(others) * others).toBeLessThanOrEqual(3_000_000);
  });
});
