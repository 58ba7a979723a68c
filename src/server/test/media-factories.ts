import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

let counter = 0;

/** Inserts a category straight into the database (publishing has its own tests). */
export async function createCategory(db: Kysely<DB>, type: "sermon" | "music" | "podcast", name = `Category ${++counter}`) {
  const row = await db
    .insertInto("categories")
    .values({ name, description: `${name} description`, type })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface MediaOverrides {
  title?: string;
  description?: string;
  artist?: string;
  categoryId?: number | null;
  playCount?: number;
  likesCount?: number;
  createdAt?: string;
  mediaUrl?: string;
  duration?: number;
}

/** Inserts a media item; createdAt defaults to a distinct moment so ordering is deterministic. */
export async function createMedia(db: Kysely<DB>, type: "sermon" | "podcast" | "song", overrides: MediaOverrides = {}) {
  const n = ++counter;
  const row = await db
    .insertInto("media")
    .values({
      title: overrides.title ?? `${type} ${n}`,
      description: overrides.description ?? `About ${type} ${n}`,
      type,
      categoryId: overrides.categoryId ?? null,
      artist: overrides.artist ?? "Worship Team",
      thumbnailUrl: `/media/thumb-${n}.jpg`,
      mediaUrl: overrides.mediaUrl ?? `/media/${type}-${n}.mp3`,
      mimeType: "audio/mpeg",
      duration: overrides.duration ?? 180,
      playCount: overrides.playCount ?? 0,
      likesCount: overrides.likesCount ?? 0,
      uploadedBy: null,
      createdAt: overrides.createdAt ?? new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
