import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationMessages } from "@shared/contracts/moderation";
import { NEXT_CURSOR_HEADER } from "@shared/contracts/common";
import { describeEachDatabase, requestAs } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LiveClient, startLiveTestApp } from "../../test/live";
import { createModerationService } from "./moderation.service";

/**
 * Reports with reasons, the moderation queue's actions, members' standing and new-member review (decision 0021), for
 * each role: the owner of the reported content, another member, a member the owner blocked, the care team, an admin and
 * a visitor.
 */
describeEachDatabase("moderation", (dialect) => {
  let t: Awaited<ReturnType<typeof startLiveTestApp>>;
  let owner: Member;
  let other: Member;
  let blocked: Member;
  let carer: Member;
  let admin: Member;
  let ownerPost: number;
  let ownerComment: number;
  let ownerMessage: number;
  let song: number;
  const clients: LiveClient[] = [];

  const call: ReturnType<typeof requestAs> = (...args) => requestAs(t.app)(...args);
  const signIn = (member: Member) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: member.username, password: member.password } });
  const reportIn = async (status = "open") =>
    (await call(admin, "GET", `/api/moderation/reports?status=${status}`)).json() as {
      id: number;
      targetType: string;
      targetId: number;
      reason: string;
      details: string;
      action: string | null;
      member: { id: number } | null;
      excerpt: string | null;
      reporter: { id: number };
    }[];
  const auditActions = async () =>
    ((await call(admin, "GET", "/api/admin/audit?limit=100")).json() as { action: string; targetType: string; targetId: number }[]).map(
      (entry) => `${entry.action} ${entry.targetType} ${entry.targetId}`,
    );
  const addMessage = async (senderId: number, receiverId: number, content: string) =>
    (
      await t.ctx.db
        .insertInto("messages")
        .values({ senderId, receiverId, groupId: null, roomCode: null, content, createdAt: new Date().toISOString(), readAt: null })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await startLiveTestApp(dialect);
    owner = await registerMember(t.app, { displayName: "Diotrephes" });
    other = await registerMember(t.app, { displayName: "Gaius" });
    blocked = await registerMember(t.app, { displayName: "Demetrius" });
    carer = await registerMember(t.app, { displayName: "Phoebe" });
    admin = await registerMember(t.app, { displayName: "John" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    expect((await call(admin, "PUT", `/api/care-team/${carer.user.id}`)).statusCode).toBe(204);
    expect((await call(owner, "PUT", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
    ownerPost = (await call(owner, "POST", "/api/posts", { content: "Buy my miracle oil" })).json().id;
    ownerComment = (await call(owner, "POST", `/api/posts/${ownerPost}/comments`, { content: "Only 99 coins" })).json().id;
    ownerMessage = await addMessage(owner.user.id, other.user.id, "Send me your bank details");
    song = (
      await t.ctx.db
        .insertInto("media")
        .values({
          title: "Loud song",
          description: "",
          type: "song",
          categoryId: null,
          artist: "Choir",
          thumbnailUrl: null,
          mediaUrl: "/media/loud.mp3",
          mimeType: "audio/mpeg",
          duration: 60,
          uploadedBy: owner.user.id,
          createdAt: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    for (const client of clients) void client.close();
    await t.close();
  });

  describe("reports with reasons", () => {
    const urls = () => ({
      post: `/api/posts/${ownerPost}/report`,
      comment: `/api/posts/${ownerPost}/comments/${ownerComment}/report`,
      message: `/api/messages/${ownerMessage}/report`,
      member: `/api/users/${owner.user.id}/report`,
      media: `/api/content/media/${song}/report`,
    });

    it("refuses a visitor on every kind of report", async () => {
      for (const url of Object.values(urls())) {
        const response = await call(null, "POST", url, { reason: "spam" });
        expect(response.statusCode, url).toBe(401);
      }
    });

    it("files a report of each kind once per member while it is open, with its reason and details", async () => {
      for (const [type, url] of Object.entries(urls())) {
        const first = await call(other, "POST", url, { reason: "spam", details: `about the ${type}` });
        expect(first.statusCode, url).toBe(201);
        const again = await call(other, "POST", url, { reason: "spam" });
        expect(again.statusCode, url).toBe(200);
        expect(again.json().id).toBe(first.json().id);
      }
      const open = await reportIn();
      for (const type of ["post", "comment", "message", "member", "media"]) {
        const report = open.find((r) => r.targetType === type && r.reporter.id === other.user.id);
        expect(report, type).toMatchObject({ reason: "spam", details: `about the ${type}`, member: { id: owner.user.id }, action: null });
        expect(report?.excerpt).toBeTruthy();
      }
    });

    it("answers a clear 400 for a missing or unknown reason, long details and a broken body", async () => {
      const url = urls().comment;
      const missing = await call(other, "POST", url, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(moderationMessages.reasonInvalid);
      expect((await call(other, "POST", url, { reason: "rude" })).json().message).toBe(moderationMessages.reasonInvalid);
      const long = await call(other, "POST", url, { reason: "other", details: "x".repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(moderationMessages.detailsTooLong);
      const broken = await t.app.inject({
        method: "POST",
        url,
        headers: { cookie: other.cookie, "content-type": "application/json" },
        payload: "{",
      });
      expect(broken.statusCode).toBe(400);
      expect((await call(other, "POST", "/api/users/abc/report", { reason: "spam" })).statusCode).toBe(400);
    });

    it("answers 404 for what does not exist or the reporter cannot see, and 400 for reporting oneself", async () => {
      expect((await call(other, "POST", `/api/posts/${ownerPost}/comments/987654/report`, { reason: "spam" })).statusCode).toBe(404);
      expect((await call(other, "POST", "/api/users/987654/report", { reason: "spam" })).statusCode).toBe(404);
      expect((await call(other, "POST", "/api/messages/987654/report", { reason: "spam" })).statusCode).toBe(404);
      // A message between two others is not the care team's (or anyone else's) to report.
      expect((await call(carer, "POST", `/api/messages/${ownerMessage}/report`, { reason: "spam" })).statusCode).toBe(404);
      // The owner blocked this member: the owner's post and comment do not exist for them; the member can still be reported.
      expect((await call(blocked, "POST", urls().post, { reason: "harassment" })).statusCode).toBe(404);
      expect((await call(blocked, "POST", urls().comment, { reason: "harassment" })).statusCode).toBe(404);
      expect((await call(blocked, "POST", urls().member, { reason: "harassment" })).statusCode).toBe(201);
      const self = await call(owner, "POST", urls().member, { reason: "other" });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe(moderationMessages.cannotReportSelf);
      expect((await call(owner, "POST", urls().message, { reason: "other" })).statusCode).toBe(400);
    });

    it("keeps the older post and media bodies: free text becomes the details", async () => {
      const post = (await call(carer, "POST", "/api/posts", { content: "Carer's note" })).json().id as number;
      expect((await call(other, "POST", `/api/posts/${post}/report`, { reason: "Looks like an advert" })).statusCode).toBe(201);
      expect((await call(other, "POST", `/api/posts/${post}/report`)).statusCode).toBe(200);
      const report = (await reportIn()).find((r) => r.targetType === "post" && r.targetId === post);
      expect(report).toMatchObject({ reason: "other", details: "Looks like an advert", member: { id: carer.user.id } });
    });

    it("caps how many reports one member files an hour, with 429 and Retry-After", async () => {
      const reporter = await registerMember(t.app, { displayName: "Eager" });
      const posts: number[] = [];
      for (let i = 0; i < 21; i++) posts.push((await call(other, "POST", "/api/posts", { content: `Post ${i}` })).json().id);
      for (const post of posts.slice(0, 20))
        expect((await call(reporter, "POST", `/api/posts/${post}/report`, { reason: "spam" })).statusCode).toBe(201);
      const capped = await call(reporter, "POST", `/api/posts/${posts[20]}/report`, { reason: "spam" });
      expect(capped.statusCode).toBe(429);
      expect(capped.json().message).toBe(moderationMessages.tooManyReports);
      expect(Number(capped.headers["retry-after"])).toBeGreaterThan(0);
    });
  });

  describe("the moderation queue", () => {
    it("is for admins only: not a visitor, the owner, another member, a blocked member or the care team", async () => {
      expect((await call(null, "GET", "/api/moderation/reports")).statusCode).toBe(401);
      for (const member of [owner, other, blocked, carer]) {
        expect((await call(member, "GET", "/api/moderation/reports")).statusCode).toBe(403);
        const report = (await reportIn())[0]!;
        expect((await call(member, "POST", `/api/moderation/reports/${report.id}/action`, { action: "dismiss" })).statusCode).toBe(403);
      }
      expect((await call(null, "POST", "/api/moderation/reports/1/action", { action: "dismiss" })).statusCode).toBe(401);
    });

    it("answers 400 for a bad action or a suspension without days, 404 for an unknown report", async () => {
      const report = (await reportIn()).find((r) => r.targetType === "media")!;
      const bad = await call(admin, "POST", `/api/moderation/reports/${report.id}/action`, { action: "burn" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(moderationMessages.actionInvalid);
      const noDays = await call(admin, "POST", `/api/moderation/reports/${report.id}/action`, { action: "suspend" });
      expect(noDays.statusCode).toBe(400);
      expect(noDays.json().message).toBe(moderationMessages.daysRequired);
      expect((await call(admin, "POST", `/api/moderation/reports/${report.id}/action`, { action: "suspend", days: 0 })).statusCode).toBe(
        400,
      );
      expect((await call(admin, "POST", "/api/moderation/reports/987654/action", { action: "dismiss" })).statusCode).toBe(404);
    });

    it("dismisses: every open report of the item closes, the item stays, and the audit log says who", async () => {
      const report = (await reportIn()).find((r) => r.targetType === "media")!;
      const result = await call(admin, "POST", `/api/moderation/reports/${report.id}/action`, { action: "dismiss", note: "Just loud" });
      expect(result.statusCode).toBe(200);
      expect(result.json().settled).toBe(1);
      expect((await reportIn()).some((r) => r.targetType === "media")).toBe(false);
      expect((await reportIn("resolved")).find((r) => r.id === report.id)).toMatchObject({ action: "dismiss" });
      expect((await call(other, "GET", `/api/content/media/${song}`)).statusCode).toBe(200);
      expect(await auditActions()).toContain(`report.dismiss media ${song}`);
      const twice = await call(admin, "POST", `/api/moderation/reports/${report.id}/action`, { action: "dismiss" });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(moderationMessages.alreadyHandled);
    });

    it("hides a comment, a message and a post; a member cannot be hidden", async () => {
      const open = await reportIn();
      const ids: Record<string, number> = { member: owner.user.id, comment: ownerComment, message: ownerMessage, post: ownerPost };
      const find = (type: string) => open.find((r) => r.targetType === type && r.targetId === ids[type])!;
      const member = await call(admin, "POST", `/api/moderation/reports/${find("member").id}/action`, { action: "hide" });
      expect(member.statusCode).toBe(400);
      expect(member.json().message).toBe(moderationMessages.cannotHideMember);

      expect((await call(admin, "POST", `/api/moderation/reports/${find("comment").id}/action`, { action: "hide" })).statusCode).toBe(200);
      expect(((await call(other, "GET", `/api/posts/${ownerPost}/comments`)).json() as unknown[]).length).toBe(0);
      expect((await call(admin, "POST", `/api/moderation/reports/${find("message").id}/action`, { action: "hide" })).statusCode).toBe(200);
      // Hidden, not deleted (decision 0024): the row stays for a restore.
      expect(await t.ctx.db.selectFrom("messages").select("hiddenAt").where("id", "=", ownerMessage).executeTakeFirst()).toEqual({
        hiddenAt: expect.any(String),
      });
      expect((await call(admin, "POST", `/api/moderation/reports/${find("post").id}/action`, { action: "hide" })).statusCode).toBe(200);
      expect((await call(other, "GET", `/api/posts/${ownerPost}`)).statusCode).toBe(404);
      const audit = await auditActions();
      for (const entry of [`report.hide comment ${ownerComment}`, `report.hide message ${ownerMessage}`, `report.hide post ${ownerPost}`])
        expect(audit).toContain(entry);
    });

    it("warns: the member hears of it under the bell", async () => {
      const report = (await reportIn()).find((r) => r.targetType === "member" && r.reporter.id === other.user.id)!;
      const warned = await call(admin, "POST", `/api/moderation/reports/${report.id}/action`, { action: "warn", note: "Stop selling." });
      expect(warned.statusCode).toBe(200);
      const notes = (await call(owner, "GET", "/api/notifications")).json().items as { title: string; body: string }[];
      const warning = notes.find((note) => note.title === moderationMessages.warningTitle);
      expect(JSON.stringify(warning)).toContain("Stop selling.");
      expect(await auditActions()).toContain(`report.warn member ${owner.user.id}`);
    });

    it("refuses to warn, suspend or ban an admin", async () => {
      const filed = await call(other, "POST", `/api/users/${admin.user.id}/report`, { reason: "other" });
      const refused = await call(admin, "POST", `/api/moderation/reports/${filed.json().id}/action`, { action: "ban" });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(moderationMessages.cannotActOnSelf);
      const otherAdmin = await registerMember(t.app, { displayName: "Second admin" });
      await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", otherAdmin.user.id).execute();
      const onAdmin = await call(otherAdmin, "POST", `/api/moderation/reports/${filed.json().id}/action`, { action: "warn" });
      expect(onAdmin.statusCode).toBe(403);
      expect(onAdmin.json().message).toBe(moderationMessages.cannotActOnAdmin);
    });

    it("suspends for some days: sessions end, sign-in says until when, and reinstating lets them back", async () => {
      const offender = await registerMember(t.app, { displayName: "Alexander" });
      const filed = await call(other, "POST", `/api/users/${offender.user.id}/report`, { reason: "harassment", details: "Threats" });
      const suspended = await call(admin, "POST", `/api/moderation/reports/${filed.json().id}/action`, { action: "suspend", days: 7 });
      expect(suspended.statusCode).toBe(200);
      expect((await call(offender, "GET", "/api/auth/current")).statusCode).toBe(401);
      const refused = await signIn(offender);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("suspended");
      expect(refused.json().message).toMatch(/^Your account is suspended until \w+ \d+, \d{4}\./);
      const members = (await call(admin, "GET", `/api/admin/members?q=${offender.username}`)).json();
      expect(members).toEqual([expect.objectContaining({ id: offender.user.id, status: "suspended" })]);
      expect(members[0].suspendedUntil).toBeTruthy();
      expect(await auditActions()).toContain(`member.suspend user ${offender.user.id}`);
      expect((await call(admin, "POST", `/api/admin/members/${offender.user.id}/reinstate`)).json().status).toBe("active");
      expect((await signIn(offender)).statusCode).toBe(200);
    });

    it("bans: sign-in says so, even with the right password", async () => {
      const offender = await registerMember(t.app, { displayName: "Hymenaeus" });
      const filed = await call(other, "POST", `/api/users/${offender.user.id}/report`, { reason: "spam" });
      expect((await call(admin, "POST", `/api/moderation/reports/${filed.json().id}/action`, { action: "ban" })).statusCode).toBe(200);
      const refused = await signIn(offender);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(moderationMessages.banned);
      expect((await call(offender, "POST", "/api/posts", { content: "Still here" })).statusCode).toBe(401);
      expect(await auditActions()).toContain(`member.ban user ${offender.user.id}`);
    });
  });

  describe("members in the admin console", () => {
    it("is for admins only", async () => {
      expect((await call(null, "GET", "/api/admin/members")).statusCode).toBe(401);
      for (const member of [owner, other, blocked, carer]) {
        expect((await call(member, "GET", "/api/admin/members")).statusCode).toBe(403);
        expect((await call(member, "POST", `/api/admin/members/${other.user.id}/ban`, {})).statusCode).toBe(403);
        expect((await call(member, "POST", `/api/admin/members/${other.user.id}/suspend`, { days: 1 })).statusCode).toBe(403);
      }
    });

    it("lists members with role, care team and status, a page at a time, filtered", async () => {
      const first = await call(admin, "GET", "/api/admin/members?limit=2");
      expect(first.statusCode).toBe(200);
      expect(first.json()).toHaveLength(2);
      const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
      expect(cursor).toBeTruthy();
      const second = (await call(admin, "GET", `/api/admin/members?limit=2&cursor=${cursor}`)).json() as { id: number }[];
      expect(second.map((m) => m.id)).not.toContain(first.json()[0].id);
      const carers = (await call(admin, "GET", `/api/admin/members?q=${carer.username.toUpperCase()}`)).json();
      expect(carers).toEqual([expect.objectContaining({ id: carer.user.id, careTeam: true, role: "member", status: "active" })]);
      const admins = (await call(admin, "GET", `/api/admin/members?q=${admin.username}`)).json();
      expect(admins[0]).toMatchObject({ role: "admin", careTeam: false });
      const banned = (await call(admin, "GET", "/api/admin/members?status=banned")).json() as { status: string }[];
      expect(banned.length).toBeGreaterThan(0);
      expect(banned.every((m) => m.status === "banned")).toBe(true);
      expect((await call(admin, "GET", "/api/admin/members?status=odd")).statusCode).toBe(400);
      expect((await call(admin, "GET", "/api/admin/members?cursor=broken")).statusCode).toBe(400);
      expect((await call(admin, "GET", "/api/admin/members?q=%25")).json()).toEqual([]);
    });

    it("suspends and bans from the console, with clear refusals", async () => {
      const member = await registerMember(t.app, { displayName: "Phygelus" });
      const zero = await call(admin, "POST", `/api/admin/members/${member.user.id}/suspend`, { days: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toBe(moderationMessages.daysRequired);
      expect((await call(admin, "POST", `/api/admin/members/${admin.user.id}/suspend`, { days: 1 })).statusCode).toBe(400);
      expect((await call(admin, "POST", "/api/admin/members/987654/ban", {})).statusCode).toBe(404);
      const suspended = await call(admin, "POST", `/api/admin/members/${member.user.id}/suspend`, { days: 3, note: "Cool off" });
      expect(suspended.json()).toMatchObject({ id: member.user.id, status: "suspended" });
      expect((await call(admin, "POST", `/api/admin/members/${member.user.id}/ban`, {})).json().status).toBe("banned");
      expect((await signIn(member)).json().message).toBe(moderationMessages.banned);
    });
  });

  describe("new-member review", () => {
    let newcomer: Member;
    let declined: Member;

    it("lets only admins read and change the setting", async () => {
      expect((await call(null, "GET", "/api/admin/settings")).statusCode).toBe(401);
      for (const member of [owner, other, blocked, carer]) {
        expect((await call(member, "GET", "/api/admin/settings")).statusCode).toBe(403);
        expect((await call(member, "PUT", "/api/admin/settings", { requireApproval: true })).statusCode).toBe(403);
        expect((await call(member, "GET", "/api/admin/review")).statusCode).toBe(403);
      }
      expect((await call(admin, "GET", "/api/admin/settings")).json()).toEqual({ requireApproval: false });
      expect((await call(admin, "PUT", "/api/admin/settings", { requireApproval: "yes" })).statusCode).toBe(400);
      expect((await call(admin, "PUT", "/api/admin/settings", { requireApproval: true })).json()).toEqual({ requireApproval: true });
      expect(await auditActions()).toContain("settings.require_approval_on site 0");
    });

    it("holds a new member's posts, comments and messages with a clear message; members from before are not held", async () => {
      newcomer = await registerMember(t.app, { displayName: "Epaphras" });
      declined = await registerMember(t.app, { displayName: "Demas" });
      const post = await call(newcomer, "POST", "/api/posts", { content: "Hello church" });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toMatchObject({ message: moderationMessages.awaitingReview, code: "awaiting_review" });
      const someone = (await call(other, "POST", "/api/posts", { content: "Welcome all" })).json().id;
      expect((await call(newcomer, "POST", `/api/posts/${someone}/comments`, { content: "Hi" })).json().message).toBe(
        moderationMessages.awaitingReview,
      );
      const client = await LiveClient.connect(t.wsUrl, newcomer.cookie, { origin: t.origin });
      clients.push(client);
      client.send("CHAT_MESSAGE", { message: "Hello", receiverId: other.user.id });
      expect(await client.next("ERROR")).toMatchObject({ message: moderationMessages.awaitingReview, code: "awaiting_review" });
      expect((await call(other, "POST", "/api/posts", { content: "Not held" })).statusCode).toBe(201);
    });

    it("shows the waiting members and approves or declines each", async () => {
      const waiting = (await call(admin, "GET", "/api/admin/review")).json() as { id: number; status: string }[];
      expect(waiting.map((m) => m.id)).toEqual([newcomer.user.id, declined.user.id]);
      expect(waiting.every((m) => m.status === "pending")).toBe(true);
      expect((await call(admin, "POST", `/api/admin/review/${newcomer.user.id}`, { decision: "maybe" })).statusCode).toBe(400);
      expect((await call(other, "POST", `/api/admin/review/${newcomer.user.id}`, { decision: "approve" })).statusCode).toBe(403);
      expect((await call(admin, "POST", `/api/admin/review/${newcomer.user.id}`, { decision: "approve" })).json().status).toBe("active");
      expect((await call(admin, "POST", `/api/admin/review/${declined.user.id}`, { decision: "decline" })).json().status).toBe("declined");
      const again = await call(admin, "POST", `/api/admin/review/${newcomer.user.id}`, { decision: "decline" });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(moderationMessages.notPending);
      expect((await call(admin, "POST", "/api/admin/review/987654", { decision: "approve" })).statusCode).toBe(404);
      expect((await call(newcomer, "POST", "/api/posts", { content: "Thank you for having me" })).statusCode).toBe(201);
      const notes = (await call(newcomer, "GET", "/api/notifications")).json().items as { title: string }[];
      expect(notes.some((note) => note.title === moderationMessages.approvedTitle)).toBe(true);
      expect((await call(declined, "POST", "/api/posts", { content: "Let me in" })).json().message).toBe(moderationMessages.declined);
      expect((await call(admin, "GET", "/api/admin/review")).json()).toEqual([]);
      const audit = await auditActions();
      expect(audit).toContain(`review.approve user ${newcomer.user.id}`);
      expect(audit).toContain(`review.decline user ${declined.user.id}`);
    });

    it("refuses a room message from a waiting or declined member, stored nowhere, and says so before anything else", async () => {
      const waiting = await registerMember(t.app, { displayName: "Archippus" });
      const roomCode = (await call(other, "POST", "/api/rooms", { name: "Vestry" })).json().roomCode as string;
      const tabs = await Promise.all(
        [other, waiting, declined].map((member) => LiveClient.connect(t.wsUrl, member.cookie, { origin: t.origin })),
      );
      clients.push(...tabs);
      for (const tab of tabs) {
        tab.send("JOIN_ROOM", { roomCode });
        await tab.next("ROOM_INFO", (p) => "participants" in p);
      }
      const [host, waitingTab, declinedTab] = tabs as [LiveClient, LiveClient, LiveClient];
      waitingTab.send("CHAT_MESSAGE", { message: "Hello, room", roomCode });
      expect(await waitingTab.next("ERROR")).toMatchObject({ message: moderationMessages.awaitingReview, code: "awaiting_review" });
      declinedTab.send("CHAT_MESSAGE", { message: "Hello, room", roomCode });
      expect(await declinedTab.next("ERROR")).toMatchObject({ message: moderationMessages.declined, code: "review_declined" });
      // Outside the room, the standing is still the reason given.
      waitingTab.send("CHAT_MESSAGE", { message: "Hello", roomCode: "ZZZZZZ" });
      expect(await waitingTab.next("ERROR")).toMatchObject({ code: "awaiting_review" });
      host.send("CHAT_MESSAGE", { message: "Welcome", roomCode });
      expect(await waitingTab.next("CHAT_MESSAGE", (m) => m.roomCode === roomCode)).toMatchObject({ content: "Welcome" });
      const stored = await t.ctx.db.selectFrom("messages").select("senderId").where("roomCode", "=", roomCode).execute();
      expect(stored).toEqual([{ senderId: other.user.id }]);
    });

    it("lets waiting members take part once the setting is off", async () => {
      const waiting = await registerMember(t.app, { displayName: "Tychicus" });
      expect((await call(waiting, "POST", "/api/posts", { content: "Waiting" })).statusCode).toBe(403);
      await call(admin, "PUT", "/api/admin/settings", { requireApproval: false });
      expect((await call(waiting, "POST", "/api/posts", { content: "Not waiting now" })).statusCode).toBe(201);
    });
  });

  describe("standing as a condition of a statement", () => {
    it("agrees with the reason given, for every standing and either setting", async () => {
      const moderation = createModerationService(t.ctx);
      const member = await registerMember(t.app, { displayName: "Onesimus" });
      const now = Date.now();
      const cases = [];
      for (const requireApproval of [false, true])
        for (const reviewStatus of ["approved", "pending", "declined"] as const)
          for (const suspendedUntil of [null, new Date(now - 86_400_000).toISOString(), new Date(now + 86_400_000).toISOString()])
            for (const bannedAt of [null, new Date(now).toISOString()])
              cases.push({ requireApproval, reviewStatus, suspendedUntil, bannedAt });
      for (const { requireApproval, ...standing } of cases) {
        await call(admin, "PUT", "/api/admin/settings", { requireApproval });
        await t.ctx.db.updateTable("users").set(standing).where("id", "=", member.user.id).execute();
        const { rows } = await sql<{ ok: unknown }>`select ${moderation.inGoodStanding(member.user.id).build()} as ok`.execute(t.ctx.db);
        const problem = await moderation.standingProblem(member.user.id);
        expect({ requireApproval, ...standing, ok: Boolean(rows[0]?.ok) }).toEqual({ requireApproval, ...standing, ok: problem === null });
      }
      await t.ctx.db
        .updateTable("users")
        .set({ reviewStatus: "approved", suspendedUntil: null, bannedAt: null })
        .where("id", "=", member.user.id)
        .execute();
      await call(admin, "PUT", "/api/admin/settings", { requireApproval: false });
    });
  });

  describe("newsletter subscribers and the audit log", () => {
    it("lists subscribers and exports them as CSV, for admins only", async () => {
      expect(
        (await t.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "ruth@example.org" } })).statusCode,
      ).toBeLessThan(300);
      // An address stored before validation was strict (or by another tool) that a spreadsheet would run as a formula.
      await t.ctx.db
        .insertInto("newsletter_subscriptions")
        .values({ email: "=cmd@example.org", createdAt: new Date().toISOString() })
        .execute();
      expect((await call(null, "GET", "/api/admin/newsletter")).statusCode).toBe(401);
      for (const member of [owner, other, blocked, carer]) {
        expect((await call(member, "GET", "/api/admin/newsletter")).statusCode).toBe(403);
        expect((await call(member, "GET", "/api/admin/newsletter.csv")).statusCode).toBe(403);
      }
      const list = (await call(admin, "GET", "/api/admin/newsletter")).json() as { email: string }[];
      expect(list.map((s) => s.email)).toEqual(expect.arrayContaining(["ruth@example.org", "=cmd@example.org"]));
      const csv = await call(admin, "GET", "/api/admin/newsletter.csv");
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toContain("text/csv");
      expect(csv.headers["content-disposition"]).toContain("attachment");
      const lines = csv.body.trim().split("\r\n");
      expect(lines[0]).toBe("email,subscribedAt");
      expect(lines.some((line) => line.startsWith("ruth@example.org,"))).toBe(true);
      // A cell a spreadsheet would run as a formula is defused.
      expect(lines.some((line) => line.startsWith("'=cmd@example.org,"))).toBe(true);
      expect((await call(admin, "GET", "/api/admin/newsletter?limit=0")).statusCode).toBe(400);
    });

    it("pages through the audit log, for admins only", async () => {
      expect((await call(null, "GET", "/api/admin/audit")).statusCode).toBe(401);
      for (const member of [owner, other, blocked, carer]) expect((await call(member, "GET", "/api/admin/audit")).statusCode).toBe(403);
      const first = await call(admin, "GET", "/api/admin/audit?limit=3");
      expect(first.json()).toHaveLength(3);
      const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
      const second = (await call(admin, "GET", `/api/admin/audit?limit=3&cursor=${cursor}`)).json() as { id: number }[];
      expect(second).toHaveLength(3);
      const ids = new Set([...first.json().map((e: { id: number }) => e.id), ...second.map((e) => e.id)]);
      expect(ids.size).toBe(6);
      expect((await call(admin, "GET", "/api/admin/audit?cursor=nope")).statusCode).toBe(400);
    });
  });
});
