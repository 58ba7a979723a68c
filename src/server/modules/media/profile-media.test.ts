import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@shared/messages";
import { mediaCredits } from "../../db/migrations/0008_media_credits";
import { demoContent } from "../../db/seed/demo-content";
import { seedDemoContent } from "../../db/seed/seed";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { multipartBody } from "../../test/multipart";
import { type Member, registerMember } from "../../test/factories";
import { createCategory } from "../../test/media-factories";
import { namesCredited } from "./credits";

const DEMO = path.resolve(import.meta.dirname, "../../../../demo/media");

describe("the names an item's speaker, artist or host line credits", () => {
  it("splits co-hosts and guests, and keeps each name whole", () => {
    expect(namesCredited("Naomi Asante & Pastor David Mensah")).toEqual(["Naomi Asante", "Pastor David Mensah"]);
    expect(namesCredited("Pastor David Mensah and Naomi Asante, with  Elder Grace Boateng")).toEqual([
      "Pastor David Mensah",
      "Naomi Asante",
      "Elder Grace Boateng",
    ]);
    expect(namesCredited("Sanctuary Choir feat. Naomi Asante / Miriam Chen; Ruth Jensen + Samuel Okoro")).toEqual([
      "Sanctuary Choir",
      "Naomi Asante",
      "Miriam Chen",
      "Ruth Jensen",
      "Samuel Okoro",
    ]);
    // Words that only contain a joining word stay whole.
    expect(namesCredited("Alexandra Andrews")).toEqual(["Alexandra Andrews"]);
    expect(namesCredited("Bill Withers ft. Grandmaster Flash")).toEqual(["Bill Withers", "Grandmaster Flash"]);
    expect(namesCredited("  ")).toEqual([]);
    expect(namesCredited("Naomi Asante & naomi asante")).toEqual(["Naomi Asante"]);
  });
});

