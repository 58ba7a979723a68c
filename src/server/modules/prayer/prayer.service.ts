import { type CreatePrayer, PRAYER_NEW_MEMBER_DAYS, type PrayerRequest, type ReportReason, prayerMessages } from "@shared/contracts/prayer";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import type { ThrottleRule } from "../../throttle/throttle";
import { createNotificationsService } from "../notifications/notifications.service";
import type { Keyset } from "../posts/posts.repository";
import { createSafetyService } from "../safety/safety.service";
import { type PrayerRow, type PrayerScope, createPrayerRepository } from "./prayer.repository";

type Viewer = Pick<UserRow, "id" | "role" | "displayName" | "createdAt">;

const DAY_MS = 86_400_000;

/** Requests one member may make an hour, counted in the database so every instance shares the count. */
export const prayerThrottle: ThrottleRule = { name: "prayer-member", limit: 20, windowMs: 3_600_000, message: prayerMessages.tooMany };

/** Reports one member may file an hour. */
export const prayerReportThrottle: ThrottleRule = {
  name: "prayer-report-member",
  limit: 10,
  windowMs: 3_600_000,
  message: prayerMessages.tooManyReports,
};

/** What a viewer may know of a request: an anonymous author only for the author and the care team, the assignee only for the care team. */
export function presentPrayer(row: PrayerRow, viewer: { id: number; careTeam: boolean }): PrayerRequest {
  const mine = row.userId === viewer.id;
  return {
    id: row.id,
    content: row.content,
    visibility: row.visibility,
    anonymous: row.anonymous,
    status: row.status,
    prayedCount: row.prayedCount,
    prayedByMe: row.prayedByMe,
    mine,
    author: row.anonymous && !mine && !viewer.careTeam ? null : row.author,
    assignee: viewer.careTeam ? row.assignee : null,
    answeredAt: row.answeredAt,
    testimony: row.testimony,
    createdAt: row.createdAt,
  };
}

/**
 * Prayer requests (decision 0016): who sees which request, "I prayed" once per member, answered with a testimony, the
 * care team's assignment and private notes, and the review of a new member's wall requests.
 */
