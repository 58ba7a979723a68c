import path from "node:path";
import { parseFeed } from "podcast-partytime";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERMONS_FEED_PATH, subscribeLinks } from "@shared/contracts/feeds";
import { seedDemoContent } from "../../db/seed/seed";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { createCategory, createMedia } from "../../test/media-factories";
import { formatDuration, podcastGuid, uuidV5 } from "./rss";

const DEMO = path.resolve(import.meta.dirname, "../../../../demo/media");
const ORIGIN = "https://church.example.org";

type RssItem = Parser.Item & { itunes?: { duration?: string; explicit?: string } };
const rss = new Parser<Record<string, unknown>, RssItem>();

describe("the feed writer's pure parts", () => {
  it("derives podcast:guid as the Podcasting 2.0 spec does (its own example)", () => {
    expect(podcastGuid("https://mp3s.nashownotes.com/pc20rss.xml")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
    expect(podcastGuid("mp3s.nashownotes.com/pc20rss.xml/")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
  });

  it("writes version-5 UUIDs and durations podcast apps read", () => {
    expect(uuidV5("media-1", "917393e3-1b1e-5cef-ace4-edaa54e1f810")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(formatDuration(59)).toBe("0:59");
    expect(formatDuration(754)).toBe("12:34");
    expect(formatDuration(3_723)).toBe("1:02:03");
  });

  it("hands a feed to each app by its own scheme", () => {
    const links = subscribeLinks("https://church.example.org/feeds/shows/3.xml");
    expect(links.applePodcasts).toBe("podcasts://church.example.org/feeds/shows/3.xml");
    expect(links.pocketCasts).toBe("pktc://subscribe/church.example.org/feeds/shows/3.xml");
    expect(links.overcast).toBe("overcast://x-callback-url/add?url=https%3A%2F%2Fchurch.example.org%2Ffeeds%2Fshows%2F3.xml");
    expect(links.podcastScheme).toBe("podcast://church.example.org/feeds/shows/3.xml");
  });
});

describeEachDatabase("podcast and sermon feeds", (dialect) => {
  let t: TestApp;
  let feedPaths: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, { PUBLIC_ORIGIN: ORIGIN });
    expect(await seedDemoContent(t.database, { mediaDir: t.ctx.config.mediaDir, sourceDir: DEMO })).toBe(true);
    const response = await t.app.inject({ method: "GET", url: "/api/content/categories?type=podcast" });
    const shows = response.json() as { id: number; feedUrl?: string }[];
    expect(shows.length).toBeGreaterThan(0);
    feedPaths = [SERMONS_FEED_PATH, ...shows.map((show) => new URL(show.feedUrl ?? "").pathname)];
  }, 120_000);
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
  const localPath = (url: string) => {
    expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
    return url.slice(ORIGIN.length);
  };

  it("gives every podcast show a feedUrl on PUBLIC_ORIGIN, and no other category one", async () => {
    const shows = (await get("/api/content/categories?type=podcast")).json() as { id: number; feedUrl?: string }[];
    for (const show of shows) expect(show.feedUrl).toBe(`${ORIGIN}/feeds/shows/${show.id}.xml`);
    const sermons = (await get("/api/content/categories?type=sermon")).json() as { feedUrl?: string }[];
    expect(sermons.every((category) => category.feedUrl === undefined)).toBe(true);
  });

  it("serves every feed signed out, and both parsers accept it with everything directories require", async () => {
    for (const feedPath of feedPaths) {
      const response = await get(feedPath, { host: "evil.example.com" });
      expect(response.statusCode, feedPath).toBe(200);
      expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
      expect(response.body).not.toContain("evil.example");

      const parsed = await rss.parseString(response.body);
      const party = parseFeed(response.body);
      expect(party, feedPath).not.toBeNull();
      if (!party) continue;
      expect(parsed.title).toBe(party.title);
      expect(parsed.items.length, feedPath).toBeGreaterThan(0);
      expect(party.items.length).toBe(parsed.items.length);

      // The channel: artwork, author, owner, category, explicit and the Podcasting 2.0 tags.
      expect(party.itunesImage).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(party.image?.url).toBe(party.itunesImage);
      expect(party.author).toBeTruthy();
      expect(party.owner?.name).toBeTruthy();
      expect(party.owner?.email).toMatch(/@/);
      expect(party.itunesCategory).toEqual(["Religion & Spirituality > Christianity"]);
      expect(party.explicit).toBe(false);
      expect(response.body).toContain("<itunes:explicit>false</itunes:explicit>");
      expect(party.guid).toMatch(/^[0-9a-f-]{36}$/);
      expect(party.locked).toBe(true);
      expect(party.podcastOwner).toBe(party.owner?.email);
      expect(party.pubsub?.self).toBe(`${ORIGIN}${feedPath}`);

      const guids = new Set<string>();
      for (const [index, item] of parsed.items.entries()) {
        const partyItem = party.items[index];
        expect(item.enclosure?.url).toBe(partyItem?.enclosure.url);
        expect(item.guid).toBeTruthy();
        guids.add(item.guid ?? "");
        expect(Number.isNaN(Date.parse(item.pubDate ?? ""))).toBe(false);
        expect(item.itunes?.duration).toMatch(/^(\d+:)?\d{1,2}:\d{2}$/);
        expect(partyItem?.duration).toBeGreaterThan(0);
        expect(partyItem?.podcastPeople?.length ?? 0).toBeGreaterThan(0);
        if (feedPath === SERMONS_FEED_PATH) expect(item.enclosure?.type).toMatch(/^audio\//);

        // The enclosure: its length is the file's real size, and the file answers HEAD and a Range GET signed out.
        const enclosure = item.enclosure;
        if (!enclosure) throw new Error("no enclosure");
        const head = await t.app.inject({ method: "HEAD", url: localPath(enclosure.url) });
        expect(head.statusCode).toBe(200);
        expect(head.headers["content-length"]).toBe(String(enclosure.length));
        expect(head.headers["content-type"]).toBe(enclosure.type);
        expect(head.headers["accept-ranges"]).toBe("bytes");
        const range = await get(localPath(enclosure.url), { range: "bytes=100-1123" });
        expect(range.statusCode).toBe(206);
        expect(range.headers["content-range"]).toBe(`bytes 100-1123/${enclosure.length}`);
        expect(range.rawPayload.length).toBe(1024);
      }
      expect(guids.size).toBe(parsed.items.length);
    }
  });

  it("lists only audio sermons in the sermons feed, newest first", async () => {
    const body = (await get(SERMONS_FEED_PATH)).body;
    const parsed = await rss.parseString(body);
    const audio = await t.ctx.db
      .selectFrom("media")
      .select("title")
      .where("type", "=", "sermon")
      .where("mimeType", "like", "audio/%")
      .orderBy("createdAt", "desc")
      .execute();
    expect(parsed.items.map((item) => item.title)).toEqual(audio.map((row) => row.title));
  });

  it("announces a transcript where an episode has one", async () => {
    const episode = await t.ctx.db.selectFrom("media").select(["id", "categoryId"]).where("type", "=", "podcast").executeTakeFirstOrThrow();
    await t.ctx.db.insertInto("media_transcripts").values({ mediaId: episode.id, url: "/media/transcript-1.vtt" }).execute();
    const party = parseFeed((await get(`/feeds/shows/${episode.categoryId}.xml`)).body);
    const withTranscript = party?.items.filter((item) => item.podcastTranscripts?.length);
    expect(withTranscript?.length).toBe(1);
    expect(withTranscript?.[0]?.podcastTranscripts?.[0]).toMatchObject({ url: `${ORIGIN}/media/transcript-1.vtt`, type: "text/vtt" });
  });

  it("answers HEAD with the head of GET and no body", async () => {
    const full = await get(SERMONS_FEED_PATH);
    const head = await t.app.inject({ method: "HEAD", url: SERMONS_FEED_PATH });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers["last-modified"]).toBe(full.headers["last-modified"]);
    expect(head.headers["content-type"]).toBe(full.headers["content-type"]);
  });

  it("answers 304 to a current ETag or Last-Modified, and 200 with new validators once an episode is added", async () => {
    const categoryId = await createCategory(t.ctx.db, "podcast", "Evening Prayer");
    const url = `/feeds/shows/${categoryId}.xml`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect(etag).toMatch(/^"[\w-]+"$/);

    expect((await get(url, { "if-none-match": etag })).statusCode).toBe(304);
    expect((await get(url, { "if-none-match": `W/${etag}` })).statusCode).toBe(304);
    expect((await get(url, { "if-modified-since": lastModified })).statusCode).toBe(304);
    expect((await t.app.inject({ method: "HEAD", url, headers: { "if-none-match": etag } })).statusCode).toBe(304);
    // A changed ETag wins over a date that would still match.
    expect((await get(url, { "if-none-match": '"other"', "if-modified-since": lastModified })).statusCode).toBe(200);

    const file = await t.ctx.db.selectFrom("media").select("mediaUrl").where("type", "=", "podcast").executeTakeFirstOrThrow();
    await createMedia(t.ctx.db, "podcast", {
      categoryId,
      title: "Compline",
      mediaUrl: file.mediaUrl,
      createdAt: new Date(Date.parse(lastModified) + 60_000).toISOString(),
    });
    const after = await get(url, { "if-none-match": etag, "if-modified-since": lastModified });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(Date.parse(String(after.headers["last-modified"]))).toBeGreaterThan(Date.parse(lastModified));
    expect((await rss.parseString(after.body)).items.map((item) => item.title)).toEqual(["Compline"]);
  });

  it("keeps a show's guid and its items' guids across requests", async () => {
    const first = parseFeed((await get(SERMONS_FEED_PATH)).body);
    const second = parseFeed((await get(SERMONS_FEED_PATH)).body);
    expect(second?.guid).toBe(first?.guid);
    expect(second?.guid).toBe(podcastGuid(`${ORIGIN}${SERMONS_FEED_PATH}`));
    expect(second?.items.map((item) => item.guid)).toEqual(first?.items.map((item) => item.guid));
  });

  it("answers 404 for an unknown show, a category that is not a show, and a malformed id", async () => {
    const music = await createCategory(t.ctx.db, "music");
    for (const url of [
      "/feeds/shows/999999.xml",
      `/feeds/shows/${music}.xml`,
      "/feeds/shows/abc.xml",
      "/feeds/shows/99999999999.xml",
      "/feeds/nothing.xml",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
    }
  });
});