describeEachDatabase("the profile's Media tab credits the people named on each item", (dialect) => {
  let t: TestApp;
  const idOf = new Map<string, number>();
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    expect(await seedDemoContent(t.database, { mediaDir: t.ctx.config.mediaDir, sourceDir: DEMO })).toBe(true);
    for (const member of await t.ctx.db.selectFrom("users").select(["id", "username"]).execute()) idOf.set(member.username, member.id);
  }, 120_000);
  afterAll(async () => t.close());

  const mediaOf = async (userId: number, query = "") => {
    const response = await t.app.inject({ method: "GET", url: `/api/users/${userId}/media${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: number; title: string; artist: string; type: string }[];
  };
  const titlesNaming = (displayName: string) =>
    demoContent.media
      .filter((item) => namesCredited(item.artist).includes(displayName))
      .sort((a, b) => a.daysAgo - b.daysAgo)
      .map((item) => item.title);

  it("lists Naomi Asante's sermons, songs and the podcast she co-hosts, though she uploaded none of them", async () => {
    const naomi = await mediaOf(idOf.get("naomiasante")!);
    expect(naomi.map((item) => item.title)).toEqual(titlesNaming("Naomi Asante"));
    expect(new Set(naomi.map((item) => item.type))).toEqual(new Set(["sermon", "song", "podcast"]));
    for (const item of naomi) expect(namesCredited(item.artist)).toContain("Naomi Asante");
  });

  it("lists only Pastor David's own items, though he uploaded the whole library", async () => {
    const uploaded = await t.ctx.db.selectFrom("media").select("id").where("uploadedBy", "=", idOf.get("pastordavid")!).execute();
    expect(uploaded).toHaveLength(demoContent.media.length);
    const david = await mediaOf(idOf.get("pastordavid")!);
    expect(david.map((item) => item.title)).toEqual(titlesNaming("Pastor David Mensah"));
    expect(david.length).toBeLessThan(demoContent.media.length);
    for (const item of david) expect(namesCredited(item.artist)).toContain("Pastor David Mensah");
    // A member the library never names has an empty tab.
    expect(await mediaOf(idOf.get("ruthjensen")!)).toEqual([]);
  });

  it("pages with the Link cursor and answers 404 for an unknown member", async () => {
    const naomiId = idOf.get("naomiasante")!;
    const all = (await mediaOf(naomiId)).map((item) => item.id);
    const seen: number[] = [];
    let url: string | undefined = `/api/users/${naomiId}/media?limit=3`;
    while (url) {
      const response: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ method: "GET", url });
      seen.push(...response.json().map((item: { id: number }) => item.id));
      url = /<([^>]+)>; rel="next"/.exec((response.headers.link as string | undefined) ?? "")?.[1];
    }
    expect(seen).toEqual(all);
    const forged = await t.app.inject({ method: "GET", url: `/api/users/${naomiId}/media?cursor=nope` });
    expect(forged.json().message).toBe(messages.invalidCursor);
    const unknown = await t.app.inject({ method: "GET", url: "/api/users/999999/media" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.userNotFound);
  });

  describe("publishing and editing", () => {
    let creator: Member;
    let guest: Member;
    let categoryId: number;
    beforeAll(async () => {
      creator = await registerMember(t.app, { displayName: "Creator Esther" });
      guest = await registerMember(t.app, { displayName: "Guest Speaker Tobi" });
      await t.ctx.db.updateTable("users").set({ role: "creator" }).where("id", "=", creator.user.id).execute();
      categoryId = await createCategory(t.ctx.db, "podcast", "Guest Conversations");
    });

    it("credits the members an uploaded item names, and moves the credit when the line is edited", async () => {
      const fields = {
        title: "A Conversation on Hope",
        type: "podcast",
        categoryId: String(categoryId),
        artist: "guest speaker tobi & Naomi Asante",
      };
      const mp3 = fs.readFileSync(path.join(DEMO, "song-02-still-waters.mp3"));
      const body = multipartBody(fields, [{ name: "file", filename: "a.mp3", type: "audio/mpeg", bytes: mp3 }]);
      const published = await t.app.inject({
        method: "POST",
        url: "/api/content/media",
        headers: { ...body.headers, cookie: creator.cookie },
        payload: body.payload,
      });
      expect(published.statusCode).toBe(201);
      const id = published.json().id as number;
      expect((await mediaOf(guest.user.id)).map((item) => item.id)).toEqual([id]);
      expect((await mediaOf(idOf.get("naomiasante")!)).map((item) => item.id)).toContain(id);
      // The uploader is not named on it.
      expect(await mediaOf(creator.user.id)).toEqual([]);

      const edited = await t.app.inject({
        method: "PATCH",
        url: `/api/content/media/${id}`,
        headers: { cookie: creator.cookie },
        payload: { artist: "Creator Esther" },
      });
      expect(edited.statusCode).toBe(200);
      expect(await mediaOf(guest.user.id)).toEqual([]);
      expect((await mediaOf(idOf.get("naomiasante")!)).map((item) => item.id)).not.toContain(id);
      expect((await mediaOf(creator.user.id)).map((item) => item.id)).toEqual([id]);
      // Editing only the title keeps the credits.
      await t.app.inject({
        method: "PATCH",
        url: `/api/content/media/${id}`,
        headers: { cookie: creator.cookie },
        payload: { title: "Hope" },
      });
      expect((await mediaOf(creator.user.id)).map((item) => item.title)).toEqual(["Hope"]);
    });
  });

  it("credits, when migrating, the items published before credits existed", async () => {
    // Undo 0008 as if the library had been filled before it, then run it again.
    await mediaCredits(dialect).down(t.ctx.db as Kysely<unknown>);
    await mediaCredits(dialect).up(t.ctx.db as Kysely<unknown>);
    expect((await mediaOf(idOf.get("naomiasante")!)).map((item) => item.title)).toEqual(titlesNaming("Naomi Asante"));
    expect((await mediaOf(idOf.get("pastordavid")!)).map((item) => item.title)).toEqual(titlesNaming("Pastor David Mensah"));
  });
});
