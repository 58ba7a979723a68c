import { describe, expect, it } from "vitest";
import { carryState, initialState, pageNow, pageRandom, takeCarried } from "./initial-state";
import { relativeTime } from "./relative-time";
import { endHydrating, startHydrating } from "./use-hydrated";

// In Node there is no page: the server's render carries each page's state in turn (entry-server.tsx, decision 0032).
describe("the state a render carries", () => {
  it("starts empty where there is no page", () => {
    expect(initialState).toBeUndefined();
    expect(takeCarried("/api/posts?limit=10")).toBeUndefined();
  });

  it("gives the page's answers once each", () => {
    const answer = { body: [{ id: 1 }], nextCursor: null };
    carryState({ user: null, data: { "/api/posts?limit=10": answer }, seed: 0.42 });
    expect(initialState?.seed).toBe(0.42);
    expect(takeCarried("/api/posts?limit=10")).toEqual(answer);
    expect(takeCarried("/api/posts?limit=10")).toBeUndefined();
  });

  it("gives the page's seed as every random number of the hydration, however often a part renders again, and new ones after it", () => {
    carryState({ user: null, data: {}, seed: 0.42 });
    try {
      startHydrating();
      // React starts the render of a part that suspended while hydrating again: it must pick what it picked before.
      expect([pageRandom(), pageRandom(), pageRandom()]).toEqual([0.42, 0.42, 0.42]);
      endHydrating();
      const later = [pageRandom(), pageRandom()];
      for (const value of later) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(1);
        expect(value).not.toBe(0.42);
      }
    } finally {
      startHydrating();
    }
  });

  it("counts relative times from when the page was made while it is taken over, and from the clock after", () => {
    const madeAt = Date.parse("2026-03-01T10:00:30Z");
    const posted = "2026-03-01T09:59:45Z";
    carryState({ user: null, data: {}, renderedAt: madeAt });
    try {
      startHydrating();
      // The server said "just now"; the browser takes the page over a minute later and must say the same.
      expect(pageNow().getTime()).toBe(madeAt);
      expect(relativeTime(posted)).toBe("just now");
      endHydrating();
      expect(Math.abs(pageNow().getTime() - Date.now())).toBeLessThan(1000);
      expect(relativeTime(posted)).not.toBe("just now");
    } finally {
      startHydrating();
    }
  });

  it("forgets one page's state when the next is carried, so a render never shows another member's answers", () => {
    carryState({ user: null, data: { "/api/notifications": { body: { items: [] }, nextCursor: null } }, seed: 0.1 });
    carryState({ user: null, data: {} });
    expect(takeCarried("/api/notifications")).toBeUndefined();
    expect(initialState?.seed).toBeUndefined();
    expect(pageRandom()).not.toBe(0.1);
  });
});
