import fs from "node:fs/promises";
import path from "node:path";
import { parseFile } from "music-metadata";
import type { Database } from "../database";
import { hashPassword } from "../../modules/auth/auth.service";
import { welcomeNotifications } from "../../modules/notifications/notifications.repository";
import { type ImageExtension, storeWithVariants } from "../../media/images";
import { mimeTypeFor } from "../../media/mime";
import { creditNamedMembers } from "../../modules/media/media.repository";
import { demoContent } from "./demo-content";

/** The password of every demo member, named in the README. */
export const DEMO_PASSWORD = "Blessed2026";

export interface SeedOptions {
  /** Where media files are served from. */
  mediaDir: string;
  /** The committed demo files. */
  sourceDir: string;
  /** Fixed "now", for tests. */
  now?: Date;
}

/** Copies every demo file missing from the media folder, so a fresh data folder is always complete. */
async function copyDemoFiles(sourceDir: string, mediaDir: string) {
  await fs.mkdir(mediaDir, { recursive: true });
  const names = (await fs.readdir(sourceDir)).filter((name) => !name.endsWith(".md"));
  await Promise.all(
    names.map(async (name) => {
      const target = path.join(mediaDir, name);
      try {
        await fs.access(target);
      } catch {
        await fs.copyFile(path.join(sourceDir, name), target);
      }
    }),
  );
}

/**
 * Stores a demo picture the way an upload is stored (its size in its name, smaller AVIF and WebP copies beside it)
 * unless that is done already, and answers the stored name. The committed copy stays too, for data seeded before.
 */
async function storeDemoImage(mediaDir: string, name: string): Promise<string> {
  const ext = path.extname(name).slice(1) as ImageExtension;
  const stem = path.basename(name, path.extname(name));
  const stored = (await fs.readdir(mediaDir)).find((file) => file.startsWith(`${stem}.`) && file !== name && file.endsWith(`.${ext}`));
  if (stored) return stored;
  return storeWithVariants(mediaDir, stem, await fs.readFile(path.join(mediaDir, name)), ext);
}

async function durationOf(file: string): Promise<number> {
  const metadata = await parseFile(file, { duration: true });
  return Math.round(metadata.format.duration ?? 0);
}

/**
 * Fills an empty database with a living community: members, categories, sermons, songs and podcasts
 * with real files, posts with comments and likes, events, groups, messages and notifications.
 * Returns false when the database already has members.
 */
