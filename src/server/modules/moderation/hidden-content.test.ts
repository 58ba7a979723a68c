import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationMessages } from "@shared/contracts/moderation";
import { describeEachDatabase, requestAs } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LiveClient, startLiveTestApp } from "../../test/live";
import { createMedia } from "../../test/media-factories";
import { startSmtpServer } from "../../test/smtp";

/**
 * A reversible hide (decision 0024): a hidden post, comment, message or media item is gone for every role (its owner,
 * another member, a member the owner blocked, the care team, an admin outside the queue, a visitor) in lists, counts,
 * search and /ws, while the queue still shows it to admins, who can restore it. And a suspended or banned member's open
 * tabs hear it at once, are signed out, and the member gets an email.
 */
describeEachDatabase("hidden content and signing out", (dialect) => {
  let t: Awaited<ReturnType<typeof startLiveTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let owner: Member;
  let other: Member;
  let blocked: Member;
  let carer: Member;
  let admin: Member;
  const clients: LiveClient[] = [];

  const call: ReturnType<typeof requestAs> = (...args) => requestAs(t.app)(...args);
  type QueueEntry = { id: number; targetType: string; targetId: number; hidden: boolean; excerpt: string | null; action: string | null };
  const queue = async (status = "all") => (await call(admin, "GET", `/api/moderation/reports?status=${status}`)).json() as QueueEntry[];
  const auditActions = async () =>
    ((await call(admin, "GET", "/api/admin/audit?limit=100")).json() as { action: string; targetType: string; targetId: number }[]).map(
      (entry) => `${entry.action} ${entry.targetType} ${entry.targetId}`,
    );
  const connect = async (member: Member) => {
    const client = await LiveClient.connect(t.wsUrl, member.cookie, { origin: t.origin });
    clients.push(client);
    return client;
  };
  /** Files a report as `other` and answers its id. */
  const report = async (url: string, reporter: Member = other) => {
    const filed = await call(reporter, "POST", url, { reason: "inappropriate", details: "Please look" });
    expect(filed.statusCode, url).toBeLessThan(300);
    return filed.json().id as number;
  };
  const act = (reportId: number, action: string, extra: object = {}) =>
    call(admin, "POST", `/api/moderation/reports/${reportId}/action`, { action, ...extra });
  const restore = (member: Member | null, reportId: number) => call(member, "POST", `/api/moderation/reports/${reportId}/restore`);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startLiveTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: "Church <office@example.org>" } });
    owner = await registerMember(t.app, { displayName: "Diotrephes", email: "diotrephes@example.org" });
    other = await registerMember(t.app, { displayName: "Gaius" });
    blocked = await registerMember(t.app, { displayName: "Demetrius" });
    carer = await registerMember(t.app, { displayName: "Phoebe" });
    admin = await registerMember(t.app, { displayName: "John" });
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    expect((await call(admin, "PUT", `/api/care-team/${carer.user.id}`)).statusCode).toBe(204);
    expect((await call(owner, "PUT", `/api/blocks/${blocked.user.id}`)).statusCode).toBe(204);
  });
  afterAll(async () => {
    for (const client of clients) void client.close();
    await t.close();
    t.ctx.mailer.close();
    await smtp.close();
  });

  describe("a hidden post or comment", () => {
    it("disappears from the feed, the profile, counts, search and comments for everyone, and comes back on restore", async () => {
      const post = (await call(owner, "POST", "/api/posts", { content: "Miraculous anointing oilseller" })).json().id as number;
      const keep = (await call(owner, "POST", `/api/posts/${post}/comments`, { content: "Blessed" })).json().id as number;
      const comment = (await call(owner, "POST", `/api/posts/${post}/comments`, { content: "Only 99 coins" })).json().id as number;
      const feedIds = async (member: Member | null) =>
        ((await call(member, "GET", "/api/posts?limit=50")).json() as { id: number }[]).map((p) => p.id);
      const commentIds = async (member: Member | null) =>
        ((await call(member, "GET", `/api/posts/${post}/comments`)).json() as { id: number }[]).map((c) => c.id);
      const postCount = async () => (await call(other, "GET", `/api/users/${owner.user.id}`)).json().postCount as number;
      const searchPosts = async () =>
        ((await call(other, "GET", "/api/search?q=oilseller")).json().posts as { id: number }[]).map((p) => p.id);
      const postsBefore = await postCount();
      expect(await searchPosts()).toEqual([post]);

      // The comment first: gone from the list, the post's counter and its report receipt route; the post stays.
      const commentReport = await report(`/api/posts/${post}/comments/${comment}/report`);
      expect((await act(commentReport, "hide")).statusCode).toBe(200);
      for (const member of [owner, other, carer, admin, null]) expect(await commentIds(member)).toEqual([keep]);
      expect((await call(other, "GET", `/api/posts/${post}`)).json().commentsCount).toBe(1);
      expect((await call(owner, "DELETE", `/api/posts/${post}/comments/${comment}`)).statusCode).toBe(404);
      expect((await call(carer, "POST", `/api/posts/${post}/comments/${comment}/report`, { reason: "spam" })).statusCode).toBe(404);

      // Then the post: gone for every role (the blocked member never saw it), from counts and search too.
      const postReport = await report(`/api/posts/${post}/report`);
      const second = await report(`/api/posts/${post}/report`, carer);
      expect((await act(postReport, "hide")).json().settled).toBe(2);
      for (const member of [owner, other, blocked, carer, admin, null]) {
        expect(await feedIds(member), member?.username ?? "visitor").not.toContain(post);
        expect((await call(member, "GET", `/api/posts/${post}`)).statusCode).toBe(404);
      }
      expect((await call(other, "GET", `/api/posts?userId=${owner.user.id}`)).json()).toEqual([]);
      expect(await postCount()).toBe(postsBefore - 1);
      expect(await searchPosts()).toEqual([]);
      expect((await call(other, "POST", `/api/posts/${post}/like`)).statusCode).toBe(404);
      expect((await call(other, "POST", `/api/posts/${post}/comments`, { content: "Hello?" })).statusCode).toBe(404);
      expect((await call(owner, "DELETE", `/api/posts/${post}`)).statusCode).toBe(404);

      // Admins still see both in the queue, marked hidden, with their text.
      const entries = await queue();
      expect(entries.find((r) => r.id === postReport)).toMatchObject({
        action: "hide",
        hidden: true,
        excerpt: "Miraculous anointing oilseller",
      });
      expect(entries.find((r) => r.id === second)).toMatchObject({ action: "hide", hidden: true });
      expect(entries.find((r) => r.id === commentReport)).toMatchObject({ action: "hide", hidden: true, excerpt: "Only 99 coins" });

      // Only an admin restores; then everything is as it was, and the audit log has both actions.
      expect((await restore(null, postReport)).statusCode).toBe(401);
      for (const member of [owner, other, blocked, carer]) expect((await restore(member, postReport)).statusCode).toBe(403);
      expect((await restore(admin, postReport)).json()).toEqual({ restored: true });
      expect((await restore(admin, commentReport)).statusCode).toBe(200);
      const again = await restore(admin, postReport);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(moderationMessages.notHidden);
      expect(await feedIds(other)).toContain(post);
      expect(await feedIds(blocked)).not.toContain(post);
      expect(await commentIds(other)).toEqual([keep, comment]);
      expect((await call(other, "GET", `/api/posts/${post}`)).json().commentsCount).toBe(2);
      expect(await postCount()).toBe(postsBefore);
      expect(await searchPosts()).toEqual([post]);
      expect((await queue()).find((r) => r.id === postReport)).toMatchObject({ action: "hide", hidden: false });
      const audit = await auditActions();
      for (const entry of [
        `report.hide post ${post}`,
        `report.restore post ${post}`,
        `report.hide comment ${comment}`,
        `report.restore comment ${comment}`,
      ])
        expect(audit).toContain(entry);
    });

    it("answers 404 for an unknown report and 400 for restoring a member", async () => {
      expect((await restore(admin, 987654)).statusCode).toBe(404);
      const memberReport = await report(`/api/users/${owner.user.id}/report`);
      const refused = await restore(admin, memberReport);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(moderationMessages.cannotHideMember);
    });
  });

  describe("a hidden message", () => {
    it("leaves both sides' conversation, contact list and recent messages, tells their open tabs, and comes back on restore", async () => {
      const ownerTab = await connect(owner);
      const otherTab = await connect(other);
      ownerTab.send("CHAT_MESSAGE", { message: "Hello Gaius", receiverId: other.user.id });
      const first = await otherTab.next("CHAT_MESSAGE", (m) => m.content === "Hello Gaius");
      ownerTab.send("CHAT_MESSAGE", { message: "Send me your bank details", receiverId: other.user.id });
      const bad = await otherTab.next("CHAT_MESSAGE", (m) => m.content === "Send me your bank details");
      const conversation = async (member: Member, otherId: number) =>
        ((await call(member, "GET", `/api/messages?userId=${member.user.id}&otherUserId=${otherId}`)).json() as { id: number }[]).map(
          (m) => m.id,
        );
      const lastMessage = async () =>
        ((await call(other, "GET", "/api/users")).json() as { id: number; lastMessage: string | null }[]).find(
          (u) => u.id === owner.user.id,
        )?.lastMessage;
      expect(await conversation(other, owner.user.id)).toEqual([first.id, bad.id]);
      expect(await lastMessage()).toBe("Send me your bank details");

      const filed = await report(`/api/messages/${bad.id}/report`);
      expect((await act(filed, "hide")).statusCode).toBe(200);
      expect(await otherTab.next("MESSAGE_HIDDEN", (p) => p.messageId === bad.id)).toEqual({ messageId: bad.id });
      expect(await ownerTab.next("MESSAGE_HIDDEN", (p) => p.messageId === bad.id)).toEqual({ messageId: bad.id });
      expect(await conversation(other, owner.user.id)).toEqual([first.id]);
      expect(await conversation(owner, other.user.id)).toEqual([first.id]);
      expect(await lastMessage()).toBe("Hello Gaius");
      const recent = (await call(other, "GET", "/api/messages/recent")).json() as { id: number }[];
      expect(recent.map((m) => m.id)).not.toContain(bad.id);
      expect((await queue()).find((r) => r.id === filed)).toMatchObject({ hidden: true, excerpt: "Send me your bank details" });
      // Nobody can report it again while it is hidden.
      expect((await call(other, "POST", `/api/messages/${bad.id}/report`, { reason: "spam" })).statusCode).toBe(404);

      expect((await restore(admin, filed)).statusCode).toBe(200);
      expect(await conversation(other, owner.user.id)).toEqual([first.id, bad.id]);
      expect(await auditActions()).toEqual(expect.arrayContaining([`report.hide message ${bad.id}`, `report.restore message ${bad.id}`]));
    });
  });

  describe("a room-chat message", () => {
    it("can be reported by those who sat in the room, reaches the queue, and leaves the room's chat when hidden", async () => {
      const roomCode = (await call(carer, "POST", "/api/rooms", { name: "Evening prayer" })).json().roomCode as string;
      const hostTab = await connect(carer);
      const guestTab = await connect(other);
      hostTab.send("JOIN_ROOM", { roomCode });
      await hostTab.next("ROOM_INFO", (p) => "participants" in p);
      guestTab.send("JOIN_ROOM", { roomCode });
      await guestTab.next("ROOM_INFO", (p) => "participants" in p);
      guestTab.send("CHAT_MESSAGE", { message: "Everyone send me coins", roomCode });
      const message = await hostTab.next("CHAT_MESSAGE", (m) => m.roomCode === roomCode);
      const url = `/api/messages/${message.id}/report`;
      // Members who were never in the room (and visitors) can't report it; the sender can't report themself.
      expect((await call(owner, "POST", url, { reason: "spam" })).statusCode).toBe(404);
      expect((await call(blocked, "POST", url, { reason: "spam" })).statusCode).toBe(404);
      expect((await call(null, "POST", url, { reason: "spam" })).statusCode).toBe(401);
      expect((await call(other, "POST", url, { reason: "spam" })).statusCode).toBe(400);
      const filed = await report(url, carer);
      const entry = (await queue("open")).find((r) => r.id === filed);
      expect(entry).toMatchObject({ targetType: "message", targetId: message.id, hidden: false, excerpt: "Everyone send me coins" });
      expect((await act(filed, "hide")).statusCode).toBe(200);
      expect(await guestTab.next("MESSAGE_HIDDEN", (p) => p.messageId === message.id)).toEqual({ messageId: message.id });
      expect(await hostTab.next("MESSAGE_HIDDEN", (p) => p.messageId === message.id)).toEqual({ messageId: message.id });
      expect((await restore(admin, filed)).statusCode).toBe(200);
    });
  });

  describe("a hidden media item", () => {
    it("leaves the library, its page, search, favorites and category counts, and comes back on restore", async () => {
      const category = (
        await t.ctx.db
          .insertInto("categories")
          .values({ name: "Loud songs", description: "", type: "music" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const song = await createMedia(t.ctx.db, "song", { title: "Thunderclap anthem", categoryId: category });
      await t.ctx.db.updateTable("media").set({ uploadedBy: owner.user.id }).where("id", "=", song).execute();
      expect((await call(other, "POST", `/api/favorites/${song}`)).statusCode).toBeLessThan(300);
      const listed = async (member: Member | null) =>
        ((await call(member, "GET", "/api/content/media?type=song&limit=50")).json() as { id: number }[]).map((m) => m.id);
      const searched = async () =>
        ((await call(other, "GET", "/api/search?q=thunderclap")).json().songs as { id: number }[]).map((m) => m.id);
      const favorites = async () => ((await call(other, "GET", "/api/favorites")).json() as { id: number }[]).map((m) => m.id);
      const count = async () =>
        ((await call(null, "GET", "/api/content/categories?type=music")).json() as { id: number; mediaCount: number }[]).find(
          (c) => c.id === category,
        )?.mediaCount;
      expect(await searched()).toEqual([song]);
      expect(await favorites()).toContain(song);
      expect(await count()).toBe(1);

      const filed = await report(`/api/content/media/${song}/report`);
      expect((await act(filed, "hide")).statusCode).toBe(200);
      for (const member of [owner, other, carer, admin, null]) {
        expect(await listed(member)).not.toContain(song);
        expect((await call(member, "GET", `/api/content/media/${song}`)).statusCode).toBe(404);
      }
      expect(await searched()).toEqual([]);
      expect(await favorites()).not.toContain(song);
      expect(await count()).toBe(0);
      expect((await queue()).find((r) => r.id === filed)).toMatchObject({ hidden: true, excerpt: "Thunderclap anthem" });

      expect((await restore(admin, filed)).statusCode).toBe(200);
      expect(await listed(other)).toContain(song);
      expect(await favorites()).toContain(song);
      expect(await count()).toBe(1);
    });
  });

  describe("signing a suspended or banned member out", () => {
    it("sends every open tab the sign-in message, closes it, and emails until when and why", async () => {
      const offender = await registerMember(t.app, { displayName: "Alexander", email: "alexander@example.org" });
      const tabs = [await connect(offender), await connect(offender)];
      const witness = await connect(other);
      const filed = await report(`/api/users/${offender.user.id}/report`);
      expect((await act(filed, "suspend", { days: 7, note: "Threats in the prayer chat" })).statusCode).toBe(200);
      const refused = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: offender.username, password: offender.password },
      });
      expect(refused.statusCode).toBe(403);
      for (const tab of tabs) {
        expect(await tab.next("SIGNED_OUT")).toEqual({ code: "suspended", message: refused.json().message });
        expect(await tab.closed).toBe(4001);
      }
      expect(witness.events.some((event) => event.type === "SIGNED_OUT")).toBe(false);
      await t.ctx.jobs.runDue();
      const mail = await smtp.next("alexander@example.org");
      expect(mail.subject).toBe(moderationMessages.suspendedTitle);
      expect(mail.text).toContain(refused.json().message);
      expect(mail.text).toContain("The reason given: Threats in the prayer chat");
    });

    it("says banned, from the console too, and leaves the reason out when none was given", async () => {
      const tab = await connect(owner);
      expect((await call(admin, "POST", `/api/admin/members/${owner.user.id}/ban`, {})).statusCode).toBe(200);
      expect(await tab.next("SIGNED_OUT")).toEqual({ code: "banned", message: moderationMessages.banned });
      expect(await tab.closed).toBe(4001);
      await t.ctx.jobs.runDue();
      const mail = await smtp.next("diotrephes@example.org");
      expect(mail.subject).toBe(moderationMessages.bannedTitle);
      expect(mail.text).toContain(moderationMessages.banned);
      expect(mail.text).not.toContain("The reason given");
    });

    it("lets only admins suspend or ban", async () => {
      for (const member of [other, blocked, carer]) {
        expect((await call(member, "POST", `/api/admin/members/${other.user.id}/suspend`, { days: 1 })).statusCode).toBe(403);
        expect((await call(member, "POST", `/api/admin/members/${other.user.id}/ban`, {})).statusCode).toBe(403);
      }
      expect((await call(null, "POST", `/api/admin/members/${other.user.id}/ban`, {})).statusCode).toBe(401);
    });
  });
});
