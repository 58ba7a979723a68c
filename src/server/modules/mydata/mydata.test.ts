import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import yauzl from "yauzl";
import { DELETION_GRACE_DAYS, myDataMessages } from "@shared/contracts/mydata";
import { createManualClock } from "../../clock";
import { createHousekeeping } from "../../housekeeping/housekeeping";
import { type TestApp, buildTestApp, describeEachDatabase, sessionCookie } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";

const DAY_MS = 86_400_000;

/** The files of a zip and their contents. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.readEntry();
    });
  });
}

/** My data: the export of what I created, and the deletion of my account with its grace period and its purge rule. */
describeEachDatabase("my data", (dialect) => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  const clock = createManualClock(Date.parse("2026-03-01T10:00:00.000Z"));
  const call = (member: Member | null, method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: member ? { cookie: member.cookie } : {}, ...(payload !== undefined ? { payload } : {}) });
  const signIn = async (member: Member) => {
    const response = await call(null, "POST", "/api/auth/login", { username: member.username, password: member.password });
    expect(response.statusCode).toBe(200);
    member.cookie = sessionCookie(response);
  };
  const purge = () => createHousekeeping(t.ctx, pino({ level: "silent" })).runOnce();

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    owner = await registerMember(t.app, { displayName: "Lydia" });
    other = await registerMember(t.app, { displayName: "Priscilla" });
    // An upload of the owner's: a post image, stored as the upload path stores it.
    const uploads = path.join(t.ctx.config.mediaDir, "uploads");
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, "post-lydia.png"), Buffer.from("lydia's picture"));
    const post = await call(owner, "POST", "/api/posts", { content: "Seller of purple, now a disciple" });
    await t.ctx.db.updateTable("posts").set({ imageUrl: "/media/uploads/post-lydia.png" }).where("id", "=", post.json().id).execute();
    await call(other, "POST", `/api/posts/${post.json().id}/like`);
    const otherPost = (await call(other, "POST", "/api/posts", { content: "Tentmaking update" })).json().id as number;
    await call(owner, "POST", `/api/posts/${otherPost}/comments`, { content: "Praying for your work" });
    await call(owner, "POST", `/api/posts/${otherPost}/like`);
    await call(owner, "POST", "/api/prayer", { content: "For my household", visibility: "private" });
    await t.ctx.db
      .insertInto("messages")
      .values({ senderId: owner.user.id, receiverId: other.user.id, content: "See you at the river", createdAt: clock.iso() })
      .execute();
  });
  afterAll(async () => t.close());

  it("refuses a visitor", async () => {
    expect((await call(null, "GET", "/api/me/export")).statusCode).toBe(401);
    expect((await call(null, "POST", "/api/me/deletion", { password: "x" })).statusCode).toBe(401);
    expect((await call(null, "GET", "/api/me/deletion")).statusCode).toBe(401);
  });

  it("exports what the member created as a zip of data.json and their uploads, and nothing secret or of others", async () => {
    const response = await call(owner, "GET", "/api/me/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/zip");
    expect(response.headers["content-disposition"]).toContain("attachment");
    const files = await unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(["data.json", "files/uploads/post-lydia.png"]);
    expect(files.get("files/uploads/post-lydia.png")?.toString()).toBe("lydia's picture");
    const data = JSON.parse(files.get("data.json")!.toString());
    expect(data.user).toMatchObject({ id: owner.user.id, displayName: "Lydia" });
    expect(data.user.passwordHash).toBeUndefined();
    expect(data.posts.map((post: { content: string }) => post.content)).toEqual(["Seller of purple, now a disciple"]);
    expect(data.comments.map((comment: { content: string }) => comment.content)).toEqual(["Praying for your work"]);
    expect(data.messages.map((message: { content: string }) => message.content)).toEqual(["See you at the river"]);
    expect(data.prayerRequests).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain("Tentmaking update");
  });

  it("asks for the password, schedules the deletion 14 days on and signs the member out everywhere", async () => {
    const wrong = await call(owner, "POST", "/api/me/deletion", { password: "Wrong1234" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(myDataMessages.wrongPassword);
    expect((await call(owner, "POST", "/api/me/deletion", {})).json().message).toBe(myDataMessages.passwordRequired);
    const scheduled = await call(owner, "POST", "/api/me/deletion", { password: owner.password });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toEqual({ scheduledFor: new Date(clock.now() + DELETION_GRACE_DAYS * DAY_MS).toISOString() });
    expect((await call(owner, "GET", "/api/auth/current")).statusCode).toBe(401);
  });

  it("cancels the deletion when the member signs in during the grace period", async () => {
    clock.advance(3 * DAY_MS);
    await signIn(owner);
    expect((await call(owner, "GET", "/api/me/deletion")).json()).toEqual({ scheduledFor: null });
    clock.advance(DELETION_GRACE_DAYS * DAY_MS);
    expect((await purge()).deletedAccounts).toBe(0);
  });

  it("after the grace period removes posts, comments and likes, and keeps messages as from Deleted member", async () => {
    await signIn(owner);
    expect((await call(owner, "POST", "/api/me/deletion", { password: owner.password })).statusCode).toBe(200);
    clock.advance(DELETION_GRACE_DAYS * DAY_MS - 1000);
    expect((await purge()).deletedAccounts).toBe(0);
    clock.advance(2000);
    expect((await purge()).deletedAccounts).toBe(1);
    expect((await purge()).deletedAccounts).toBe(0);

    await signIn(other);
    const posts = (await call(other, "GET", "/api/posts")).json() as { content: string; likesCount: number; commentsCount: number }[];
    expect(posts.map((post) => post.content)).toEqual(["Tentmaking update"]);
    expect(posts[0]).toMatchObject({ likesCount: 0, commentsCount: 0 });
    expect(fs.existsSync(path.join(t.ctx.config.mediaDir, "uploads", "post-lydia.png"))).toBe(false);
    const conversation = await call(other, "GET", `/api/messages?userId=${other.user.id}&otherUserId=${owner.user.id}`);
    expect(conversation.json()).toEqual([
      expect.objectContaining({ message: "See you at the river", senderName: myDataMessages.deletedMember }),
    ]);
    const profile = (await call(other, "GET", `/api/users/${owner.user.id}`)).json();
    expect(profile).toMatchObject({ displayName: myDataMessages.deletedMember, bio: null });
    const login = await call(null, "POST", "/api/auth/login", { username: owner.username, password: owner.password });
    expect(login.statusCode).toBe(401);
    const audit = await t.ctx.db.selectFrom("audit_log").select("action").where("targetId", "=", owner.user.id).execute();
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["account.deletion_requested", "account.deletion_cancelled", "account.deleted"]),
    );
  });
});