export function createPrayerService(ctx: AppContext) {
  const prayer = createPrayerRepository(ctx.db);
  const safety = createSafetyService(ctx);
  const notifications = createNotificationsService(ctx);

  const viewerOf = async (viewer: Viewer) => ({ id: viewer.id, careTeam: await safety.isCareTeam(viewer.id) });

  /** The request when the viewer may see it: its author, the care team, or any member for a published wall request neither side blocked. */
  async function visible(viewer: { id: number; careTeam: boolean }, id: number): Promise<PrayerRow> {
    const row = await prayer.findById(id, viewer.id);
    if (!row) throw notFound(prayerMessages.notFound);
    if (row.userId === viewer.id || viewer.careTeam) return row;
    if (row.visibility !== "wall" || row.status !== "published") throw notFound(prayerMessages.notFound);
    if (await safety.blockedBetween(row.userId, viewer.id)) throw notFound(prayerMessages.notFound);
    return row;
  }

  const requireCare = (viewer: { careTeam: boolean }) => {
    if (!viewer.careTeam) throw forbidden(prayerMessages.careTeamOnly);
  };

  async function tellCareTeam(title: string, body: string) {
    const team = await safety.careTeamIds();
    if (team.length) await notifications.notify(team.map((userId) => ({ userId, title, body, link: "/prayer" })));
  }

  return {
    async list(user: Viewer, scope: PrayerScope, options: { limit: number; before?: Keyset }) {
      const viewer = await viewerOf(user);
      if (scope === "care") requireCare(viewer);
      if (scope === "held" && !viewer.careTeam && !policies.moderate(user)) throw forbidden(prayerMessages.careTeamOnly);
      const page = await prayer.list(scope, viewer.id, options);
      return { hasMore: page.hasMore, items: page.items.map((row) => presentPrayer(row, viewer)) };
    },

    async get(user: Viewer, id: number) {
      const viewer = await viewerOf(user);
      return presentPrayer(await visible(viewer, id), viewer);
    },

    /** A new member's wall request waits for the care team; private requests go to the care team at once. */
    async create(user: Viewer, input: Required<CreatePrayer>) {
      await ctx.throttle.take(prayerThrottle, user.id);
      const viewer = await viewerOf(user);
      const isNew = Date.parse(user.createdAt) > ctx.clock.now() - PRAYER_NEW_MEMBER_DAYS * DAY_MS;
      const held = input.visibility === "wall" && isNew && !viewer.careTeam && !policies.moderate(user);
      const id = await prayer.create({
        userId: user.id,
        content: input.content,
        visibility: input.visibility,
        anonymous: input.visibility === "wall" && input.anonymous ? 1 : 0,
        status: held ? "held" : "published",
        createdAt: ctx.clock.iso(),
      });
      if (held) await tellCareTeam("Prayer Request to Review", "A new member's wall request is waiting for review.");
      else if (input.visibility === "private") await tellCareTeam("New Prayer Request", "A member asked the care team for prayer.");
      return presentPrayer((await prayer.findById(id, user.id))!, viewer);
    },

    /** Counted once per member; the requester hears of it the first time each member prays. */
    async prayed(user: Viewer, id: number) {
      const viewer = await viewerOf(user);
      const row = await visible(viewer, id);
      if (row.userId === user.id) throw forbidden(prayerMessages.cannotPrayOwn);
      const result = await prayer.prayed(id, user.id, ctx.clock.iso());
      if (result.added) {
        await notifications.notify([
          { userId: row.userId, title: prayerMessages.prayedTitle, body: prayerMessages.prayed(user.displayName), link: "/prayer" },
        ]);
      }
      return { prayedCount: result.prayedCount, prayedByMe: true };
    },

    async answered(user: Viewer, id: number, testimony: string | undefined) {
      const viewer = await viewerOf(user);
      const row = await visible(viewer, id);
      if (row.userId !== user.id) throw forbidden(prayerMessages.ownerOnly);
      await prayer.answer(id, testimony ? testimony : null, ctx.clock.iso());
      return presentPrayer((await prayer.findById(id, user.id))!, viewer);
    },

    async assign(user: Viewer, id: number, assigneeId: number | null) {
      const viewer = await viewerOf(user);
      requireCare(viewer);
      await visible(viewer, id);
      if (assigneeId !== null && !(await safety.isCareTeam(assigneeId)))
        throw badRequest(prayerMessages.assigneeNotCareTeam, "not_care_team");
      await prayer.assign(id, assigneeId);
      await safety.record(user.id, "prayer.assign", { type: "prayer", id }, assigneeId === null ? "" : `user ${assigneeId}`);
      return presentPrayer((await prayer.findById(id, user.id))!, viewer);
    },

    async notes(user: Viewer, id: number) {
      const viewer = await viewerOf(user);
      requireCare(viewer);
      await visible(viewer, id);
      return prayer.notes(id);
    },

    async addNote(user: Viewer, id: number, content: string) {
      const viewer = await viewerOf(user);
      requireCare(viewer);
      await visible(viewer, id);
      const noteId = await prayer.addNote({ requestId: id, authorId: user.id, content, createdAt: ctx.clock.iso() });
      return (await prayer.notes(id)).find((note) => note.id === noteId)!;
    },

    /** The care team or an admin publishes a held wall request or hides one; the requester hears when it is published. */
    async review(user: Viewer, id: number, decision: "publish" | "hide" | "dismiss") {
      const viewer = await viewerOf(user);
      if (!viewer.careTeam && !policies.moderate(user)) throw forbidden(prayerMessages.careTeamOnly);
      const row = await prayer.findById(id, user.id);
      if (!row) throw notFound(prayerMessages.notFound);
      if (row.visibility !== "wall") throw badRequest(prayerMessages.notOnWall, "not_on_wall");
      // Dismissing closes the reports and leaves the request as it is (the admins' queue, decision 0024).
      const status = decision === "dismiss" ? row.status : decision === "publish" ? "published" : "hidden";
      await prayer.setStatus(id, status, ctx.clock.iso());
      await safety.record(user.id, `prayer.${decision}`, { type: "prayer", id });
      if (status === "published" && row.status === "held") {
        await notifications.notify([
          { userId: row.userId, title: prayerMessages.publishedTitle, body: prayerMessages.published, link: "/prayer" },
        ]);
      }
      return presentPrayer((await prayer.findById(id, user.id))!, viewer);
    },

    async report(user: Viewer, id: number, input: { reason: ReportReason; details: string }) {
      const viewer = await viewerOf(user);
      await visible(viewer, id);
      await ctx.throttle.take(prayerReportThrottle, user.id);
      return prayer.report({
        requestId: id,
        reporterId: user.id,
        reason: input.reason,
        details: input.details,
        createdAt: ctx.clock.iso(),
      });
    },

    async reports(user: Viewer) {
      const viewer = await viewerOf(user);
      if (!viewer.careTeam && !policies.moderate(user)) throw forbidden(prayerMessages.careTeamOnly);
      return (await prayer.openReports(user.id)).map((report) => ({ ...report, request: presentPrayer(report.request, viewer) }));
    },
  };
}
