import { describe, expect, it } from "vitest";
import { nextCursorOf, routeKey, routeUrl, urlFromQueryKey } from "./api";
import { pageKey } from "./list-pages";

describe("urlFromQueryKey", () => {
  it("joins the key's parts with slashes, as the default GET of spec §7", () => {
    expect(urlFromQueryKey(["/api/posts", 12, "comments"])).toBe("/api/posts/12/comments");
  });

  it("reads a trailing object as the query string and drops empty values", () => {
    expect(urlFromQueryKey(["/api/content/media", { type: "sermon", categoryId: undefined, q: "" }])).toBe(
      "/api/content/media?type=sermon",
    );
  });
});

describe("routeKey", () => {
  it("splits a route's path at its parameters, so the joined key is the URL and the list's key is its prefix", () => {
    const key = routeKey("POST /api/contact/:id/handled", { params: { id: 7 } });
    expect(key).toEqual(["/api/contact", 7, "handled"]);
    expect(urlFromQueryKey(key)).toBe("/api/contact/7/handled");
  });

  it("puts the query last and leaves it out when empty", () => {
    expect(routeKey("GET /api/contact", { query: { status: "open" } })).toEqual(["/api/contact", { status: "open" }]);
    expect(routeKey("GET /api/contact", {})).toEqual(["/api/contact"]);
    expect(routeUrl("GET /api/contact", { query: { status: "handled", limit: 5 } })).toBe("/api/contact?status=handled&limit=5");
  });
});

describe("routeKey with a parameter pattern and suffix", () => {
  it("fills the parameter and keeps the suffix", () => {
    expect(routeUrl("GET /api/events/:id(^\\d+).ics", { params: { id: 12 } })).toBe("/api/events/12.ics");
  });
});

describe("reading the next page", () => {
  it("takes the cursor from the X-Next-Cursor header, and null on the last page", () => {
    expect(nextCursorOf(new Response("[]", { headers: { "X-Next-Cursor": "abc" } }))).toBe("abc");
    expect(nextCursorOf(new Response("[]", { headers: { Link: '</api/posts?cursor=abc>; rel="next"' } }))).toBeNull();
    expect(nextCursorOf(new Response("[]"))).toBeNull();
  });

  it("reads a later page at the list's own URL with the cursor added to its query", () => {
    expect(urlFromQueryKey(pageKey(["/api/posts", { limit: 20 }], "c1"))).toBe("/api/posts?limit=20&cursor=c1");
    expect(urlFromQueryKey(pageKey(["/api/groups", 3, "messages"], "c2"))).toBe("/api/groups/3/messages?cursor=c2");
    expect(pageKey(["/api/posts", { limit: 20 }], null)).toEqual(["/api/posts", { limit: 20 }]);
  });
});
