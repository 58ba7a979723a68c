import { describe, expect, it } from "vitest";
import { urlFromQueryKey } from "./query-client";

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
