import { type AdminMember, type MemberStatus, type ReportActionBody, moderationMessages } from "@shared/contracts/moderation";
import { type ReportReason, type ReportTargetType, reportReasonSchema } from "@shared/contracts/reports";
import { type Report, postMessages } from "@shared/contracts/posts";
import { mediaMessages } from "@shared/contracts/content";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { HttpError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import type { ThrottleRule } from "../../throttle/throttle";
import { groupChannel } from "../groups/groups.service";
import { createNotificationsService } from "../notifications/notifications.service";
import { roomChannel } from "../rooms/rooms.service";
import type { Keyset } from "../posts/posts.repository";
import { createSafetyService } from "../safety/safety.service";
import { type ReportTarget, createModerationRepository } from "./moderation.repository";

type Viewer = Pick<UserRow, "id" | "role" | "displayName">;

/** Reports a member may file in an hour, over every kind of item (decision 0021). */
export const reportThrottle: ThrottleRule = {
  name: "report-member",
  limit: 20,
  windowMs: 3_600_000,
  message: moderationMessages.tooManyReports,
};

export const REQUIRE_APPROVAL = "requireApproval";
const DAY_MS = 86_400_000;

type MemberRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createModerationRepository>["member"]>>>;

const excerpt = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Reports with reasons and the admins' queue, members' standing (suspended, banned, waiting for review), the site's
 * settings and the newsletter's subscribers. Posts, comments and messages ask `assertMayParticipate` before they store.
 */
export function createModerationService(ctx: AppContext) {
  const repo = createModerationRepository(ctx.db);
  const safety = createSafetyService(ctx);
  const notifications = createNotificationsService(ctx);

  const requireAdmin = (viewer: Viewer) => {
    if (!policies.moderate(viewer)) throw forbidden();
  };

  function statusOf(
    row: Pick<MemberRow, "bannedAt" | "suspendedUntil" | "reviewStatus" | "deletionRequestedAt" | "deletedAt">,
  ): MemberStatus {
    if (row.deletedAt) return "deleted";
    if (row.bannedAt) return "banned";
    if (row.suspendedUntil && row.suspendedUntil > ctx.clock.iso()) return "suspended";
    if (row.deletionRequestedAt) return "deleting";
    if (row.reviewStatus !== "approved") return row.reviewStatus;
    return "active";
  }

  const present = (row: MemberRow): AdminMember => {
    const status = statusOf(row);
    return {
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      profileImageUrl: row.profileImageUrl,
      role: row.role,
      careTeam: Boolean(row.careTeam),
      status,
      suspendedUntil: status === "suspended" ? row.suspendedUntil : null,
      createdAt: row.createdAt,
    };
  };

  async function requireMember(userId: number) {
    const row = await repo.member(userId);
    if (!row || row.deletedAt) throw notFound(moderationMessages.memberNotFound);
    return row;
  }

  /** The member an admin acts on: never an admin, never the admin themself. */
  async function requireActionable(viewer: Viewer, userId: number | null) {
    if (userId === null) throw badRequest(moderationMessages.nobodyToAct, "nobody_to_act");
    if (userId === viewer.id) throw badRequest(moderationMessages.cannotActOnSelf, "cannot_act_on_self");
    const row = await requireMember(userId);
    if (row.role === "admin") throw forbidden(moderationMessages.cannotActOnAdmin);
    return row;
  }

  async function requireApproval(): Promise<boolean> {
    return (await repo.setting(REQUIRE_APPROVAL)) === "true";
  }

  const what = (type: ReportTargetType) =>
    ({ post: "a post", comment: "a comment", message: "a message", member: "your profile", media: "media" })[type];

  /**
   * Suspends or bans: the standing changes, every session ends, and the email saying so is enqueued in the same
   * transaction (the outbox); then every open tab of the member hears it over /ws and is signed out (decision 0024).
   */
  async function signOut(userId: number, standing: { suspendedUntil: string } | { bannedAt: string }, note: string) {
    const suspended = "suspendedUntil" in standing;
    const message = suspended ? moderationMessages.suspended(standing.suspendedUntil) : moderationMessages.banned;
    await ctx.db.transaction().execute(async (trx) => {
      const member = await repo.setStandingAndEndSessions(trx, userId, standing);
      if (member && ctx.mailer.enabled)
        await ctx.jobs.enqueue(
          "email.send",
          {
            to: member.email,
            subject: suspended ? moderationMessages.suspendedTitle : moderationMessages.bannedTitle,
            text: moderationMessages.standingEmail(member.displayName, message, note),
          },
          { db: trx },
        );
    });
    ctx.jobs.wake();
    await ctx.live.toMember(userId, { type: "SIGNED_OUT", payload: { code: suspended ? "suspended" : "banned", message } });
    await ctx.live.endSessions({ userId, exceptSessionId: "" });
  }

  async function suspend(viewer: Viewer, userId: number, days: number, note: string, cause = "") {
    const until = new Date(ctx.clock.now() + days * DAY_MS).toISOString();
    await signOut(userId, { suspendedUntil: until }, note);
    await notifications.notify([
      { userId, title: moderationMessages.suspendedTitle, body: moderationMessages.suspended(until), link: null },
    ]);
    await safety.record(
      viewer.id,
      "member.suspend",
      { type: "user", id: userId },
      [`${days} days`, cause, note].filter(Boolean).join("; "),
    );
  }

  async function ban(viewer: Viewer, userId: number, note: string, cause = "") {
    await signOut(userId, { bannedAt: ctx.clock.iso() }, note);
    await safety.record(viewer.id, "member.ban", { type: "user", id: userId }, [cause, note].filter(Boolean).join("; "));
  }

  /** Open conversations drop a message a moderator hid: its two members' tabs, or its group's or room's (decision 0024). */
  async function messageHidden(target: ReportTarget) {
    if (target.type !== "message") return;
    const message = await repo.messageAnyState(target.id);
    if (!message) return;
    const event = { type: "MESSAGE_HIDDEN" as const, payload: { messageId: message.id } };
    if (message.groupId !== null) await ctx.live.publish(groupChannel(message.groupId), event);
    else if (message.roomCode !== null) await ctx.live.publish(roomChannel(message.roomCode), event);
    else {
      await ctx.live.toMember(message.senderId, event);
      if (message.receiverId !== null) await ctx.live.toMember(message.receiverId, event);
    }
  }

  /** The content a report is about, as something that can be hidden: never a member. */
  const hideable = (target: ReportTarget) => {
    if (target.type === "member") throw badRequest(moderationMessages.cannotHideMember, "cannot_hide_member");
    return { type: target.type, id: target.id };
  };

  return {
    /** Why a member may not post, comment or message right now, or null. */
    async standingProblem(userId: number): Promise<{ message: string; code: string } | null> {
      const row = await repo.standing(userId);
      if (!row) return null;
      if (row.bannedAt) return { message: moderationMessages.banned, code: "banned" };
      if (row.suspendedUntil && row.suspendedUntil > ctx.clock.iso())
        return { message: moderationMessages.suspended(row.suspendedUntil), code: "suspended" };
      if (row.reviewStatus === "declined") return { message: moderationMessages.declined, code: "review_declined" };
      if (row.reviewStatus === "pending" && (await requireApproval()))
        return { message: moderationMessages.awaitingReview, code: "awaiting_review" };
      return null;
    },

    /**
     * `standingProblem(userId)` is null at `now`, as a condition for one statement (see the repository's
     * `inGoodStanding`); a caller that has just read the clock passes that time.
     */
    inGoodStanding: (userId: number, now = ctx.clock.iso()) => repo.inGoodStanding(userId, now, REQUIRE_APPROVAL),

    /** 403 with the reason when the member may not post, comment or message. */
    async assertMayParticipate(userId: number) {
      const problem = await this.standingProblem(userId);
      if (problem) throw new HttpError(403, problem.message, problem.code);
    },

    /** A banned or suspended member does not sign in: 403 with the reason, after the password was checked. */
    assertMaySignIn(user: Pick<UserRow, "bannedAt" | "suspendedUntil">) {
      if (user.bannedAt) throw new HttpError(403, moderationMessages.banned, "banned");
      if (user.suspendedUntil && user.suspendedUntil > ctx.clock.iso())
        throw new HttpError(403, moderationMessages.suspended(user.suspendedUntil), "suspended");
    },

    /** A member who joins while approval is required waits for review. */
    async registered(userId: number) {
      if (await requireApproval()) await repo.setStanding(userId, { reviewStatus: "pending" });
    },

    // ---------------------------------------------------------------- reports

    /**
     * Files a report of an item the reporter can see; once per member and item while it is open (`created` false).
     * A reason that is not one of the four (an older client's text) becomes the details, with the reason "other".
     */
    async report(viewer: Viewer, target: ReportTarget, body: { reason: string; details: string }) {
      const known = reportReasonSchema.safeParse(body.reason);
      const reason: ReportReason = known.success ? known.data : "other";
      const details = known.success ? body.details : body.details || body.reason;
      let targetUserId: number | null;
      switch (target.type) {
        case "post": {
          const post = await repo.postAuthor(target.id);
          if (!post || (await safety.blockedBetween(viewer.id, post.userId))) throw notFound(postMessages.postNotFound);
          targetUserId = post.userId;
          break;
        }
        case "comment": {
          const comment = await repo.commentById(target.id);
          if (!comment || (await safety.blockedBetween(viewer.id, comment.userId))) throw notFound(moderationMessages.commentNotFound);
          targetUserId = comment.userId;
          break;
        }
        case "message": {
          const message = await repo.message(target.id);
          // Only a message the reporter received (directly, in one of their groups, or in a room they sat in) can be
          // reported; others don't exist.
          const received =
            message &&
            (message.receiverId === viewer.id ||
              (message.groupId !== null && (await repo.isGroupMember(message.groupId, viewer.id))) ||
              (message.roomCode !== null && (await repo.wasInRoom(message.roomCode, viewer.id))));
          if (!message || (!received && message.senderId !== viewer.id)) throw notFound(moderationMessages.messageNotFound);
          if (message.senderId === viewer.id) throw badRequest(moderationMessages.cannotReportSelf, "cannot_report_self");
          targetUserId = message.senderId;
          break;
        }
        case "member": {
          const member = await repo.member(target.id);
          if (!member || member.deletedAt) throw notFound(moderationMessages.memberNotFound);
          if (member.id === viewer.id) throw badRequest(moderationMessages.cannotReportSelf, "cannot_report_self");
          targetUserId = member.id;
          break;
        }
        case "media": {
          const item = await repo.media(target.id);
          if (!item) throw notFound(mediaMessages.mediaNotFound);
          targetUserId = item.uploadedBy;
          break;
        }
      }
      await ctx.throttle.take(reportThrottle, viewer.id);
      return repo.report({ reporterId: viewer.id, target, targetUserId, reason, details, createdAt: ctx.clock.iso() });
    },

    /** The queue: reports with what they are about, newest first (the latest 200). */
    async reports(viewer: Viewer, status: "open" | "resolved" | "all"): Promise<Report[]> {
      requireAdmin(viewer);
      const rows = await repo.listReports(status, 200);
      const ids: Record<ReportTargetType, number[]> = { post: [], comment: [], message: [], member: [], media: [] };
      for (const row of rows) ids[row.targetType].push(row.targetId);
      const found = await repo.targets(ids);
      const posts = new Map(found.posts.map((row) => [row.id, row]));
      const comments = new Map(found.comments.map((row) => [row.id, row]));
      const messages = new Map(found.messages.map((row) => [row.id, row]));
      const members = new Map(found.members.map((row) => [row.id, row]));
      const media = new Map(found.media.map((row) => [row.id, row]));
      const author = (id: number | null, displayName: string | null, profileImageUrl: string | null) =>
        id === null ? null : { id, displayName: displayName ?? "", profileImageUrl };
      return rows.map((row) => {
        let text: string | null = null;
        let link: string | null = null;
        let hidden = false;
        const post = row.targetType === "post" ? posts.get(row.targetId) : undefined;
        switch (row.targetType) {
          case "post":
            text = post ? post.content : null;
            hidden = Boolean(post?.hiddenAt);
            link = post ? `/community/${post.id}` : null;
            break;
          case "comment": {
            const comment = comments.get(row.targetId);
            text = comment ? comment.content : null;
            hidden = Boolean(comment?.hiddenAt);
            link = comment ? `/community/${comment.postId}` : null;
            break;
          }
          case "message":
            text = messages.get(row.targetId)?.content ?? null;
            hidden = Boolean(messages.get(row.targetId)?.hiddenAt);
            break;
          case "member": {
            const member = members.get(row.targetId);
            text = member ? member.displayName + (member.bio ? ` — ${member.bio}` : "") : null;
            link = member ? `/profile/${member.id}` : null;
            break;
          }
          case "media":
            text = media.get(row.targetId)?.title ?? null;
            hidden = Boolean(media.get(row.targetId)?.hiddenAt);
            break;
        }
        return {
          id: row.id,
          targetType: row.targetType,
          targetId: row.targetId,
          reason: row.reason,
          details: row.details,
          createdAt: row.createdAt,
          resolvedAt: row.resolvedAt,
          action: row.action,
          resolvedBy: author(row.settlerId, row.settlerDisplayName, row.settlerProfileImageUrl),
          reporter: { id: row.reporterId, displayName: row.reporterDisplayName, profileImageUrl: row.reporterProfileImageUrl },
          member: author(row.memberId, row.memberDisplayName, row.memberProfileImageUrl),
          excerpt: text === null ? null : excerpt(text),
          hidden,
          link,
          post: post
            ? {
                id: post.id,
                content: post.content,
                imageUrl: post.imageUrl,
                user: { id: post.userId, displayName: post.displayName, profileImageUrl: post.profileImageUrl },
              }
            : null,
        };
      });
    },

    /** Dismisses one report (the older route): it closes every open report of the same item. */
    async dismiss(viewer: Viewer, reportId: number) {
      requireAdmin(viewer);
      const report = await repo.findReport(reportId);
      if (!report) throw notFound(moderationMessages.reportNotFound);
      if (report.resolvedAt) return 0;
      const target = { type: report.targetType, id: report.targetId };
      const settled = await repo.settle(target, "dismiss", viewer.id, ctx.clock.iso());
      await safety.record(viewer.id, "report.dismiss", { type: report.targetType, id: report.targetId }, `report ${report.id}`);
      return settled;
    },

    /** Settles a report and every open report of the same item with one action, recorded in the audit log. */
    async act(viewer: Viewer, reportId: number, body: ReportActionBody) {
      requireAdmin(viewer);
      const report = await repo.findReport(reportId);
      if (!report) throw notFound(moderationMessages.reportNotFound);
      if (report.resolvedAt) throw conflict(moderationMessages.alreadyHandled, "already_handled");
      const target: ReportTarget = { type: report.targetType, id: report.targetId };
      const note = body.note ?? "";
      const cause = `report ${report.id} (${report.targetType} ${report.targetId}, ${report.reason})`;
      switch (body.action) {
        case "dismiss":
          break;
        case "hide":
          // Reversible (decision 0024): the row stays, every list leaves it out, and "restore" brings it back.
          if (await repo.setHidden(hideable(target), ctx.clock.iso())) await messageHidden(target);
          break;
        case "warn": {
          const member = await requireActionable(viewer, report.targetUserId);
          await notifications.notify([
            {
              userId: member.id,
              title: moderationMessages.warningTitle,
              body: moderationMessages.warning(what(report.targetType), note),
              link: null,
            },
          ]);
          break;
        }
        case "suspend": {
          if (body.days === undefined) throw badRequest(moderationMessages.daysRequired, "days_required");
          const member = await requireActionable(viewer, report.targetUserId);
          await suspend(viewer, member.id, Number(body.days), note, cause);
          break;
        }
        case "ban": {
          const member = await requireActionable(viewer, report.targetUserId);
          await ban(viewer, member.id, note, cause);
          break;
        }
      }
      const settled = await repo.settle(target, body.action, viewer.id, ctx.clock.iso());
      await safety.record(
        viewer.id,
        `report.${body.action}`,
        { type: report.targetType, id: report.targetId },
        [cause, note].filter(Boolean).join("; "),
      );
      return { settled };
    },

    /** Shows again the item a report hid; 409 when it is not hidden (restored already, or never hidden). */
    async restore(viewer: Viewer, reportId: number) {
      requireAdmin(viewer);
      const report = await repo.findReport(reportId);
      if (!report) throw notFound(moderationMessages.reportNotFound);
      const target = hideable({ type: report.targetType, id: report.targetId });
      if (!(await repo.setHidden(target, null))) throw conflict(moderationMessages.notHidden, "not_hidden");
      await safety.record(viewer.id, "report.restore", target, `report ${report.id}`);
      return { restored: true as const };
    },

    // ---------------------------------------------------------------- members

    async members(viewer: Viewer, options: { q?: string; status?: MemberStatus; limit: number; before?: Keyset }) {
      requireAdmin(viewer);
      const rows = await repo.members({ ...options, now: ctx.clock.iso() });
      return { items: rows.slice(0, options.limit).map(present), hasMore: rows.length > options.limit };
    },

    async suspend(viewer: Viewer, userId: number, days: number, note: string) {
      requireAdmin(viewer);
      await requireActionable(viewer, userId);
      await suspend(viewer, userId, days, note);
      return present(await requireMember(userId));
    },

    async ban(viewer: Viewer, userId: number, note: string) {
      requireAdmin(viewer);
      await requireActionable(viewer, userId);
      await ban(viewer, userId, note);
      return present(await requireMember(userId));
    },

    async reinstate(viewer: Viewer, userId: number) {
      requireAdmin(viewer);
      await requireMember(userId);
      await repo.setStanding(userId, { suspendedUntil: null, bannedAt: null });
      await safety.record(viewer.id, "member.reinstate", { type: "user", id: userId });
      return present(await requireMember(userId));
    },

    // ---------------------------------------------------------------- settings and review

    async settings(viewer: Viewer) {
      requireAdmin(viewer);
      return { requireApproval: await requireApproval() };
    },

    async saveSettings(viewer: Viewer, settings: { requireApproval: boolean }) {
      requireAdmin(viewer);
      if (settings.requireApproval !== (await requireApproval())) {
        await repo.saveSetting(REQUIRE_APPROVAL, String(settings.requireApproval), ctx.clock.iso());
        await safety.record(viewer.id, settings.requireApproval ? "settings.require_approval_on" : "settings.require_approval_off", {
          type: "site",
          id: 0,
        });
      }
      return { requireApproval: settings.requireApproval };
    },

    async review(viewer: Viewer) {
      requireAdmin(viewer);
      return (await repo.pending()).map(present);
    },

    async decide(viewer: Viewer, userId: number, decision: "approve" | "decline") {
      requireAdmin(viewer);
      await requireMember(userId);
      if (!(await repo.decide(userId, decision === "approve" ? "approved" : "declined")))
        throw conflict(moderationMessages.notPending, "not_pending");
      if (decision === "approve")
        await notifications.notify([
          { userId, title: moderationMessages.approvedTitle, body: moderationMessages.approved, link: "/community" },
        ]);
      await safety.record(viewer.id, decision === "approve" ? "review.approve" : "review.decline", { type: "user", id: userId });
      return present(await requireMember(userId));
    },

    // ---------------------------------------------------------------- newsletter

    async subscribers(viewer: Viewer, limit: number, before?: Keyset) {
      requireAdmin(viewer);
      const rows = await repo.subscribers(limit + 1, before);
      return { items: rows.slice(0, limit), hasMore: rows.length > limit };
    },

    /** Every subscriber as CSV; a cell that a spreadsheet would run as a formula is quoted with a leading apostrophe. */
    async subscribersCsv(viewer: Viewer) {
      requireAdmin(viewer);
      const cell = (value: string) => {
        const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
        return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      };
      const lines = ["email,subscribedAt"];
      let before: Keyset | undefined;
      for (;;) {
        const rows = await repo.subscribers(1000, before);
        for (const row of rows) lines.push(`${cell(row.email)},${cell(row.createdAt)}`);
        if (rows.length < 1000) break;
        const last = rows.at(-1)!;
        before = [last.createdAt, last.id];
      }
      return `${lines.join("\r\n")}\r\n`;
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
