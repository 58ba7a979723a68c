import { type ExpressionBuilder, type Kysely, type Selectable, type Transaction, sql } from "kysely";
import type { ModerationAction, ReportReason, ReportTargetType } from "@shared/contracts/reports";
import type { PreparedCondition } from "../../db/prepared";
import type { DB, UsersTable } from "../../db/schema";
import type { Keyset } from "../posts/posts.repository";

/** What a member row needs to show in the admin console. */
const memberColumns = [
  "users.id",
  "users.username",
  "users.displayName",
  "users.profileImageUrl",
  "users.role",
  "users.createdAt",
  "users.suspendedUntil",
  "users.bannedAt",
  "users.reviewStatus",
  "users.deletionRequestedAt",
  "users.deletedAt",
] as const;

export interface ReportTarget {
  type: ReportTargetType;
  id: number;
}

/** Reports, members' standing, site settings and newsletter subscribers: SQL only. */
export function createModerationRepository(db: Kysely<DB>) {
  const careTeam = (eb: ExpressionBuilder<DB, "users">) =>
    eb.exists(eb.selectFrom("care_team").select("care_team.userId").whereRef("care_team.userId", "=", "users.id")).as("careTeam");

  return {
    // ---------------------------------------------------------------- targets

    postAuthor: (id: number) =>
      db.selectFrom("posts").select(["userId", "content"]).where("id", "=", id).where("hiddenAt", "is", null).executeTakeFirst(),
    comment: (postId: number, id: number) =>
      db
        .selectFrom("comments")
        .select(["id", "postId", "userId", "content"])
        .where("id", "=", id)
        .where("postId", "=", postId)
        .executeTakeFirst(),
    commentById: (id: number) =>
      db
        .selectFrom("comments")
        .innerJoin("posts", "posts.id", "comments.postId")
        .select(["comments.id", "comments.postId", "comments.userId", "comments.content"])
        .where("comments.id", "=", id)
        .where("comments.hiddenAt", "is", null)
        .where("posts.hiddenAt", "is", null)
        .executeTakeFirst(),
    message: (id: number) =>
      db
        .selectFrom("messages")
        .select(["id", "senderId", "receiverId", "groupId", "roomCode", "content"])
        .where("id", "=", id)
        .where("hiddenAt", "is", null)
        .executeTakeFirst(),
    /** True when the member took a seat in a room with this code (so its chat reached them). */
    wasInRoom: async (roomCode: string, userId: number) =>
      Boolean(
        await db
          .selectFrom("rooms")
          .innerJoin("room_members", "room_members.roomId", "rooms.id")
          .select("room_members.userId")
          .where("rooms.roomCode", "=", roomCode)
          .where("room_members.userId", "=", userId)
          .executeTakeFirst(),
      ),
    /** A message whether hidden or not (the moderation queue's view). */
    messageAnyState: (id: number) =>
      db.selectFrom("messages").select(["id", "senderId", "receiverId", "groupId", "roomCode"]).where("id", "=", id).executeTakeFirst(),
    isGroupMember: async (groupId: number, userId: number) =>
      Boolean(
        await db
          .selectFrom("group_members")
          .select("userId")
          .where("groupId", "=", groupId)
          .where("userId", "=", userId)
          .executeTakeFirst(),
      ),
    member: (id: number) =>
      db
        .selectFrom("users")
        .select(memberColumns)
        .select((eb) => careTeam(eb))
        .where("users.id", "=", id)
        .executeTakeFirst(),
    media: (id: number) =>
      db.selectFrom("media").select(["id", "uploadedBy", "title"]).where("id", "=", id).where("hiddenAt", "is", null).executeTakeFirst(),

    /**
     * Hides (`hiddenAt` a time) or restores (null) a post, comment, message or media item (decision 0024); a comment's
     * post counter moves in the same transaction. False when the item is gone or already in that state.
     */
    async setHidden(target: { type: "post" | "comment" | "message" | "media"; id: number }, hiddenAt: string | null) {
      const table = ({ post: "posts", comment: "comments", message: "messages", media: "media" } as const)[target.type];
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable(table)
          .set({ hiddenAt })
          .where("id", "=", target.id)
          .where("hiddenAt", hiddenAt === null ? "is not" : "is", null)
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) > 0;
        if (changed && target.type === "comment") {
          const comment = await trx.selectFrom("comments").select("postId").where("id", "=", target.id).executeTakeFirstOrThrow();
          await trx
            .updateTable("posts")
            .set((eb) => ({ commentsCount: eb("commentsCount", hiddenAt === null ? "+" : "-", 1) }))
            .where("id", "=", comment.postId)
            .execute();
        }
        return changed;
      });
    },

    // ---------------------------------------------------------------- reports

    /** Files a report unless the same member already has an open one on the same item; answers it either way. */
    async report(report: {
      reporterId: number;
      target: ReportTarget;
      targetUserId: number | null;
      reason: ReportReason;
      details: string;
      createdAt: string;
    }) {
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom("reports")
          .select(["id", "createdAt"])
          .where("reporterId", "=", report.reporterId)
          .where("targetType", "=", report.target.type)
          .where("targetId", "=", report.target.id)
          .where("resolvedAt", "is", null)
          .executeTakeFirst();
        if (open) return { ...open, created: false };
        const row = await trx
          .insertInto("reports")
          .values({
            reporterId: report.reporterId,
            targetType: report.target.type,
            targetId: report.target.id,
            targetUserId: report.targetUserId,
            reason: report.reason,
            details: report.details,
            createdAt: report.createdAt,
            resolvedAt: null,
            resolvedBy: null,
            action: null,
          })
          .returning(["id", "createdAt"])
          .executeTakeFirstOrThrow();
        return { ...row, created: true };
      });
    },

    findReport: (id: number) => db.selectFrom("reports").selectAll().where("id", "=", id).executeTakeFirst(),

    /** Closes every open report of an item with the action taken; answers how many it closed. */
    async settle(target: ReportTarget, action: ModerationAction, by: number, now: string) {
      const result = await db
        .updateTable("reports")
        .set({ resolvedAt: now, resolvedBy: by, action })
        .where("targetType", "=", target.type)
        .where("targetId", "=", target.id)
        .where("resolvedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Reports with the reporter, the member it is about and who settled it, newest first. */
    async listReports(status: "open" | "resolved" | "all", limit: number) {
      let query = db
        .selectFrom("reports")
        .innerJoin("users as reporter", "reporter.id", "reports.reporterId")
        .leftJoin("users as member", "member.id", "reports.targetUserId")
        .leftJoin("users as settler", "settler.id", "reports.resolvedBy")
        .select([
          "reports.id",
          "reports.targetType",
          "reports.targetId",
          "reports.reason",
          "reports.details",
          "reports.createdAt",
          "reports.resolvedAt",
          "reports.action",
          "reporter.id as reporterId",
          "reporter.displayName as reporterDisplayName",
          "reporter.profileImageUrl as reporterProfileImageUrl",
          "member.id as memberId",
          "member.displayName as memberDisplayName",
          "member.profileImageUrl as memberProfileImageUrl",
          "settler.id as settlerId",
          "settler.displayName as settlerDisplayName",
          "settler.profileImageUrl as settlerProfileImageUrl",
        ]);
      if (status === "open") query = query.where("reports.resolvedAt", "is", null);
      if (status === "resolved") query = query.where("reports.resolvedAt", "is not", null);
      return query.orderBy("reports.createdAt", "desc").orderBy("reports.id", "desc").limit(limit).execute();
    },

    /** The reported items still there, by type: one query per type for the whole page. */
    async targets(ids: Record<ReportTargetType, number[]>) {
      const none = Promise.resolve([]);
      const [posts, comments, messages, members, media] = await Promise.all([
        ids.post.length
          ? db
              .selectFrom("posts")
              .innerJoin("users", "users.id", "posts.userId")
              .select([
                "posts.id",
                "posts.content",
                "posts.imageUrl",
                "posts.hiddenAt",
                "users.id as userId",
                "users.displayName",
                "users.profileImageUrl",
              ])
              .where("posts.id", "in", ids.post)
              .execute()
          : none,
        ids.comment.length
          ? db.selectFrom("comments").select(["id", "postId", "content", "hiddenAt"]).where("id", "in", ids.comment).execute()
          : none,
        ids.message.length
          ? db.selectFrom("messages").select(["id", "content", "groupId", "roomCode", "hiddenAt"]).where("id", "in", ids.message).execute()
          : none,
        ids.member.length ? db.selectFrom("users").select(["id", "displayName", "bio"]).where("id", "in", ids.member).execute() : none,
        ids.media.length ? db.selectFrom("media").select(["id", "title", "type", "hiddenAt"]).where("id", "in", ids.media).execute() : none,
      ]);
      return { posts, comments, messages, members, media };
    },

    // ---------------------------------------------------------------- members

    /** Members newest first, after the given position; `q` matches a part of the username or display name. */
    async members(options: { q?: string; status?: string; limit: number; before?: Keyset; now: string }) {
      let query = db
        .selectFrom("users")
        .select(memberColumns)
        .select((eb) => careTeam(eb));
      if (options.q) {
        const like = `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(${sql.ref("users.username")})`, "like", sql`${like} escape '\\'`),
            eb(sql`lower(${sql.ref("users.displayName")})`, "like", sql`${like} escape '\\'`),
          ]),
        );
      }
      switch (options.status) {
        case "banned":
          query = query.where("users.bannedAt", "is not", null);
          break;
        case "suspended":
          query = query.where("users.bannedAt", "is", null).where("users.suspendedUntil", ">", options.now);
          break;
        case "pending":
        case "declined":
          query = query.where("users.reviewStatus", "=", options.status).where("users.deletedAt", "is", null);
          break;
        case "deleting":
          query = query.where("users.deletionRequestedAt", "is not", null).where("users.deletedAt", "is", null);
          break;
        case "deleted":
          query = query.where("users.deletedAt", "is not", null);
          break;
        case "active":
          query = query
            .where("users.bannedAt", "is", null)
            .where((eb) => eb.or([eb("users.suspendedUntil", "is", null), eb("users.suspendedUntil", "<=", options.now)]))
            .where("users.reviewStatus", "=", "approved")
            .where("users.deletionRequestedAt", "is", null)
            .where("users.deletedAt", "is", null);
          break;
      }
      if (options.before) {
        const [createdAt, id] = options.before;
        query = query.where((eb) =>
          eb.or([eb("users.createdAt", "<", createdAt), eb.and([eb("users.createdAt", "=", createdAt), eb("users.id", "<", id)])]),
        );
      }
      return query
        .orderBy("users.createdAt", "desc")
        .orderBy("users.id", "desc")
        .limit(options.limit + 1)
        .execute();
    },

    /** Members waiting for review, oldest first. */
    pending: () =>
      db
        .selectFrom("users")
        .select(memberColumns)
        .select((eb) => careTeam(eb))
        .where("users.reviewStatus", "=", "pending")
        .where("users.deletedAt", "is", null)
        .orderBy("users.createdAt")
        .orderBy("users.id")
        .limit(500)
        .execute(),

    /** Read before every message, post and comment a member sends, so one fixed SQL text rather than a query tree. */
    async standing(userId: number) {
      const { rows } = await sql<Pick<Selectable<UsersTable>, "id" | "role" | "suspendedUntil" | "bannedAt" | "reviewStatus">>`
        select id, "role", "suspendedUntil", "bannedAt", "reviewStatus" from users where id = ${userId}`.execute(db);
      return rows[0];
    },

    /**
     * The same rule as the service's `standingProblem` answering null, as a condition a statement can carry: the
     * member is not banned, not suspended at `now`, not declined, and not pending while approval is required. A
     * missing member passes, as there. Lets a message be stored and checked in one statement (decision 0036).
     */
    inGoodStanding(userId: number, now: string, approvalSetting: string): PreparedCondition {
      return { shape: "in good standing", values: [userId, now, approvalSetting], build: () => goodStanding(userId, now, approvalSetting) };
    },

    async setStanding(
      userId: number,
      changes: { suspendedUntil?: string | null; bannedAt?: string | null; reviewStatus?: "approved" | "pending" | "declined" },
    ) {
      await db.updateTable("users").set(changes).where("id", "=", userId).execute();
    },

    /** Moves a pending member on; false when the member was not pending. */
    async decide(userId: number, status: "approved" | "declined") {
      const result = await db
        .updateTable("users")
        .set({ reviewStatus: status })
        .where("id", "=", userId)
        .where("reviewStatus", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Suspends or bans and ends every session, in the caller's transaction; answers where to write to the member. */
    async setStandingAndEndSessions(trx: Transaction<DB>, userId: number, changes: { suspendedUntil: string } | { bannedAt: string }) {
      await trx.updateTable("users").set(changes).where("id", "=", userId).execute();
      await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
      return trx.selectFrom("users").select(["email", "displayName"]).where("id", "=", userId).executeTakeFirst();
    },

    // ---------------------------------------------------------------- settings

    async setting(key: string): Promise<string | undefined> {
      return (await db.selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst())?.value;
    },

    async saveSetting(key: string, value: string, now: string) {
      await db
        .insertInto("site_settings")
        .values({ key, value, updatedAt: now })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updatedAt: now }))
        .execute();
    },

    // ---------------------------------------------------------------- newsletter

    async subscribers(limit: number, before?: Keyset) {
      let query = db.selectFrom("newsletter_subscriptions").select(["id", "email", "createdAt"]);
      if (before) {
        const [createdAt, id] = before;
        query = query.where((eb) => eb.or([eb("createdAt", "<", createdAt), eb.and([eb("createdAt", "=", createdAt), eb("id", "<", id)])]));
      }
      return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;

/** The rule of `inGoodStanding`, in SQL. */
const goodStanding = (userId: number, now: string, approvalSetting: string) =>
  sql<boolean>`not exists (select 1 from users where id = ${userId} and (
          "bannedAt" is not null
          or "suspendedUntil" > ${now}
          or "reviewStatus" = 'declined'
          or ("reviewStatus" = 'pending' and exists (select 1 from site_settings where key = ${approvalSetting} and value = 'true'))))`;
