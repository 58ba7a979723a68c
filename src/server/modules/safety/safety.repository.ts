import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";

/** Blocks, the care team and the audit log: SQL only. */
export function createSafetyRepository(db: Kysely<DB>) {
  return {
    async block(blockerId: number, blockedId: number, now: string) {
      await db
        .insertInto("blocks")
        .values({ blockerId, blockedId, createdAt: now })
        .onConflict((oc) => oc.columns(["blockerId", "blockedId"]).doNothing())
        .execute();
    },

    async unblock(blockerId: number, blockedId: number) {
      await db.deleteFrom("blocks").where("blockerId", "=", blockerId).where("blockedId", "=", blockedId).execute();
    },

    async listBlocked(blockerId: number) {
      const rows = await db
        .selectFrom("blocks")
        .innerJoin("users", "users.id", "blocks.blockedId")
        .select(["users.id", "users.displayName", "users.profileImageUrl", "blocks.createdAt"])
        .where("blocks.blockerId", "=", blockerId)
        .orderBy("blocks.createdAt", "desc")
        .limit(500)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        displayName: row.displayName,
        profileImageUrl: row.profileImageUrl,
        blockedAt: row.createdAt,
      }));
    },

    /** Everyone the member blocked or was blocked by. */
    async blockedEitherWay(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom("blocks")
        .select("blockedId as id")
        .where("blockerId", "=", userId)
        .union(db.selectFrom("blocks").select("blockerId as id").where("blockedId", "=", userId))
        .execute();
      return rows.map((row) => row.id);
    },

    /** True when `blockerId` has blocked `blockedId`. */
    async hasBlocked(blockerId: number, blockedId: number): Promise<boolean> {
      const row = await db
        .selectFrom("blocks")
        .select("blockerId")
        .where("blockerId", "=", blockerId)
        .where("blockedId", "=", blockedId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Whether either member blocked the other: one statement, read before every direct message and whenever a post,
     * a prayer or a report is opened, so a fixed SQL text rather than a query tree (each way is a primary-key look-up).
     */
    async blockedBetween(a: number, b: number): Promise<boolean> {
      const { rows } = await sql<{ found: number }>`
        select 1 as found from blocks where ("blockerId" = ${a} and "blockedId" = ${b}) or ("blockerId" = ${b} and "blockedId" = ${a})
        limit 1`.execute(db);
      return rows.length > 0;
    },

    async userExists(id: number): Promise<boolean> {
      return (await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
    },

    async isCareTeam(userId: number): Promise<boolean> {
      return (await db.selectFrom("care_team").select("userId").where("userId", "=", userId).executeTakeFirst()) !== undefined;
    },

    async grantCare(userId: number, grantedBy: number, now: string) {
      const result = await db
        .insertInto("care_team")
        .values({ userId, grantedBy, grantedAt: now })
        .onConflict((oc) => oc.column("userId").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async revokeCare(userId: number) {
      const result = await db.deleteFrom("care_team").where("userId", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async careTeamIds(): Promise<number[]> {
      return (await db.selectFrom("care_team").select("userId").execute()).map((row) => row.userId);
    },

    async careTeam() {
      const rows = await db
        .selectFrom("care_team")
        .innerJoin("users", "users.id", "care_team.userId")
        .select(["users.id", "users.displayName", "users.profileImageUrl", "care_team.grantedAt"])
        .orderBy("users.displayName")
        .execute();
      return rows;
    },

    async record(entry: {
      actorId: number | null;
      action: string;
      targetType: string;
      targetId: number;
      detail?: string;
      createdAt: string;
    }) {
      await db
        .insertInto("audit_log")
        .values({ ...entry, detail: entry.detail ?? "" })
        .execute();
    },

    /** The audit log newest first, before the given (createdAt, id) when given. */
    async audit(limit: number, before?: [string, number]) {
      let query = db
        .selectFrom("audit_log")
        .leftJoin("users", "users.id", "audit_log.actorId")
        .select([
          "audit_log.id",
          "audit_log.action",
          "audit_log.targetType",
          "audit_log.targetId",
          "audit_log.detail",
          "audit_log.createdAt",
          "users.id as actorId",
          "users.displayName as actorDisplayName",
          "users.profileImageUrl as actorProfileImageUrl",
        ]);
      if (before) {
        const [createdAt, id] = before;
        query = query.where((eb) =>
          eb.or([
            eb("audit_log.createdAt", "<", createdAt),
            eb.and([eb("audit_log.createdAt", "=", createdAt), eb("audit_log.id", "<", id)]),
          ]),
        );
      }
      const rows = await query.orderBy("audit_log.createdAt", "desc").orderBy("audit_log.id", "desc").limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        detail: row.detail,
        createdAt: row.createdAt,
        actor:
          row.actorId === null
            ? null
            : { id: row.actorId, displayName: row.actorDisplayName ?? "", profileImageUrl: row.actorProfileImageUrl },
      }));
    },
  };
}
export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
