import { InfiniteQueryObserver, QueryObserver } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INITIAL_STATE_ID } from "@shared/constants";
import type { InitialState } from "@shared/contracts/auth";

// The page as the server writes it: the first screen's answers in a JSON block (decision 0030).
const carried: InitialState = {
  user: null,
  data: {
    "/api/content/media?type=sermon": { body: [{ id: 1, title: "Grace" }], nextCursor: null },
    "/api/posts?limit=10": { body: [{ id: 7, content: "Welcome" }], nextCursor: "next-page" },
    "/api/events?upcoming=true": { body: [{ id: 3 }], nextCursor: null },
    "/api/content/featured": { body: { id: 9 }, nextCursor: null },
  },
};

let lib: { client: typeof import("./query-client"); pages: typeof import("./list-pages") };
const fetchSpy = vi.fn(async () => new Response("[]", { status: 200 }));

beforeAll(async () => {
  vi.stubGlobal("document", {
    getElementById: (id: string) => (id === INITIAL_STATE_ID ? { textContent: JSON.stringify(carried) } : null),
  });
  vi.stubGlobal("fetch", fetchSpy);
  vi.resetModules();
  lib = { client: await import("./query-client"), pages: await import("./list-pages") };
});
afterAll(() => vi.unstubAllGlobals());

describe("the query cache and the answers the page carries", () => {
  it("starts a default query with its carried answer, so its first read already has the data", () => {
    const { queryClient } = lib.client;
    const result = new QueryObserver(queryClient, { queryKey: ["/api/content/media", { type: "sermon" }] }).getCurrentResult();
    expect(result.status).toBe("success");
    expect(result.data).toEqual([{ id: 1, title: "Grace" }]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("starts a paginated list with its carried first page and the cursor of the next", () => {
    const { queryClient } = lib.client;
    const observer = new InfiniteQueryObserver(queryClient, lib.pages.listPagesQuery(["/api/posts", { limit: 10 }]));
    const result = observer.getCurrentResult();
    expect(result.status).toBe("success");
    expect(result.data?.pages).toEqual([{ items: [{ id: 7, content: "Welcome" }], nextCursor: "next-page" }]);
    expect(result.hasNextPage).toBe(true);
  });

  it("uses a carried answer once: the same query built again asks the network", async () => {
    const { queryClient } = lib.client;
    const key = ["/api/content/media", { type: "sermon" }];
    queryClient.removeQueries({ queryKey: key, exact: true });
    const again = await queryClient.fetchQuery({ queryKey: key });
    expect(again).toEqual([]);
    expect(fetchSpy).toHaveBeenCalledWith("/api/content/media?type=sermon", expect.objectContaining({ method: "GET" }));
  });

  it("leaves a query with a data fetch of its own to it, even when the page carries its URL", async () => {
    const { queryClient } = lib.client;
    const own = vi.fn(async () => ({ mine: true }));
    const result = new QueryObserver(queryClient, { queryKey: ["/api/events", { upcoming: true }], queryFn: own }).getCurrentResult();
    expect(result.status).toBe("pending");
  });

  it("empties a carried query on reset (after signing in or out) instead of bringing the page's answer back", async () => {
    const { queryClient } = lib.client;
    const key = ["/api/content/featured"];
    expect(new QueryObserver(queryClient, { queryKey: key }).getCurrentResult().data).toEqual({ id: 9 });
    await queryClient.resetQueries({ queryKey: key, exact: true });
    const state = queryClient.getQueryState(key);
    expect(state?.status).toBe("pending");
    expect(state?.data).toBeUndefined();
  });
});
