import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

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

  const normalize = <T extends { participants: number | null }>(row: T) => ({ ...row, participants: Number(row.participants ?? 0) });

  return {
    async create(values: {
      name: string;
      description: string | null;
      roomCode: string;
      hostId: number;
      maxParticipants: number;
      createdAt: string;
    }) {
      const row = await db
        .insertInto("rooms")
        .values({ ...values, closedAt: null })
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
        .select(["id", "roomCode", "hostId"])
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

    async removeMember(roomId: number, userId: number, now: string): Promise<void> {
      await db.updateTable("room_members").set({ leftAt: now }).where("roomId", "=", roomId).where("userId", "=", userId).execute();
    },
  };
}
export type RoomsRepository = ReturnType<typeof createRoomsRepository>;
