import { describe, expect, it } from "vitest";
import { mentionedUsernames } from "./mentions";

describe("mentionedUsernames", () => {
  it("finds each @username once, ignoring letter case and a sentence's full stop", () => {
    expect(mentionedUsernames("Thanks @ruth and @Boaz_1. Praying with @RUTH too @naomi.")).toEqual(["ruth", "Boaz_1", "naomi"]);
  });

  it("ignores email addresses, too-short names and a bare @", () => {
    expect(mentionedUsernames("write to grace@example.org, @ab or @ alone")).toEqual([]);
  });

  it("stops at the given number of names", () => {
    expect(mentionedUsernames("@aaa @bbb @ccc", 2)).toEqual(["aaa", "bbb"]);
  });
});
