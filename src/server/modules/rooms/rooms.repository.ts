import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export function createRoomsRepository(db: Kysely<DB>) {
  const withDetails = () =>
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
      .where("r.closedAt", "is", null);

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

    async findActiveByCode(roomCode: string) {
      const row = await withDetails().where("r.roomCode", "=", roomCode).executeTakeFirst();
      return row ? normalize(row) : undefined;
    },

    async listActive(limit = 50) {
      const rows = await withDetails().orderBy("r.createdAt", "desc").orderBy("r.id", "desc").limit(limit).execute();
      return rows.map(normalize);
    },

    async close(roomId: number, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("rooms").set({ closedAt: now }).where("id", "=", roomId).where("closedAt", "is", null).execute();
        await trx.updateTable("room_members").set({ leftAt: now }).where("roomId", "=", roomId).where("leftAt", "is", null).execute();
      });
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
