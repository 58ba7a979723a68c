import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaMessages } from "@shared/contracts/content";
import { messages } from "@shared/messages";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { createCategory, createMedia } from "../../test/media-factories";

describeEachDatabase("content", (dialect) => {
  let t: TestApp;
  let member: Member;
  let series: number;
  let otherSeries: number;
  let show: number;
  const sermons: number[] = [];
  let song: number;
  let podcast: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    member = await registerMember(t.app);
    series = await createCategory(t.ctx.db, "sermon", "Faith Series");
    otherSeries = await createCategory(t.ctx.db, "sermon", "Prayer Series");
    show = await createCategory(t.ctx.db, "podcast", "Pastor's Podcast");
    await createCategory(t.ctx.db, "music", "Hymns");
    // Five sermons, oldest first; plays and likes chosen so each sort gives a different order.
    const plays = [50, 10, 40, 30, 20];
    const likes = [1, 5, 2, 4, 3];
    for (let i = 0; i < 5; i++) {
      sermons.push(
        await createMedia(t.ctx.db, "sermon", { categoryId: i < 3 ? series : otherSeries, playCount: plays[i], likesCount: likes[i] }),
      );
    }
    song = await createMedia(t.ctx.db, "song", { title: "Still Waters", artist: "Grace Choir" });
    podcast = await createMedia(t.ctx.db, "podcast", { categoryId: show });
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method: "POST",
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const ids = (body: { id: number }[]) => body.map((item) => item.id);

  describe("GET /api/content/media", () => {
    it("lists items of one type, newest first, with the fields of spec §3", async () => {
      const response = await get("/api/content/media?type=sermon");
      expect(response.statusCode).toBe(200);
      expect(ids(response.json())).toEqual([...sermons].reverse());
      expect(response.json()[0]).toMatchObject({ type: "sermon", duration: 180, mediaUrl: expect.stringMatching(/^\/media\//) });
      expect(response.json()[0]).not.toHaveProperty("liked");
      expect(response.json()[0]).not.toHaveProperty("uploadedBy");
    });

    it("filters sermons by category", async () => {
      const response = await get(`/api/content/media?type=sermon&categoryId=${otherSeries}`);
      expect(ids(response.json())).toEqual([sermons[4], sermons[3]]);
    });

    it("sorts by most viewed and most liked", async () => {
      expect(ids((await get("/api/content/media?type=sermon&sort=most_viewed")).json())).toEqual([
        sermons[0],
        sermons[2],
        sermons[3],
        sermons[4],
        sermons[1],
      ]);
      expect(ids((await get("/api/content/media?type=sermon&sort=most_liked")).json())).toEqual([
        sermons[1],
        sermons[3],
        sermons[4],
        sermons[2],
        sermons[0],
      ]);
    });

    it.each(["latest", "most_viewed", "most_liked"])("pages through every item exactly once with the Link cursor (%s)", async (sort) => {
      const all = ids((await get(`/api/content/media?type=sermon&sort=${sort}`)).json());
      const seen: number[] = [];
      let url: string | undefined = `/api/content/media?type=sermon&sort=${sort}&limit=2`;
      while (url) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        seen.push(...ids(response.json()));
        const link = response.headers.link as string | undefined;
        url = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
      }
      expect(seen).toEqual(all);
    });

    it("refuses a bad type, a bad limit and a forged cursor with 400", async () => {
      expect((await get("/api/content/media?type=video")).statusCode).toBe(400);
      expect((await get("/api/content/media?limit=0")).statusCode).toBe(400);
      expect((await get("/api/content/media?limit=101")).statusCode).toBe(400);
      const forged = await get("/api/content/media?cursor=not-a-cursor");
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe(messages.invalidCursor);
    });

    it("refuses a cursor of another sort with the one invalid-cursor message", async () => {
      const first = await get("/api/content/media?type=sermon&sort=most_viewed&limit=2");
      const cursor = first.headers["x-next-cursor"] as string;
      expect(cursor).toBeTruthy();
      expect((await get(`/api/content/media?type=sermon&sort=most_viewed&limit=2&cursor=${cursor}`)).statusCode).toBe(200);
      const otherSort = await get(`/api/content/media?type=sermon&sort=latest&limit=2&cursor=${cursor}`);
      expect(otherSort.statusCode).toBe(400);
      expect(otherSort.json()).toMatchObject({ message: messages.invalidCursor, code: "invalid_cursor" });
    });

    it("lists only what one member uploaded, for the creator's own list on /create", async () => {
      const creator = await registerMember(t.app);
      const mine = await createMedia(t.ctx.db, "song", { title: "Uploaded by the creator" });
      await t.ctx.db.updateTable("media").set({ uploadedBy: creator.user.id }).where("id", "=", mine).execute();
      expect(ids((await get(`/api/content/media?uploadedBy=${creator.user.id}`)).json())).toEqual([mine]);
      expect((await get(`/api/content/media?uploadedBy=${member.user.id}`)).json()).toEqual([]);
      await t.ctx.db.deleteFrom("media").where("id", "=", mine).execute();
    });

    it("adds the signed-in member's liked, favorited and resume position", async () => {
      await post(`/api/content/media/${song}/like`, member.cookie);
      await post(`/api/favorites/${song}`, member.cookie);
      await post(`/api/content/media/${song}/play`, member.cookie, { position: 42.5 });
      const [item] = (await get("/api/content/media?type=song", member.cookie)).json();
      expect(item).toMatchObject({ id: song, liked: true, favorited: true, resumePosition: 42.5 });
    });
  });

  describe("GET /api/content/media/{id}", () => {
    it("answers one item, and 404 for an unknown or malformed id", async () => {
      expect((await get(`/api/content/media/${podcast}`)).json()).toMatchObject({ id: podcast, type: "podcast", categoryId: show });
      const missing = await get("/api/content/media/999999");
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(mediaMessages.mediaNotFound);
      expect((await get("/api/content/media/abc")).statusCode).toBe(400);
    });
  });

  describe("GET /api/content/categories", () => {
    it("lists the categories of a type in order with their item counts", async () => {
      const response = await get("/api/content/categories?type=sermon");
      expect(response.json()).toEqual([
        { id: series, name: "Faith Series", description: "Faith Series description", type: "sermon", mediaCount: 3 },
        { id: otherSeries, name: "Prayer Series", description: "Prayer Series description", type: "sermon", mediaCount: 2 },
      ]);
      expect((await get("/api/content/categories")).json()).toHaveLength(4);
      expect((await get("/api/content/categories?type=song")).statusCode).toBe(400);
    });
  });

  describe("GET /api/content/featured", () => {
    it("answers what the home page shows: 3 sermons, podcasts and 4 songs, newest first", async () => {
      const body = (await get("/api/content/featured")).json();
      expect(ids(body.sermons)).toEqual([sermons[4], sermons[3], sermons[2]]);
      expect(ids(body.podcasts)).toEqual([podcast]);
      expect(ids(body.songs)).toEqual([song]);
    });
  });

  describe("POST /api/content/media/{id}/play", () => {
    it("counts a visitor's play without a body", async () => {
      const before = (await get(`/api/content/media/${sermons[1]}`)).json().playCount;
      const response = await post(`/api/content/media/${sermons[1]}/play`);
      expect(response.statusCode).toBe(200);
      expect(response.json().playCount).toBe(before + 1);
    });

    it("counts every concurrent play", async () => {
      const before = (await get(`/api/content/media/${sermons[2]}`)).json().playCount;
      await Promise.all(Array.from({ length: 10 }, () => post(`/api/content/media/${sermons[2]}/play`)));
      expect((await get(`/api/content/media/${sermons[2]}`)).json().playCount).toBe(before + 10);
    });

    it("records a member's play in their history with the position", async () => {
      const listener = await registerMember(t.app);
      await post(`/api/content/media/${sermons[3]}/play`, listener.cookie, { position: 12 });
      const history = (await get("/api/history", listener.cookie)).json();
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ mediaId: sermons[3], position: 12, media: { id: sermons[3] } });
    });

    it("accepts an empty body labelled as JSON, and refuses a malformed one", async () => {
      const empty = await t.app.inject({
        method: "POST",
        url: `/api/content/media/${song}/play`,
        headers: { "content-type": "application/json" },
        payload: "",
      });
      expect(empty.statusCode).toBe(200);
      const like = await t.app.inject({
        method: "POST",
        url: `/api/content/media/${song}/like`,
        headers: { "content-type": "application/json", cookie: member.cookie },
        payload: "",
      });
      expect(like.statusCode).toBe(200);
      await post(`/api/content/media/${song}/like`, member.cookie);
      const broken = await t.app.inject({
        method: "POST",
        url: `/api/content/media/${song}/play`,
        headers: { "content-type": "application/json" },
        payload: "{oops",
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe("The request body is not valid JSON.");
    });

    it("answers 404 for an unknown item and 400 for a negative position", async () => {
      expect((await post("/api/content/media/999999/play")).statusCode).toBe(404);
      expect((await post(`/api/content/media/${song}/play`, member.cookie, { position: -1 })).statusCode).toBe(400);
    });
  });

  describe("POST /api/content/media/{id}/like", () => {
    it("toggles the member's like and counts distinct members", async () => {
      const a = await registerMember(t.app);
      const b = await registerMember(t.app);
      const url = `/api/content/media/${podcast}/like`;
      expect((await post(url, a.cookie)).json()).toEqual({ liked: true, likesCount: 1 });
      expect((await post(url, b.cookie)).json()).toEqual({ liked: true, likesCount: 2 });
      expect((await post(url, a.cookie)).json()).toEqual({ liked: false, likesCount: 1 });
      expect((await get(`/api/content/media/${podcast}`)).json().likesCount).toBe(1);
    });

    it("requires a signed-in member and an existing item", async () => {
      expect((await post(`/api/content/media/${song}/like`)).statusCode).toBe(401);
      expect((await post("/api/content/media/999999/like", member.cookie)).statusCode).toBe(404);
    });
  });

  describe("POST /api/content/media/{id}/report", () => {
    it("stores one open report per member and item", async () => {
      const first = await post(`/api/content/media/${song}/report`, member.cookie, { reason: "Wrong artist" });
      expect(first.statusCode).toBe(201);
      const again = await post(`/api/content/media/${song}/report`, member.cookie, { reason: "Wrong artist" });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      const stored = await t.ctx.db.selectFrom("reports").selectAll().where("targetId", "=", song).execute();
      expect(stored).toHaveLength(1);
      // A client's free text (no reason of the four) is kept as the details, with the reason "other" (decision 0021).
      expect(stored[0]).toMatchObject({ reporterId: member.user.id, targetType: "media", reason: "other", details: "Wrong artist" });
    });

    it("refuses visitors, unknown items and malformed bodies", async () => {
      expect((await post(`/api/content/media/${song}/report`, undefined, {})).statusCode).toBe(401);
      expect((await post("/api/content/media/999999/report", member.cookie, {})).statusCode).toBe(404);
      const long = await post(`/api/content/media/${song}/report`, member.cookie, { reason: "x".repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(mediaMessages.reasonTooLong);
      const notJson = await t.app.inject({
        method: "POST",
        url: `/api/content/media/${song}/report`,
        headers: { cookie: member.cookie, "content-type": "application/json" },
        payload: "{bad",
      });
      expect(notJson.statusCode).toBe(400);
    });
  });

  describe("GET /api/content/recommended", () => {
    it("recommends unplayed items from the categories the member plays", async () => {
      const hymns = await createCategory(t.ctx.db, "music", "Gospel");
      const played = await createMedia(t.ctx.db, "song", { categoryId: hymns });
      const sameCategory = await createMedia(t.ctx.db, "song", { categoryId: hymns, playCount: 0 });
      await createMedia(t.ctx.db, "song", { playCount: 1000 });
      const listener = await registerMember(t.app);
      await post(`/api/content/media/${played}/play`, listener.cookie);
      const recommended = ids((await get("/api/content/recommended?type=song", listener.cookie)).json());
      expect(recommended[0]).toBe(sameCategory);
      expect(recommended).not.toContain(played);
    });

    it("gives visitors the most played", async () => {
      const mostViewed = ids((await get("/api/content/media?type=sermon&sort=most_viewed")).json());
      expect(ids((await get("/api/content/recommended?type=sermon")).json())).toEqual(mostViewed);
    });
  });

  describe("podcast subscriptions", () => {
    it("subscribes and unsubscribes a member to a show, and keeps it", async () => {
      const listener = await registerMember(t.app);
      const url = `/api/content/categories/${show}/subscription`;
      const headers = { cookie: listener.cookie };
      expect((await t.app.inject({ method: "PUT", url, headers })).json()).toEqual({ subscribed: true });
      expect((await t.app.inject({ method: "PUT", url, headers })).json()).toEqual({ subscribed: true });
      expect((await get("/api/content/subscriptions", listener.cookie)).json()).toEqual({ categoryIds: [show] });
      expect((await t.app.inject({ method: "DELETE", url, headers })).json()).toEqual({ subscribed: false });
      expect((await get("/api/content/subscriptions", listener.cookie)).json()).toEqual({ categoryIds: [] });
    });

    it("refuses visitors, unknown categories and categories that are not podcasts", async () => {
      expect((await t.app.inject({ method: "PUT", url: `/api/content/categories/${show}/subscription` })).statusCode).toBe(401);
      expect((await get("/api/content/subscriptions")).statusCode).toBe(401);
      const headers = { cookie: member.cookie };
      expect((await t.app.inject({ method: "PUT", url: "/api/content/categories/999999/subscription", headers })).statusCode).toBe(404);
      const sermonSeries = await t.app.inject({ method: "PUT", url: `/api/content/categories/${series}/subscription`, headers });
      expect(sermonSeries.statusCode).toBe(400);
      expect(sermonSeries.json().message).toBe(mediaMessages.notAPodcast);
    });
  });
});
