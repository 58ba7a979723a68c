import { describe, expect, it } from "vitest";
import { GREETINGS } from "@shared/constants";
import { greetingFor } from "./greeting";

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
