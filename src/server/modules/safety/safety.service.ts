import { safetyMessages } from "@shared/contracts/safety";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { createSafetyRepository } from "./safety.repository";

type Viewer = Pick<UserRow, "id" | "role">;

/**
 * Blocking, the care team and the audit log. Other modules ask here whether one member blocked another (posts,
 * messages and rooms enforce it) and record what moderators and admins did.
 */
export function createSafetyService(ctx: AppContext) {
  const safety = createSafetyRepository(ctx.db);
  const requireMember = async (userId: number) => {
    if (!(await safety.userExists(userId))) throw notFound(safetyMessages.memberNotFound);
  };

  return {
    /** True when `blockerId` blocked `otherId`. */
    hasBlocked: (blockerId: number, otherId: number) => safety.hasBlocked(blockerId, otherId),

    /**
     * True when either member blocked the other: a post, comment, prayer or direct message of one is not there for the
     * other (decision 0016).
     */
    blockedBetween: (a: number, b: number) => safety.blockedBetween(a, b),

    isCareTeam: (userId: number) => safety.isCareTeam(userId),

    careTeamIds: () => safety.careTeamIds(),

    /** Records who did what to whom. */
    record: (actorId: number | null, action: string, target: { type: string; id: number }, detail = "") =>
      safety.record({ actorId, action, targetType: target.type, targetId: target.id, detail, createdAt: ctx.clock.iso() }),

    blocked: (viewer: Viewer) => safety.listBlocked(viewer.id),

    async block(viewer: Viewer, userId: number) {
      if (userId === viewer.id) throw badRequest(safetyMessages.cannotBlockSelf, "cannot_block_self");
      await requireMember(userId);
      await safety.block(viewer.id, userId, ctx.clock.iso());
      await ctx.live.withdrawPresence(viewer.id, userId);
    },

    /** Whose presence the member never sees, nor they the member's: blocks, either way. */
    blockedEitherWay: (userId: number) => safety.blockedEitherWay(userId),

    async unblock(viewer: Viewer, userId: number) {
      await safety.unblock(viewer.id, userId);
    },

    async careTeam(viewer: Viewer) {
      if (!policies.moderate(viewer) && !(await safety.isCareTeam(viewer.id))) throw forbidden();
      return safety.careTeam();
    },

    async grantCare(viewer: Viewer, userId: number) {
      if (!policies.moderate(viewer)) throw forbidden();
      await requireMember(userId);
      if (await safety.grantCare(userId, viewer.id, ctx.clock.iso()))
        await this.record(viewer.id, "care_team.grant", { type: "user", id: userId });
    },

    async revokeCare(viewer: Viewer, userId: number) {
      if (!policies.moderate(viewer)) throw forbidden();
      if (await safety.revokeCare(userId)) await this.record(viewer.id, "care_team.revoke", { type: "user", id: userId });
    },

    /** A page of the audit log, newest first, before the given (createdAt, id). */
    async audit(viewer: Viewer, limit: number, before?: [string, number]) {
      if (!policies.moderate(viewer)) throw forbidden();
      const rows = await safety.audit(limit + 1, before);
      return { items: rows.slice(0, limit), hasMore: rows.length > limit };
    },
  };
}
export type SafetyService = ReturnType<typeof createSafetyService>;
