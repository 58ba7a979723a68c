import { describe, expect, it } from "vitest";
import { snapToStep } from "./slider";

describe("a slider's value", () => {
  it("is rounded to the step's decimals", () => {
    expect(snapToStep(0.1 + 0.2, 0.1, 0)).toBe(0.3);
    expect(snapToStep(0.7 - 0.01, 0.01, 0)).toBe(0.69);
    expect(snapToStep(0.59 + 0.1, 0.01, 0)).toBe(0.69);
  });

  it("snaps to the step's grid from the minimum", () => {
    expect(snapToStep(12.34, 0.1, 0)).toBe(12.3);
    expect(snapToStep(12.36, 0.1, 0)).toBe(12.4);
    expect(snapToStep(7, 5, 1)).toBe(6);
    expect(snapToStep(9, 5, 1)).toBe(11);
  });
});
