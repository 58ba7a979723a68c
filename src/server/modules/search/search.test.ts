import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { registerMember } from "../../test/factories";
import { createMedia } from "../../test/media-factories";
import { searchTerms } from "./search.repository";

it("keeps only words from a query, so search syntax cannot be injected", () => {
  expect(searchTerms(`Grace "OR" NEAR(x*) -- ' ; drop`)).toEqual(["grace", "or", "near", "x", "drop"]);
  expect(searchTerms("   ")).toEqual([]);
});

describeEachDatabase("search", (dialect) => {
  let t: TestApp;
  let graceSermon: number;
  let graceInDescription: number;
  let song: number;
  let podcast: number;
  let memberId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    graceInDescription = await createMedia(t.ctx.db, "sermon", {
      title: "Walking in Faith",
      description: "A word about grace in hard times",
    });
    graceSermon = await createMedia(t.ctx.db, "sermon", {
      title: "Grace That Finds Us",
      description: "Amazing grace, how sweet the sound of grace",
    });
    await createMedia(t.ctx.db, "sermon", { title: "The Quiet Place of Prayer" });
    song = await createMedia(t.ctx.db, "song", { title: "Still Waters", artist: "Grace Choir" });
    podcast = await createMedia(t.ctx.db, "podcast", { title: "Grace Talks Episode 4" });
    const member = await registerMember(t.app, { displayName: "Grace Adeyemi", email: "grace.a@example.org" });
    memberId = member.user.id;
    await t.ctx.db
      .insertInto("posts")
      .values({ userId: memberId, content: "Thankful for God's grace this week", imageUrl: null, createdAt: new Date().toISOString() })
      .execute();
    await t.ctx.db
      .insertInto("events")
      .values([
        {
          title: "Grace Night of Worship",
          description: "An evening of praise",
          startTime: "2026-12-01T18:00:00.000Z",
          endTime: "2026-12-01T20:00:00.000Z",
          location: "Main Hall",
          createdBy: null,
          cancelledAt: null,
          createdAt: "2026-11-01T00:00:00.000Z",
        },
        {
          title: "Grace Picnic",
          description: "Cancelled",
          startTime: "2026-12-02T18:00:00.000Z",
          endTime: "2026-12-02T20:00:00.000Z",
          location: "Park",
          createdBy: null,
          cancelledAt: "2026-11-02T00:00:00.000Z",
          createdAt: "2026-11-01T00:00:00.000Z",
        },
      ])
      .execute();
  });
  afterAll(async () => t.close());

  const search = (q: string) => t.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` });

  it("finds every kind, ranking a title match above a description match", async () => {
    const body = (await search("grace")).json();
    expect(body.sermons.map((m: { id: number }) => m.id)).toEqual([graceSermon, graceInDescription]);
    expect(body.songs.map((m: { id: number }) => m.id)).toEqual([song]);
    expect(body.podcasts.map((m: { id: number }) => m.id)).toEqual([podcast]);
    expect(body.posts[0]).toMatchObject({
      content: "Thankful for God's grace this week",
      user: { id: memberId, displayName: "Grace Adeyemi" },
    });
    expect(body.members.map((m: { id: number }) => m.id)).toEqual([memberId]);
    expect(body.events.map((e: { title: string }) => e.title)).toEqual(["Grace Night of Worship"]);
  });

  it("never answers a member's email", async () => {
    const body = await search("grace");
    expect(body.body).not.toContain("grace.a@example.org");
    expect(body.json().members[0]).not.toHaveProperty("email");
  });

  it("matches word prefixes, every word, and any letter case", async () => {
    expect((await search("GRA")).json().sermons).toHaveLength(2);
    expect((await search("grace sound")).json().sermons.map((m: { id: number }) => m.id)).toEqual([graceSermon]);
    expect((await search("quiet prayer")).json().sermons).toHaveLength(1);
  });

  it("answers empty groups for blank, punctuation-only or unmatched queries, and survives search syntax", async () => {
    for (const q of ["", "   ", "!!!", "zzzzqqq", '"unbalanced', "grace OR NOT", "a:* & b"]) {
      const response = await search(q);
      expect(response.statusCode).toBe(200);
    }
    const empty = (await search("")).json();
    expect(empty).toEqual({ query: "", sermons: [], songs: [], podcasts: [], posts: [], members: [], events: [] });
    expect((await search("zzzzqqq")).json().sermons).toEqual([]);
  });

  it("keeps the index current when an item is renamed or removed", async () => {
    await t.ctx.db.updateTable("media").set({ title: "Renewed Mercies" }).where("id", "=", song).execute();
    expect((await search("mercies")).json().songs.map((m: { id: number }) => m.id)).toEqual([song]);
    await t.ctx.db.deleteFrom("media").where("id", "=", podcast).execute();
    expect((await search("talks")).json().podcasts).toEqual([]);
  });

  it("refuses an overlong query and a bad limit", async () => {
    expect((await search("x".repeat(201))).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/search?q=grace&limit=0" })).statusCode).toBe(400);
  });
});
