import type { Kysely } from "kysely";
import type { Jobs } from "../../jobs/jobs";
import type { DB } from "../../db/schema";

/**
 * Members hear of a new sermon or episode through the notifications' `media.published` job (decision 0012). It is
 * enqueued in the transaction that stores the item (the outbox of DESIGN §8, decision 0019): the item and its
 * announcement exist together or not at all. Keyed, so publishing can never announce an item twice.
 */
export function announcePublished(jobs: Jobs, trx: Kysely<DB>, mediaId: number) {
  return jobs.enqueue("media.published", { mediaId }, { dedupeKey: `media-published:${mediaId}`, db: trx });
}

/** What a repository runs inside its publishing transaction once the item has its id. */
export type InPublishing = (trx: Kysely<DB>, mediaId: number) => Promise<unknown>;
