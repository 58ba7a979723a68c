import type { Kysely } from "kysely";
import type { DB, RoomAccessTable } from "../../db/schema";

export function createRoomsRepository(db: Kysely<DB>) {
  /**
   * Rooms that are live: not closed, and someone is in them or they were created after `liveSince`
   * (a room nobody joined within the grace period has expired, even before the sweep marks it closed).
   */
  const live = (liveSince: string) =>
    db
      .selectFrom("rooms as r")
      .innerJoin("users as h", "h.id", "r.hostId")
      .select([
        "r.id",
        "r.name",
        "r.description",
        "r.roomCode",
        "r.hostId",
        "h.displayName as hostName",
        "r.maxParticipants",
        "r.createdAt",
        "r.lobby",
        "r.locked",
      ])
      .select((eb) =>
        eb
          .selectFrom("room_members as rm")
          .select(eb.fn.countAll<number>().as("c"))
          .whereRef("rm.roomId", "=", "r.id")
          .where("rm.leftAt", "is", null)
          .as("participants"),
      )
      .where("r.closedAt", "is", null)
      .where((w) =>
        w.or([
          w("r.createdAt", ">", liveSince),
          w.exists(
            w
              .selectFrom("room_members as present")
              .select("present.roomId")
              .whereRef("present.roomId", "=", "r.id")
              .where("present.leftAt", "is", null),
          ),
        ]),
      );

  const normalize = <T extends { participants: unknown; lobby: unknown; locked: unknown }>(
    row: T,
  ): Omit<T, "participants" | "lobby" | "locked"> & { participants: number; lobby: boolean; locked: boolean } => ({
    ...row,
    participants: Number(row.participants ?? 0),
    lobby: Boolean(Number(row.lobby)),
    locked: Boolean(Number(row.locked)),
  });

  return {
    async create(values: {
      name: string;
      description: string | null;
      roomCode: string;
      hostId: number;
      maxParticipants: number;
      createdAt: string;
      lobby: boolean;
    }) {
      const row = await db
        .insertInto("rooms")
        .values({ ...values, lobby: values.lobby ? 1 : 0, locked: 0, closedAt: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findLiveByCode(roomCode: string, liveSince: string) {
      const row = await live(liveSince).where("r.roomCode", "=", roomCode).executeTakeFirst();
      return row ? normalize(row) : undefined;
    },

    async listLive(liveSince: string, limit = 50) {
      const rows = await live(liveSince).orderBy("r.createdAt", "desc").orderBy("r.id", "desc").limit(limit).execute();
      return rows.map(normalize);
    },

    /** The room a code names while it is open (for closing it, whether or not anyone is in it). */
    async findOpenByCode(roomCode: string) {
      return db
        .selectFrom("rooms")
        .select(["id", "roomCode", "hostId", "name"])
        .where("roomCode", "=", roomCode)
        .where("closedAt", "is", null)
        .executeTakeFirst();
    },

    async close(roomId: number, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("rooms").set({ closedAt: now }).where("id", "=", roomId).where("closedAt", "is", null).execute();
        await trx.updateTable("room_members").set({ leftAt: now }).where("roomId", "=", roomId).where("leftAt", "is", null).execute();
      });
    },

    /** Closes the rooms nobody is in that were created before `liveSince`; answers how many. */
    async closeExpired(liveSince: string, now: string): Promise<number> {
      const result = await db
        .updateTable("rooms")
        .set({ closedAt: now })
        .where("closedAt", "is", null)
        .where("createdAt", "<=", liveSince)
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom("room_members as present")
                .select("present.roomId")
                .whereRef("present.roomId", "=", "rooms.id")
                .where("present.leftAt", "is", null),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0);
    },

    /** Who the database says is in each open room (its mirror of the live seats). */
    async presentMembers() {
      return db
        .selectFrom("rooms as r")
        .innerJoin("room_members as rm", "rm.roomId", "r.id")
        .select(["r.id as roomId", "r.roomCode", "r.hostId", "rm.userId"])
        .where("r.closedAt", "is", null)
        .where("rm.leftAt", "is", null)
        .execute();
    },

    async addMember(roomId: number, userId: number, now: string): Promise<void> {
      await db
        .insertInto("room_members")
        .values({ roomId, userId, joinedAt: now, leftAt: null })
        .onConflict((oc) => oc.columns(["roomId", "userId"]).doUpdateSet({ joinedAt: now, leftAt: null }))
        .execute();
    },

    async setLocked(roomId: number, locked: boolean): Promise<void> {
      await db
        .updateTable("rooms")
        .set({ locked: locked ? 1 : 0 })
        .where("id", "=", roomId)
        .execute();
    },

    /** Where a member stands at a room's door, if anywhere. */
    async access(roomId: number, userId: number): Promise<RoomAccessTable["status"] | undefined> {
      const row = await db
        .selectFrom("room_access")
        .select("status")
        .where("roomId", "=", roomId)
        .where("userId", "=", userId)
        .executeTakeFirst();
      return row?.status;
    },

    async setAccess(roomId: number, userId: number, status: RoomAccessTable["status"], now: string): Promise<void> {
      await db
        .insertInto("room_access")
        .values({ roomId, userId, status, updatedAt: now })
        .onConflict((oc) => oc.columns(["roomId", "userId"]).doUpdateSet({ status, updatedAt: now }))
        .execute();
    },

    /** Moves a waiting member to `status`; false when they were not waiting (answered already, or gone). */
    async answerKnock(roomId: number, userId: number, status: "admitted" | "declined", now: string): Promise<boolean> {
      const result = await db
        .updateTable("room_access")
        .set({ status, updatedAt: now })
        .where("roomId", "=", roomId)
        .where("userId", "=", userId)
        .where("status", "=", "waiting")
        .executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0) > 0;
    },

    /** A waiting member who gave up (left the lobby or closed the page). */
    async withdrawKnock(roomId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom("room_access")
        .where("roomId", "=", roomId)
        .where("userId", "=", userId)
        .where("status", "=", "waiting")
        .executeTakeFirst();
      return Number(result.numDeletedRows ?? 0) > 0;
    },

    /** The members waiting in a room's lobby, first come first. */
    async waiting(roomId: number) {
      return db
        .selectFrom("room_access as a")
        .innerJoin("users as u", "u.id", "a.userId")
        .select(["u.id as userId", "u.username", "u.displayName"])
        .where("a.roomId", "=", roomId)
        .where("a.status", "=", "waiting")
        .orderBy("a.updatedAt")
        .orderBy("u.id")
        .execute();
    },

    async removeMember(roomId: number, userId: number, now: string): Promise<void> {
      await db.updateTable("room_members").set({ leftAt: now }).where("roomId", "=", roomId).where("userId", "=", userId).execute();
    },
  };
}
export type RoomsRepository = ReturnType<typeof createRoomsRepository>;
