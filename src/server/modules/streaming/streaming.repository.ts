import type { Insertable, Kysely, Selectable } from "kysely";
import type { DB, StreamReplaysTable, StreamServicesTable } from "../../db/schema";
import type { InPublishing } from "../media/announce";
import { creditNamedMembers } from "../media/media.repository";

class ReplayTaken extends Error {}

export type StreamRow = Selectable<DB["streams"]>;
export type ServiceRow = Selectable<StreamServicesTable>;
export type BroadcastRow = Selectable<DB["stream_broadcasts"]>;
export type ReplayRow = Selectable<StreamReplaysTable>;
export interface PremiereRow {
  id: number;
  mediaId: number;
  startTime: string;
  endTime: string;
  title: string;
  mediaUrl: string;
  thumbnailUrl: string | null;
}

/** The streaming module's SQL: streams and keys, the schedule, broadcasts and replays. */
export function createStreamingRepository(db: Kysely<DB>) {
  const premieres = () =>
    db
      .selectFrom("stream_premieres as p")
      .innerJoin("media as m", "m.id", "p.mediaId")
      .select(["p.id", "p.mediaId", "p.startTime", "p.endTime", "m.title", "m.mediaUrl", "m.thumbnailUrl"])
      .where("m.hiddenAt", "is", null);
  return {
    listStreams: () => db.selectFrom("streams").selectAll().orderBy("id").execute(),
    findStream: (id: number) => db.selectFrom("streams").selectAll().where("id", "=", id).executeTakeFirst(),
    findStreamByKey: (streamKey: string) => db.selectFrom("streams").selectAll().where("streamKey", "=", streamKey).executeTakeFirst(),
    insertStream: (values: Insertable<DB["streams"]>) => db.insertInto("streams").values(values).returningAll().executeTakeFirstOrThrow(),
    setKey: (id: number, streamKey: string, at: string) =>
      db.updateTable("streams").set({ streamKey, keyRotatedAt: at }).where("id", "=", id).returningAll().executeTakeFirst(),

    /** Services not over at `now`, soonest first. */
    upcomingServices: (now: string, limit: number) =>
      db.selectFrom("stream_services").selectAll().where("endTime", ">", now).orderBy("startTime").orderBy("id").limit(limit).execute(),
    findService: (id: number) => db.selectFrom("stream_services").selectAll().where("id", "=", id).executeTakeFirst(),
    insertService: (values: Insertable<StreamServicesTable>) =>
      db.insertInto("stream_services").values(values).returningAll().executeTakeFirstOrThrow(),
    async deleteService(id: number): Promise<boolean> {
      const result = await db.deleteFrom("stream_services").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Broadcasts whose publishing has started and not ended. */
    openBroadcasts: () => db.selectFrom("stream_broadcasts").selectAll().where("endedAt", "is", null).orderBy("id").execute(),
    findBroadcast: (id: number) => db.selectFrom("stream_broadcasts").selectAll().where("id", "=", id).executeTakeFirst(),
    openBroadcast: (streamId: number) =>
      db.selectFrom("stream_broadcasts").selectAll().where("streamId", "=", streamId).where("endedAt", "is", null).executeTakeFirst(),
    startBroadcast: (streamId: number, at: string) =>
      db.insertInto("stream_broadcasts").values({ streamId, startedAt: at, endedAt: null }).returningAll().executeTakeFirstOrThrow(),
    endBroadcast: (id: number, at: string) =>
      db
        .updateTable("stream_broadcasts")
        .set({ endedAt: at })
        .where("id", "=", id)
        .where("endedAt", "is", null)
        .returningAll()
        .executeTakeFirst(),

    /** The premiere playing at `now` (started and not over), with its video. */
    premiereOn: (now: string) =>
      premieres().where("p.startTime", "<=", now).where("p.endTime", ">", now).orderBy("p.startTime").limit(1).executeTakeFirst(),
    upcomingPremieres: (now: string, limit: number) =>
      premieres().where("p.endTime", ">", now).orderBy("p.startTime").orderBy("p.id").limit(limit).execute(),
    findPremiere: (id: number) => premieres().where("p.id", "=", id).executeTakeFirst(),
    /** Whether a premiere other than `exceptId` plays at some time in [start, end). */
    async premiereOverlaps(start: string, end: string): Promise<boolean> {
      const row = await db
        .selectFrom("stream_premieres")
        .select("id")
        .where("startTime", "<", end)
        .where("endTime", ">", start)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    insertPremiere: (values: Insertable<DB["stream_premieres"]>) =>
      db.insertInto("stream_premieres").values(values).returning("id").executeTakeFirstOrThrow(),
    async deletePremiere(id: number): Promise<boolean> {
      const result = await db.deleteFrom("stream_premieres").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** A published video (a sermon or any media item with a video type) that can premiere. */
    findVideo: (id: number) =>
      db
        .selectFrom("media")
        .select(["id", "title", "duration", "mediaUrl"])
        .where("id", "=", id)
        .where("mimeType", "like", "video/%")
        .where("hiddenAt", "is", null)
        .executeTakeFirst(),

    listReplays: () =>
      db
        .selectFrom("stream_replays")
        .selectAll()
        .orderBy((eb) => eb.case().when("mediaId", "is", null).then(0).else(1).end())
        .orderBy("id", "desc")
        .limit(100)
        .execute(),
    findReplay: (id: number) => db.selectFrom("stream_replays").selectAll().where("id", "=", id).executeTakeFirst(),
    findReplayOf: (broadcastId: number) =>
      db.selectFrom("stream_replays").selectAll().where("broadcastId", "=", broadcastId).executeTakeFirst(),
    insertReplay: (values: Insertable<StreamReplaysTable>) =>
      db.insertInto("stream_replays").values(values).returningAll().executeTakeFirstOrThrow(),
    /**
     * Publishes a draft as a sermon: the media item and the draft's link to it in one transaction, so two admins
     * publishing at once make one sermon (the second finds the draft taken and answers undefined).
     */
    async publishReplay(id: number, sermon: Insertable<DB["media"]>, inTransaction: InPublishing): Promise<ReplayRow | undefined> {
      return db
        .transaction()
        .execute(async (trx) => {
          const media = await trx.insertInto("media").values(sermon).returning(["id", "artist"]).executeTakeFirstOrThrow();
          await creditNamedMembers(trx, media.id, media.artist);
          const replay = await trx
            .updateTable("stream_replays")
            .set({ title: sermon.title, mediaId: media.id })
            .where("id", "=", id)
            .where("mediaId", "is", null)
            .returningAll()
            .executeTakeFirst();
          if (!replay) throw new ReplayTaken();
          await inTransaction(trx, media.id);
          return replay;
        })
        .catch((error: unknown) => {
          if (error instanceof ReplayTaken) return undefined;
          throw error;
        });
    },
  };
}
export type StreamingRepository = ReturnType<typeof createStreamingRepository>;
