import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown";

describe("formatCountdown", () => {
  it("shows the two largest units left, and Starting now once the service is due", () => {
    expect(formatCountdown(2 * 86_400_000 + 4 * 3_600_000 + 59_000)).toBe("2d 4h");
    expect(formatCountdown(3 * 3_600_000 + 5 * 60_000)).toBe("3h 05m");
    expect(formatCountdown(12 * 60_000 + 9_000)).toBe("12m 09s");
    expect(formatCountdown(45_500)).toBe("45s");
    expect(formatCountdown(0)).toBe("Starting now");
    expect(formatCountdown(-5_000)).toBe("Starting now");
  });
});
