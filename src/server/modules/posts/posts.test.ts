import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEXT_CURSOR_HEADER, postMessages } from "@shared/contracts/posts";
import { messages } from "@shared/messages";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { multipartBody } from "../../test/multipart";
import { countHashtags, countTopics } from "./hashtags";
import { sniffImage } from "./image-upload";

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    "0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0c4e1a50000000049454e44ae426082",
    "hex",
  ),
]);

describe("image sniffing and hashtags", () => {
  it("recognises images by their bytes, not their names", () => {
    expect(sniffImage(PNG)).toBe("png");
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("jpg");
    expect(sniffImage(Buffer.from("GIF89a......"))).toBe("gif");
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it("adds the church topics posts mention in words after their hashtags", () => {
    expect(countTopics(["Please pray for my family", "Praying with you! #Hope", "Great worship tonight", "Prayer meeting at 7"])).toEqual([
      { tag: "Prayer", posts: 3 },
      { tag: "Family", posts: 1 },
      { tag: "Hope", posts: 1 },
      { tag: "Worship", posts: 1 },
    ]);
  });

  it("counts each hashtag once per post, most used first, ignoring letter case", () => {
    expect(countHashtags(["#Prayer and #prayer again #hope", "More #PRAYER", "no tags", "a#notatag #x"])).toEqual([
      { tag: "Prayer", posts: 2 },
      { tag: "hope", posts: 1 },
    ]);
  });
});

describeEachDatabase("posts", (dialect) => {
  let t: TestApp;
  let ruth: Member;
  let boaz: Member;
  let admin: Member;
  // Posts are ordered by the clock the app reads, moved on between posts instead of sleeping.
  const clock = createManualClock();
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    ruth = await registerMember(t.app, { displayName: "Ruth Adeyemi" });
    boaz = await registerMember(t.app, { displayName: "Pastor Boaz" });
    admin = await registerMember(t.app, { displayName: "Moderator" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
  });
  afterAll(async () => t.close());

  const as = (member: Member | null) => (member ? { cookie: member.cookie } : {});
  const createPost = (member: Member | null, payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/posts", headers: as(member), payload: payload as Record<string, unknown> });
  const like = (member: Member | null, id: number) => t.app.inject({ method: "POST", url: `/api/posts/${id}/like`, headers: as(member) });

  it("creates a post as the signed-in member, ignoring a forged userId and imageUrl", async () => {
    const response = await createPost(ruth, {
      content: "  Praise report: #Healing for my aunt!  ",
      userId: boaz.user.id,
      imageUrl: "https://evil.example/x.png",
    });
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(post).toMatchObject({
      content: "Praise report: #Healing for my aunt!",
      userId: ruth.user.id,
      imageUrl: null,
      likesCount: 0,
      commentsCount: 0,
      likedByMe: false,
      user: { id: ruth.user.id, displayName: "Ruth Adeyemi", profileImageUrl: null },
    });
    expect(post.createdAt).toBe(clock.iso());
  });

  it("answers 401 to a signed-out post, and 400 with a message for blank or missing content", async () => {
    expect((await createPost(null, { content: "hello" })).statusCode).toBe(401);
    const blank = await createPost(ruth, { content: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(postMessages.contentRequired);
    const missing = await createPost(ruth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(postMessages.contentRequired);
    const tooLong = await createPost(ruth, { content: "x".repeat(5001) });
    expect(tooLong.json().message).toBe(postMessages.contentTooLong);
  });

  it("answers 400 for a malformed JSON body and 415 for text/plain", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: ruth.cookie, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: ruth.cookie, "content-type": "text/plain" },
      payload: "content=hello",
    });
    expect(plain.statusCode).toBe(415);
  });

  it("stores an uploaded image judged by its bytes and serves its URL under /media/uploads", async () => {
    const form = multipartBody({ content: "Our new sanctuary", userId: String(boaz.user.id) }, [
      { name: "image", filename: "photo.jpg", type: "image/jpeg", bytes: PNG },
    ]);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...form.headers, cookie: ruth.cookie },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(post.userId).toBe(ruth.user.id);
    expect(post.imageUrl).toMatch(/^\/media\/uploads\/post-[0-9a-f]{24}\.1x1\.png$/);
    const stored = path.join(t.ctx.config.mediaDir, post.imageUrl.slice("/media/".length));
    // Stored re-encoded without its metadata (image-metadata.test.ts), as the same picture in the same format.
    expect(await sharp(fs.readFileSync(stored)).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
  });

  it("refuses a file that is not an image, an image over 5 MB, and a multipart post without content", async () => {
    const svg = multipartBody({ content: "x" }, [
      { name: "image", filename: "a.png", type: "image/png", bytes: Buffer.from("<svg onload=alert(1)>") },
    ]);
    const notImage = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...svg.headers, cookie: ruth.cookie },
      payload: svg.payload,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(postMessages.imageType);

    const big = multipartBody({ content: "x" }, [
      { name: "image", filename: "a.png", type: "image/png", bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    ]);
    const tooLarge = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...big.headers, cookie: ruth.cookie },
      payload: big.payload,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(postMessages.imageTooLarge);

    const empty = multipartBody({}, [{ name: "image", filename: "a.png", type: "image/png", bytes: PNG }]);
    const noContent = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...empty.headers, cookie: ruth.cookie },
      payload: empty.payload,
    });
    expect(noContent.statusCode).toBe(400);
    expect(noContent.json().message).toBe(postMessages.contentRequired);

    const signedOut = await t.app.inject({ method: "POST", url: "/api/posts", headers: empty.headers, payload: empty.payload });
    expect(signedOut.statusCode).toBe(401);
  });

  it("lists posts newest first with their author as a plain array, and filters by member", async () => {
    const first = (await createPost(boaz, { content: "Youth night this Friday" })).json();
    clock.advance(60_000);
    const second = (await createPost(ruth, { content: "Thank you all for the prayers" })).json();
    const response = await t.app.inject({ method: "GET", url: "/api/posts" });
    expect(response.statusCode).toBe(200);
    const posts = response.json();
    expect(Array.isArray(posts)).toBe(true);
    expect(posts[0].id).toBe(second.id);
    expect(posts[1].id).toBe(first.id);
    expect(posts[1].user).toEqual({ id: boaz.user.id, displayName: "Pastor Boaz", profileImageUrl: null });
    expect(JSON.stringify(posts)).not.toMatch(/email|passwordHash/);

    const boazOnly = (await t.app.inject({ method: "GET", url: `/api/posts?userId=${boaz.user.id}` })).json();
    expect(boazOnly.length).toBeGreaterThan(0);
    expect(boazOnly.every((post: { userId: number }) => post.userId === boaz.user.id)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/api/posts?userId=abc" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/posts?limit=101" })).statusCode).toBe(400);
  });

  it("pages through older posts with the X-Next-Cursor and Link headers, without gaps or repeats", async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 5; i++) {
      await createPost(member, { content: `page post ${i}` });
      // Two posts share each moment, so the keyset's tie on createdAt is paged through too.
      if (i % 2 === 1) clock.advance(1_000);
    }
    const seen: number[] = [];
    let url: string | undefined = `/api/posts?userId=${member.user.id}&limit=2`;
    let pages = 0;
    while (url) {
      const response = await t.app.inject({ method: "GET", url });
      const page = response.json();
      seen.push(...page.map((post: { id: number }) => post.id));
      const link = response.headers.link as string | undefined;
      if (response.headers[NEXT_CURSOR_HEADER]) {
        expect(link).toMatch(/^<\/api\/posts\?userId=\d+&limit=2&cursor=[\w-]+>; rel="next"$/);
        url = link!.slice(1, link!.indexOf(">"));
      } else {
        expect(link).toBeUndefined();
        url = undefined;
      }
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const forged = await t.app.inject({ method: "GET", url: "/api/posts?cursor=bm90LWEtY3Vyc29y" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(messages.invalidCursor);
  });

  it("toggles a like per member and answers the exact count; likedByMe follows the viewer", async () => {
    const post = (await createPost(ruth, { content: "Like me twice" })).json();
    expect((await like(ruth, post.id)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await like(boaz, post.id)).json()).toEqual({ liked: true, likesCount: 2 });
    expect((await like(ruth, post.id)).json()).toEqual({ liked: false, likesCount: 1 });
    const asBoaz = (await t.app.inject({ method: "GET", url: `/api/posts/${post.id}`, headers: as(boaz) })).json();
    expect(asBoaz).toMatchObject({ likesCount: 1, likedByMe: true });
    const asRuth = (await t.app.inject({ method: "GET", url: `/api/posts/${post.id}`, headers: as(ruth) })).json();
    expect(asRuth.likedByMe).toBe(false);
    const signedOut = (await t.app.inject({ method: "GET", url: `/api/posts/${post.id}` })).json();
    expect(signedOut.likedByMe).toBe(false);
  });

  it("keeps the like count exact under concurrent likes by many members", async () => {
    const post = (await createPost(ruth, { content: "Everyone like this" })).json();
    const members = await Promise.all(Array.from({ length: 12 }, () => registerMember(t.app)));
    const answers = await Promise.all(members.map((member) => like(member, post.id)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    // Half of them take it back, all at once, while the other half like again concurrently (a toggle back off).
    await Promise.all(members.map((member) => like(member, post.id)));
    await Promise.all(members.slice(0, 5).map((member) => like(member, post.id)));
    const counted = await t.ctx.db
      .selectFrom("post_likes")
      .select((eb) => eb.fn.countAll<number>().as("c"))
      .where("postId", "=", post.id)
      .executeTakeFirstOrThrow();
    const stored = (await t.app.inject({ method: "GET", url: `/api/posts/${post.id}` })).json();
    expect(Number(counted.c)).toBe(5);
    expect(stored.likesCount).toBe(5);
  });

  it("keeps the count equal to the like rows when one member toggles many times at once", async () => {
    const post = (await createPost(boaz, { content: "Double-click me" })).json();
    const answers = await Promise.all(Array.from({ length: 7 }, () => like(ruth, post.id)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const rows = await t.ctx.db.selectFrom("post_likes").select("userId").where("postId", "=", post.id).execute();
    const stored = (await t.app.inject({ method: "GET", url: `/api/posts/${post.id}`, headers: as(ruth) })).json();
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(stored.likesCount).toBe(rows.length);
    expect(stored.likedByMe).toBe(rows.length === 1);
  });

  it("answers 401 to a signed-out like and 404 for an unknown post", async () => {
    const post = (await createPost(ruth, { content: "x" })).json();
    const signedOut = await like(null, post.id);
    expect(signedOut.statusCode).toBe(401);
    expect((await like(ruth, 999_999)).statusCode).toBe(404);
    expect((await like(ruth, "abc" as unknown as number)).statusCode).toBe(400);
  });

  it("adds comments as the signed-in member and lists them oldest first with their author", async () => {
    const post = (await createPost(ruth, { content: "Prayer request" })).json();
    const empty = await t.app.inject({ method: "GET", url: `/api/posts/${post.id}/comments` });
    expect(empty.json()).toEqual([]);
    const first = await t.app.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      headers: as(boaz),
      payload: { content: " Praying for you ", userId: ruth.user.id },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      postId: post.id,
      content: "Praying for you",
      user: { id: boaz.user.id, displayName: "Pastor Boaz" },
    });
    await t.app.inject({ method: "POST", url: `/api/posts/${post.id}/comments`, headers: as(ruth), payload: { content: "Thank you" } });
    const list = (await t.app.inject({ method: "GET", url: `/api/posts/${post.id}/comments` })).json();
    expect(list.map((c: { content: string }) => c.content)).toEqual(["Praying for you", "Thank you"]);
    const updated = (await t.app.inject({ method: "GET", url: `/api/posts/${post.id}` })).json();
    expect(updated.commentsCount).toBe(2);
  });

  it("pages through a post's comments oldest first with the same cursor headers", async () => {
    const post = (await createPost(ruth, { content: "A long conversation" })).json();
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ method: "POST", url: `/api/posts/${post.id}/comments`, headers: as(boaz), payload: { content: `reply ${i}` } });
      clock.advance(1_000);
    }
    const contents: string[] = [];
    let url: string | undefined = `/api/posts/${post.id}/comments?limit=2`;
    while (url) {
      const response = await t.app.inject({ method: "GET", url });
      contents.push(...response.json().map((comment: { content: string }) => comment.content));
      const link = response.headers.link as string | undefined;
      expect(Boolean(link)).toBe(Boolean(response.headers[NEXT_CURSOR_HEADER]));
      url = link?.slice(1, link.indexOf(">"));
    }
    expect(contents).toEqual(["reply 0", "reply 1", "reply 2", "reply 3", "reply 4"]);
    const forged = await t.app.inject({ method: "GET", url: `/api/posts/${post.id}/comments?cursor=${"x".repeat(12)}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(messages.invalidCursor);
  });

  it("notifies a post's author of a comment by another member, but not of their own", async () => {
    const author = await registerMember(t.app);
    const unread = async () => (await t.app.inject({ method: "GET", url: "/api/notifications", headers: as(author) })).json();
    const before = (await unread()).unreadCount;
    const post = (await createPost(author, { content: "Notify me" })).json();
    await t.app.inject({ method: "POST", url: `/api/posts/${post.id}/comments`, headers: as(author), payload: { content: "My own note" } });
    expect((await unread()).unreadCount).toBe(before);
    await t.app.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      headers: as(boaz),
      payload: { content: "Praying with you" },
    });
    const after = await unread();
    expect(after.unreadCount).toBe(before + 1);
    expect(JSON.stringify(after)).toContain(`/community/${post.id}`);
    expect(JSON.stringify(after)).toContain('Pastor Boaz commented on your post: \\"Praying with you\\"');
  });

  it("refuses comments signed out (401), blank (400), on unknown posts (404), and keeps counts under concurrency", async () => {
    const post = (await createPost(ruth, { content: "Comment storm" })).json();
    const url = `/api/posts/${post.id}/comments`;
    expect((await t.app.inject({ method: "POST", url, payload: { content: "hi" } })).statusCode).toBe(401);
    const blank = await t.app.inject({ method: "POST", url, headers: as(boaz), payload: { content: "  " } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(postMessages.commentRequired);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/posts/999999/comments", headers: as(boaz), payload: { content: "hi" } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/posts/999999/comments" })).statusCode).toBe(404);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({ method: "POST", url, headers: as(i % 2 ? ruth : boaz), payload: { content: `c${i}` } }),
      ),
    );
    expect((await t.app.inject({ method: "GET", url: `/api/posts/${post.id}` })).json().commentsCount).toBe(10);
  });

  it("answers 400 for a malformed comment or report body", async () => {
    const post = (await createPost(ruth, { content: "Malformed bodies" })).json();
    const headers = { cookie: boaz.cookie, "content-type": "application/json" };
    const comment = await t.app.inject({ method: "POST", url: `/api/posts/${post.id}/comments`, headers, payload: "{content" });
    expect(comment.statusCode).toBe(400);
    const report = await t.app.inject({ method: "POST", url: `/api/posts/${post.id}/report`, headers, payload: "[" });
    expect(report.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      headers: { cookie: boaz.cookie },
      payload: { content: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it("lets members delete only their own comments and posts; a moderator removes any", async () => {
    const post = (await createPost(ruth, { content: "Mine" })).json();
    const comment = (
      await t.app.inject({ method: "POST", url: `/api/posts/${post.id}/comments`, headers: as(boaz), payload: { content: "Boaz says" } })
    ).json();
    const commentUrl = `/api/posts/${post.id}/comments/${comment.id}`;
    expect((await t.app.inject({ method: "DELETE", url: commentUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: commentUrl, headers: as(ruth) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: commentUrl, headers: as(boaz) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "DELETE", url: commentUrl, headers: as(boaz) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/posts/${post.id}` })).json().commentsCount).toBe(0);

    expect((await t.app.inject({ method: "DELETE", url: `/api/posts/${post.id}`, headers: as(boaz) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/api/posts/${post.id}`, headers: as(ruth) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/posts/${post.id}`, headers: as(ruth) })).statusCode).toBe(404);

    const other = (await createPost(boaz, { content: "Moderate me" })).json();
    expect((await t.app.inject({ method: "DELETE", url: `/api/posts/${other.id}`, headers: as(admin) })).statusCode).toBe(204);
  });

  it("files reports once per member, shows them to moderators only, and closes them when the post is removed", async () => {
    const post = (await createPost(boaz, { content: "Buy cheap watches" })).json();
    const url = `/api/posts/${post.id}/report`;
    expect((await t.app.inject({ method: "POST", url, payload: { reason: "spam" } })).statusCode).toBe(401);
    const first = await t.app.inject({ method: "POST", url, headers: as(ruth), payload: { reason: "spam" } });
    expect(first.statusCode).toBe(201);
    const again = await t.app.inject({ method: "POST", url, headers: as(ruth), payload: { reason: "spam again" } });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await t.app.inject({ method: "POST", url, headers: as(ruth) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/posts/999999/report", headers: as(ruth) })).statusCode).toBe(404);
    const long = await t.app.inject({ method: "POST", url, headers: as(ruth), payload: { reason: "x".repeat(501) } });
    expect(long.json().message).toBe(postMessages.reasonTooLong);

    expect((await t.app.inject({ method: "GET", url: "/api/moderation/reports" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/moderation/reports", headers: as(ruth) })).statusCode).toBe(403);
    const open = (await t.app.inject({ method: "GET", url: "/api/moderation/reports", headers: as(admin) })).json();
    const report = open.find((r: { targetId: number }) => r.targetId === post.id);
    expect(report).toMatchObject({
      reason: "spam",
      resolvedAt: null,
      reporter: { id: ruth.user.id },
      post: { id: post.id, content: "Buy cheap watches" },
    });

    expect((await t.app.inject({ method: "DELETE", url: `/api/posts/${post.id}`, headers: as(admin) })).statusCode).toBe(204);
    const stillOpen = (await t.app.inject({ method: "GET", url: "/api/moderation/reports", headers: as(admin) })).json();
    expect(stillOpen.some((r: { targetId: number }) => r.targetId === post.id)).toBe(false);
    const resolved = (await t.app.inject({ method: "GET", url: "/api/moderation/reports?status=resolved", headers: as(admin) })).json();
    expect(resolved.find((r: { id: number }) => r.id === report.id)).toMatchObject({ post: null });
  });

  it("lets a moderator dismiss a report", async () => {
    const post = (await createPost(ruth, { content: "Harmless" })).json();
    const report = (
      await t.app.inject({ method: "POST", url: `/api/posts/${post.id}/report`, headers: as(boaz), payload: { reason: "mistake" } })
    ).json();
    const url = `/api/moderation/reports/${report.id}/resolve`;
    expect((await t.app.inject({ method: "POST", url, headers: as(boaz) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url, headers: as(admin) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "POST", url: "/api/moderation/reports/999999/resolve", headers: as(admin) })).statusCode).toBe(
      404,
    );
    const open = (await t.app.inject({ method: "GET", url: "/api/moderation/reports", headers: as(admin) })).json();
    expect(open.some((r: { id: number }) => r.id === report.id)).toBe(false);
  });

  it("counts the community's figures, trending hashtags and active groups from the data", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/api/community/stats" })).json();
    const newcomer = await registerMember(t.app);
    await createPost(newcomer, { content: "First time here #Welcome #welcome #NewHere" });
    await createPost(newcomer, { content: "Loving the #welcome" });
    const after = (await t.app.inject({ method: "GET", url: "/api/community/stats" })).json();
    expect(after.members).toBe(before.members + 1);
    expect(after.postsThisWeek).toBe(before.postsThisWeek + 2);
    expect(after.activeMembers).toBe(before.activeMembers + 1);
    const userCount = await t.ctx.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("c"))
      .executeTakeFirstOrThrow();
    expect(after.members).toBe(Number(userCount.c));

    const trending = (await t.app.inject({ method: "GET", url: "/api/community/trending?limit=20" })).json();
    expect(trending.find((topic: { tag: string }) => topic.tag.toLowerCase() === "welcome")?.posts).toBe(2);
    expect(trending).toContainEqual({ tag: "NewHere", posts: 1 });

    const now = clock.iso();
    const group = await t.ctx.db
      .insertInto("groups")
      .values({ name: "Prayer Warriors", description: "We pray", createdBy: null, createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto("group_members")
      .values([ruth, boaz].map((m) => ({ groupId: group.id, userId: m.user.id, joinedAt: now, lastReadAt: null })))
      .execute();
    const groups = (await t.app.inject({ method: "GET", url: "/api/community/groups" })).json();
    expect(groups).toContainEqual({ id: group.id, name: "Prayer Warriors", description: "We pray", members: 2, messagesThisWeek: 0 });
  });

  it("answers the not-signed-in message as JSON", async () => {
    const response = await createPost(null, { content: "x" });
    expect(response.json()).toMatchObject({ message: messages.notSignedIn });
  });
});
