import { describe, expect, it } from "vitest";
import { urlFromQueryKey } from "@web/lib/api";
import { pageKey } from "@web/lib/list-pages";
import { conversationKey } from "./use-chat";

describe("conversationKey", () => {
  it("is the URL of the conversation's latest page, in the URL-array style of every query key", () => {
    expect(urlFromQueryKey(conversationKey(4, { kind: "user", id: 9 }))).toBe("/api/messages?userId=4&otherUserId=9");
    expect(conversationKey(4, { kind: "group", id: 2 })).toEqual(["/api/groups", 2, "messages"]);
  });

  it("reads older pages at the same URL with the cursor the previous page answered", () => {
    expect(urlFromQueryKey(pageKey(conversationKey(4, { kind: "user", id: 9 }), "abc"))).toBe(
      "/api/messages?userId=4&otherUserId=9&cursor=abc",
    );
    expect(urlFromQueryKey(pageKey(conversationKey(4, { kind: "group", id: 2 }), "abc"))).toBe("/api/groups/2/messages?cursor=abc");
  });
});
