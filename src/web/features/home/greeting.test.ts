import { describe, expect, it } from "vitest";
import { GREETINGS } from "@shared/constants";
import { greetingFor, pickGreeting } from "./greeting";

describe("greetingFor", () => {
  it("puts the name inside the greeting and the exclamation mark at the end", () => {
    expect(greetingFor("Hello again!", "Ruth Jensen")).toBe("Hello again, Ruth Jensen!");
  });

  it("reads right for every greeting of the spec, keeping its words", () => {
    expect(GREETINGS.map((greeting) => greetingFor(greeting, "Ruth Jensen"))).toEqual([
      "Welcome back, Ruth Jensen!",
      "Hello again, Ruth Jensen!",
      "Good to see you, Ruth Jensen!",
      "Blessings to you, Ruth Jensen!",
      "Grace and peace, Ruth Jensen!",
    ]);
    for (const greeting of GREETINGS) expect(greetingFor(greeting, "Ruth Jensen")).not.toMatch(/!,/);
  });
});

describe("pickGreeting", () => {
  it("picks each of the spec's greetings across the range of random numbers", () => {
    expect(pickGreeting(() => 0)).toBe(GREETINGS[0]);
    expect(pickGreeting(() => 0.999_999)).toBe(GREETINGS.at(-1));
    expect(new Set([0, 0.2, 0.4, 0.6, 0.8].map((n) => pickGreeting(() => n)))).toEqual(new Set(GREETINGS));
  });
});
