import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { postMessages } from "@shared/contracts/posts";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { multipartBody } from "../../test/multipart";
import { creditNamedMembers } from "../media/media.repository";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0c4e1a50000000049454e44ae426082",
  "hex",
);
const GIF = Buffer.from("47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b", "hex");

const form = (file: { bytes: Buffer; filename: string; type: string }) => multipartBody({}, [{ name: "avatar", ...file }]);

describeEachDatabase("profile avatar and media", (dialect) => {
  let t: TestApp;
  let ruth: Member;
  let boaz: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ruth = await registerMember(t.app);
    boaz = await registerMember(t.app);
  });
  afterAll(async () => t.close());

  const upload = (member: Member | null, userId: number, bytes: Buffer, type = "image/png") => {
    const body = form({ bytes, filename: "me.png", type });
    return t.app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...body.headers, ...(member ? { cookie: member.cookie } : {}) },
      payload: body.payload,
    });
  };

  it("stores a member's own avatar, replaces the previous file and shows it on posts", async () => {
    const first = await upload(ruth, ruth.user.id, PNG);
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().profileImageUrl;
    expect(firstUrl).toMatch(new RegExp(`^/media/uploads/avatar-${ruth.user.id}-[0-9a-f]{24}\\.1x1\\.png$`));
    const firstFile = path.join(t.ctx.config.mediaDir, firstUrl.slice("/media/".length));
    expect(fs.existsSync(firstFile)).toBe(true);

    const second = await upload(ruth, ruth.user.id, GIF, "image/png");
    expect(second.json().profileImageUrl).toMatch(/\.gif$/);
    expect(fs.existsSync(firstFile)).toBe(false);

    await t.app.inject({ method: "POST", url: "/api/posts", headers: { cookie: ruth.cookie }, payload: { content: "With my new photo" } });
    const [post] = (await t.app.inject({ method: "GET", url: `/api/posts?userId=${ruth.user.id}` })).json();
    expect(post.user.profileImageUrl).toBe(second.json().profileImageUrl);
  });

  it("refuses another member's avatar (403), the signed out (401), non-images and JSON bodies (400)", async () => {
    expect((await upload(boaz, ruth.user.id, PNG)).statusCode).toBe(403);
    expect((await upload(null, ruth.user.id, PNG)).statusCode).toBe(401);
    const script = await upload(ruth, ruth.user.id, Buffer.from("<script>alert(1)</script>"));
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe(postMessages.imageType);
    const json = await t.app.inject({
      method: "POST",
      url: `/api/users/${ruth.user.id}/avatar`,
      headers: { cookie: ruth.cookie },
      payload: { profileImageUrl: "https://evil.example/a.png" },
    });
    expect(json.statusCode).toBe(400);
    const big = await upload(ruth, ruth.user.id, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
  });

  it("lists the media naming a member for the profile's Media tab, not what they uploaded", async () => {
    const now = new Date().toISOString();
    const item = await t.ctx.db
      .insertInto("media")
      .values({
        title: "Grace Abounds",
        description: "",
        type: "sermon",
        categoryId: null,
        artist: boaz.user.displayName,
        thumbnailUrl: null,
        mediaUrl: "/media/x.mp4",
        mimeType: "video/mp4",
        duration: 60,
        uploadedBy: ruth.user.id,
        createdAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await creditNamedMembers(t.ctx.db, item.id, boaz.user.displayName);
    const list = (await t.app.inject({ method: "GET", url: `/api/users/${boaz.user.id}/media` })).json();
    expect(list.map((m: { title: string }) => m.title)).toEqual(["Grace Abounds"]);
    expect((await t.app.inject({ method: "GET", url: `/api/users/${ruth.user.id}/media` })).json()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/users/999999/media" })).statusCode).toBe(404);
  });
});
