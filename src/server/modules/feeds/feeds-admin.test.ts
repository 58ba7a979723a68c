import fs from "node:fs";
import path from "node:path";
import { parseFeed } from "podcast-partytime";
import Parser from "rss-parser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { feedMessages } from "@shared/contracts/feed-settings";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { createCategory, createMedia } from "../../test/media-factories";

const ORIGIN = "https://church.example.org";
const VTT = "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nWelcome to Field Notes.\n";

describeEachDatabase("a show's directory fields and transcripts, as admins edit them", (dialect) => {
  let t: TestApp;
  let admin: Member;
  let member: Member;
  let showId: number;
  let episodeId: number;
  let songId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { PUBLIC_ORIGIN: ORIGIN });
    admin = await registerMember(t.app, { displayName: "Admin Ada" });
    member = await registerMember(t.app, { displayName: "Member Mo" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    showId = await createCategory(t.ctx.db, "podcast", "Field Notes");
    // The episode's file exists, so the feed lists it.
    fs.mkdirSync(path.join(t.ctx.config.mediaDir, "published"), { recursive: true });
    fs.writeFileSync(path.join(t.ctx.config.mediaDir, "published", "episode-1.mp3"), Buffer.alloc(2048, 1));
    episodeId = await createMedia(t.ctx.db, "podcast", { categoryId: showId, mediaUrl: "/media/published/episode-1.mp3" });
    songId = await createMedia(t.ctx.db, "song");
  });
  afterAll(async () => t.close());

  const call = (who: Member | null, method: "GET" | "PUT", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const settings = {
    author: "Pastor Eli and the Field Notes team",
    ownerName: "Grace Church Office",
    ownerEmail: "office@church.example.org",
    artworkUrl: "https://cdn.church.example.org/field-notes-3000.jpg",
    itunesCategory: "Religion & Spirituality",
    itunesSubcategory: "Christianity",
    explicit: true,
    language: "en-GB",
    locked: false,
  };

  it("answers a show's fields with their defaults to an admin, and refuses members and visitors", async () => {
    expect((await call(null, "GET", `/api/feeds/${showId}/settings`)).statusCode).toBe(401);
    expect((await call(member, "GET", `/api/feeds/${showId}/settings`)).statusCode).toBe(403);
    const response = await call(admin, "GET", `/api/feeds/${showId}/settings`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: "Field Notes",
      feedUrl: `${ORIGIN}/feeds/shows/${showId}.xml`,
      itunesCategory: "Religion & Spirituality",
      explicit: false,
      locked: true,
      artworkUrl: "",
    });
    expect((await call(admin, "GET", "/api/feeds/sermons/settings")).json().feedUrl).toBe(`${ORIGIN}/feeds/sermons.xml`);
  });

  it("saves what an admin enters, and both parsers read it back from the show's feed", async () => {
    expect((await call(member, "PUT", `/api/feeds/${showId}/settings`, settings)).statusCode).toBe(403);
    const saved = await call(admin, "PUT", `/api/feeds/${showId}/settings`, settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(settings);
    expect((await call(admin, "GET", `/api/feeds/${showId}/settings`)).json()).toMatchObject(settings);

    const xml = (await call(null, "GET", `/feeds/shows/${showId}.xml`)).body;
    const party = parseFeed(xml);
    expect(party?.author).toBe(settings.author);
    expect(party?.owner).toMatchObject({ name: settings.ownerName, email: settings.ownerEmail });
    expect(party?.explicit).toBe(true);
    expect(party?.language).toBe("en-GB");
    expect(party?.locked).toBe(false);
    const rss = await new Parser<{ itunes?: { image?: string; categories?: string[] } }>().parseString(xml);
    expect(rss.itunes?.image).toBe(settings.artworkUrl);
    expect(rss.itunes?.categories).toContain("Religion & Spirituality");
    expect(xml).toContain('<itunes:category text="Christianity"/>');
  });

  it("refuses fields directories would reject with clear messages", async () => {
    const bad = async (changes: Record<string, unknown>) => {
      const response = await call(admin, "PUT", `/api/feeds/${showId}/settings`, { ...settings, ...changes });
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await bad({ ownerEmail: "not an address" })).toBe(feedMessages.ownerEmailInvalid);
    expect(await bad({ artworkUrl: "http://insecure.example.org/a.jpg" })).toBe(feedMessages.artworkInvalid);
    expect(await bad({ language: "English" })).toBe(feedMessages.languageInvalid);
    expect((await call(admin, "PUT", `/api/feeds/${showId}/settings`, { ...settings, itunesCategory: "Cooking" })).statusCode).toBe(400);
    const song = await createCategory(t.ctx.db, "music", "Hymns");
    expect((await call(admin, "GET", `/api/feeds/${song}/settings`)).statusCode).toBe(404);
    expect((await call(admin, "GET", "/api/feeds/0/settings")).statusCode).toBe(400);
  });

  it("attaches a transcript that the feed announces as podcast:transcript and the site serves", async () => {
    const url = `/api/content/media/${episodeId}/transcript`;
    expect((await call(null, "PUT", url, { format: "vtt", text: VTT })).statusCode).toBe(401);
    expect((await call(member, "PUT", url, { format: "vtt", text: VTT })).statusCode).toBe(403);
    const wrongFormat = await call(admin, "PUT", url, { format: "vtt", text: "Welcome to Field Notes." });
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.json().message).toBe(feedMessages.transcriptFormat);
    expect((await call(admin, "PUT", `/api/content/media/${songId}/transcript`, { format: "vtt", text: VTT })).statusCode).toBe(400);

    const first = await call(admin, "PUT", url, { format: "vtt", text: VTT });
    expect(first.statusCode).toBe(200);
    const second = await call(admin, "PUT", url, { format: "srt", text: "1\n00:00:00,000 --> 00:00:04,000\nWelcome back.\n" });
    expect(second.statusCode).toBe(200);
    const { url: transcriptUrl } = second.json() as { url: string };
    expect(transcriptUrl).toMatch(/^\/media\/published\/transcript-[\w-]+\.srt$/);
    // The replaced file is gone; the new one is served.
    expect((await call(null, "GET", first.json().url)).statusCode).toBe(404);
    const served = await call(null, "GET", transcriptUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toContain("application/srt");
    expect(served.body).toContain("Welcome back.");

    const party = parseFeed((await call(null, "GET", `/feeds/shows/${showId}.xml`)).body);
    expect(party?.items[0]?.podcastTranscripts?.[0]).toMatchObject({ url: `${ORIGIN}${transcriptUrl}`, type: "application/srt" });
  });
});
