import { describe, expect, it } from "vitest";
import { isActivePath, navGroups } from "./nav-items";

describe("the sidebar's items", () => {
  it("are the spec's three groups in order", () => {
    expect(navGroups.map((group) => [group.title, group.items.map((item) => item.label)])).toEqual([
      ["Main", ["Home", "Discover", "Podcasts", "Music", "Sermons"]],
      ["Connect", ["Video Conferences", "Messaging", "Community", "Prayer"]],
      ["Your Library", ["Favorites", "Playlists", "History"]],
    ]);
  });

  it("highlight Home only on / and other items on their own paths and below", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/music")).toBe(false);
    expect(isActivePath("/community", "/community/12")).toBe(true);
    expect(isActivePath("/playlists", "/playlists")).toBe(true);
    expect(isActivePath("/music", "/musicals")).toBe(false);
  });
});