export async function seedDemoContent(database: Database, options: SeedOptions): Promise<boolean> {
  const { db } = database;
  await copyDemoFiles(options.sourceDir, options.mediaDir);
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;

  const now = options.now ?? new Date();
  const at = (hoursOffset: number) => new Date(now.getTime() + hoursOffset * 3_600_000).toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const durations = new Map<string, number>();
  const thumbnails = new Map<string, string>();
  for (const item of demoContent.media) {
    durations.set(item.file, await durationOf(path.join(options.mediaDir, item.file)));
    thumbnails.set(item.thumbnail, await storeDemoImage(options.mediaDir, item.thumbnail));
  }

  await db.transaction().execute(async (trx) => {
    const userIds = new Map<string, number>();
    for (const [index, member] of demoContent.members.entries()) {
      const joined = at(-24 * (120 - index * 10));
      const row = await trx
        .insertInto("users")
        .values({ ...member, passwordHash, profileImageUrl: null, createdAt: joined, passwordChangedAt: joined })
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds.set(member.username, row.id);
    }
    const userId = (username: string) => {
      const id = userIds.get(username);
      if (id === undefined) throw new Error(`Demo content names an unknown member: ${username}`);
      return id;
    };

    const categoryIds = new Map<string, number>();
    for (const category of demoContent.categories) {
      const row = await trx
        .insertInto("categories")
        .values({ name: category.name, description: category.description, type: category.type })
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryIds.set(category.key, row.id);
    }

    const creator = demoContent.members.find((member) => member.role === "admin") ?? demoContent.members[0];
    if (!creator) throw new Error("Demo content names no members");
    const mediaIds: { id: number; type: string }[] = [];
    for (const item of demoContent.media) {
      const row = await trx
        .insertInto("media")
        .values({
          title: item.title,
          description: item.description,
          type: item.type,
          categoryId: categoryIds.get(item.categoryKey) ?? null,
          artist: item.artist,
          thumbnailUrl: `/media/${thumbnails.get(item.thumbnail) ?? item.thumbnail}`,
          mediaUrl: `/media/${item.file}`,
          mimeType: mimeTypeFor(item.file),
          duration: durations.get(item.file) ?? 0,
          playCount: item.playCount,
          likesCount: 0,
          uploadedBy: userId(creator.username),
          createdAt: at(-24 * item.daysAgo),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await creditNamedMembers(trx, row.id, item.artist);
      mediaIds.push({ id: row.id, type: item.type });
    }

    for (const post of demoContent.posts) {
      const row = await trx
        .insertInto("posts")
        .values({
          userId: userId(post.author),
          content: post.content,
          imageUrl: null,
          likesCount: post.likedBy.length,
          commentsCount: post.comments.length,
          createdAt: at(-post.hoursAgo),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (post.comments.length > 0) {
        await trx
          .insertInto("comments")
          .values(post.comments.map((c) => ({ postId: row.id, userId: userId(c.author), content: c.content, createdAt: at(-c.hoursAgo) })))
          .execute();
      }
      if (post.likedBy.length > 0) {
        await trx
          .insertInto("post_likes")
          .values(post.likedBy.map((username) => ({ postId: row.id, userId: userId(username), createdAt: at(-post.hoursAgo + 1) })))
          .execute();
      }
    }

    const eventCreator = userId(creator.username);
    await trx
      .insertInto("events")
      .values(
        demoContent.events.map((event) => {
          const start = new Date(now);
          start.setUTCDate(start.getUTCDate() + event.daysFromNow);
          start.setUTCHours(event.hour, 0, 0, 0);
          return {
            title: event.title,
            description: event.description,
            startTime: start.toISOString(),
            endTime: new Date(start.getTime() + event.durationHours * 3_600_000).toISOString(),
            location: event.location,
            createdBy: eventCreator,
            cancelledAt: null,
            createdAt: at(-48),
          };
        }),
      )
      .execute();

    for (const group of demoContent.groups) {
      const row = await trx
        .insertInto("groups")
        .values({ name: group.name, description: group.description, createdBy: eventCreator, createdAt: at(-24 * 60) })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (group.members.length > 0) {
        await trx
          .insertInto("group_members")
          .values(
            group.members.map((username) => ({ groupId: row.id, userId: userId(username), joinedAt: at(-24 * 30), lastReadAt: null })),
          )
          .execute();
      }
    }

    // A few conversations between demo members, so Messaging is not empty.
    const [first, second, third] = demoContent.members.map((member) => userId(member.username));
    if (first === undefined || second === undefined || third === undefined) throw new Error("Demo content needs at least three members");
    await trx
      .insertInto("messages")
      .values([
        {
          senderId: second,
          receiverId: first,
          groupId: null,
          roomCode: null,
          content: "Thank you for the message on Sunday, it really spoke to me.",
          createdAt: at(-30),
          readAt: at(-29),
        },
        {
          senderId: first,
          receiverId: second,
          groupId: null,
          roomCode: null,
          content: "Praise God! See you at Bible study this week?",
          createdAt: at(-29),
          readAt: at(-28),
        },
        {
          senderId: third,
          receiverId: first,
          groupId: null,
          roomCode: null,
          content: "Could you pray for my mother's surgery tomorrow?",
          createdAt: at(-3),
          readAt: null,
        },
      ])
      .execute();

    // Favorites and a playlist for the first member, so profiles and the library show real items.
    const songs = mediaIds.filter((m) => m.type === "song").slice(0, 4);
    const sermons = mediaIds.filter((m) => m.type === "sermon").slice(0, 2);
    await trx
      .insertInto("favorites")
      .values([...sermons, ...songs.slice(0, 2)].map((m, i) => ({ userId: first, mediaId: m.id, createdAt: at(-10 - i) })))
      .execute();
    const playlist = await trx
      .insertInto("playlists")
      .values({
        userId: first,
        name: "Sunday Morning",
        description: "Songs to start the Lord's day",
        createdAt: at(-72),
        updatedAt: at(-72),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("playlist_items")
      .values(songs.map((m, position) => ({ playlistId: playlist.id, mediaId: m.id, position, addedAt: at(-72) })))
      .execute();

    await trx
      .insertInto("notifications")
      .values(
        demoContent.members.flatMap((member) =>
          welcomeNotifications(userId(member.username), member.displayName).map((n) => ({ ...n, createdAt: at(-24 * 7), readAt: null })),
        ),
      )
      .execute();

    // --- Community and events: members' RSVPs, so the calendar shows who is coming. ---
    const eventRows = await trx.selectFrom("events").select("id").orderBy("startTime").execute();
    const memberIds = demoContent.members.map((member) => userId(member.username));
    const rsvps = eventRows.flatMap((event, eventIndex) =>
      memberIds
        .filter((_, memberIndex) => (memberIndex + eventIndex) % 3 !== 2)
        .map((memberId, memberIndex) => ({
          eventId: event.id,
          userId: memberId,
          status: (memberIndex + eventIndex) % 4 === 3 ? ("not_going" as const) : ("going" as const),
          createdAt: at(-24),
        })),
    );
    if (rsvps.length > 0) await trx.insertInto("event_rsvps").values(rsvps).execute();

    // --- Media library: members' likes (so Most Liked sorts), the first member's listening history
    // with resume positions (so /history and Recently Played are alive) and a podcast subscription. ---
    const mediaLikes = mediaIds.flatMap((media, mediaIndex) =>
      memberIds
        .filter((_, memberIndex) => (mediaIndex * 7 + memberIndex * 3) % 5 < 2)
        .map((memberId) => ({ mediaId: media.id, userId: memberId, createdAt: at(-12) })),
    );
    if (mediaLikes.length > 0) await trx.insertInto("media_likes").values(mediaLikes).execute();
    await trx
      .updateTable("media")
      .set((eb) => ({
        likesCount: eb.selectFrom("media_likes").select(eb.fn.countAll<number>().as("c")).whereRef("media_likes.mediaId", "=", "media.id"),
      }))
      .execute();
    const podcastEpisode = mediaIds.find((m) => m.type === "podcast");
    const listened = [
      { media: songs[0], position: 12 },
      { media: sermons[0], position: 20 },
      { media: songs[2], position: 0 },
      ...(podcastEpisode ? [{ media: podcastEpisode, position: 30 }] : []),
    ].flatMap(({ media, position }) => (media ? [{ media, position }] : []));
    if (listened.length > 0) {
      await trx
        .insertInto("play_history")
        .values(
          listened.map((entry, index) => ({
            userId: first,
            mediaId: entry.media.id,
            position: entry.position,
            playedAt: at(-2 - index * 5),
          })),
        )
        .execute();
    }
    const show = demoContent.categories.find((category) => category.type === "podcast");
    const showId = show ? categoryIds.get(show.key) : undefined;
    if (showId !== undefined)
      await trx
        .insertInto("podcast_subscriptions")
        .values({ userId: first, categoryId: showId, createdAt: at(-24 * 3) })
        .execute();
  });
  return true;
}
