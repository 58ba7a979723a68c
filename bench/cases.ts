import { createHash } from "node:crypto";
import type SQLite from "better-sqlite3";

/** What the fixture prepared for the cases: a signed-in member and the ids they need. */
export interface Fixture {
  cookie: string;
  userId: number;
  otherUserId: number;
}

export interface BenchCase {
  name: string;
  /** The request path against both servers. */
  path(fixture: Fixture): string;
  signedIn: boolean;
  /** A list endpoint (goal: 0.8× of the baseline) or a cheap read (0.9×); a media range has no such goal. */
  kind: "list" | "read" | "media";
  /** Also measured on PostgreSQL against SQLite (issue 9, goal 6). */
  dialects?: true;
  /** The baseline: the same query with bare better-sqlite3, answering the JSON body. */
  baseline(sqlite: SQLite.Database, fixture: Fixture, cookieToken: string | undefined): unknown;
  /** For non-JSON cases (e.g. media ranges) extra request headers. */
  headers?: Record<string, string>;
  /** Bulk data the fixture must add before measuring (e.g. `{ posts: 100_000 }`, or a large media file in MiB). */
  needs?: { posts?: number; mediaFileMiB?: number };
  /** A media file case: the baseline serves this file's requested range with a bare createReadStream instead of JSON. */
  rangeFile?: string;
}

const sessionUser = (sqlite: SQLite.Database, token: string | undefined) => {
  if (!token) return undefined;
  const id = createHash("sha256").update(token).digest("hex");
  return sqlite
    .prepare(`select u.* from sessions s join users u on u.id = s."userId" where s.id = ? and s."expiresAt" > ?`)
    .get(id, new Date().toISOString()) as Record<string, unknown> | undefined;
};

// The application's query (users.repository.ts findById): the counts are stored on the row (decision 0031).
const userWithCounts = (sqlite: SQLite.Database, id: number) =>
  sqlite.prepare(`select * from users where id = ?`).get(id) as Record<string, unknown>;

const present = (row: Record<string, unknown>, own: boolean) => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  ...(own ? { email: row.email } : {}),
  bio: row.bio,
  profileImageUrl: row.profileImageUrl,
  accountType: row.accountType,
  role: row.role,
  postCount: row.postCount,
  favoriteCount: row.favoriteCount,
  createdAt: row.createdAt,
});

/** The large file the media Range case reads, written into the media folder by the fixture. */
export const BENCH_MEDIA_FILE = "bench-large.mp4";

/** Every endpoint the bench measures; later work adds its rows here. */
export const cases: BenchCase[] = [
  {
    name: "GET /api/auth/current (signed in)",
    path: () => "/api/auth/current",
    signedIn: true,
    kind: "read",
    baseline(sqlite, _fixture, token) {
      const viewer = sessionUser(sqlite, token);
      return viewer ? present(userWithCounts(sqlite, viewer.id as number), true) : { message: "unauthorized" };
    },
  },
  {
    name: "GET /api/users/{id}",
    path: (fx) => `/api/users/${fx.otherUserId}`,
    signedIn: false,
    kind: "read",
    baseline: (sqlite, fx) => present(userWithCounts(sqlite, fx.otherUserId), false),
  },
  {
    name: "GET /api/users (signed in)",
    path: () => "/api/users",
    signedIn: true,
    kind: "list",
    baseline(sqlite, _fixture, token) {
      const viewer = sessionUser(sqlite, token);
      const v = viewer?.id as number;
      return sqlite
        .prepare(
          // The application's query (users.repository.ts listContacts), requests the viewer has not accepted included.
          `select c.id, c."username", c."displayName", c."profileImageUrl", c."accountType",
             lm.content as "lastMessage", lm."createdAt" as "lastMessageAt", c."unreadCount"
           from (
             select u.id, u."username", u."displayName", u."profileImageUrl", u."accountType",
               (select m.id from messages m
                 where ((m."senderId" = u.id and m."receiverId" = @v and req.id is null) or (m."senderId" = @v and m."receiverId" = u.id))
                 order by m."createdAt" desc, m.id desc limit 1) as "lastId",
               case when req.id is null then (select count(*) from messages m
                 where m."senderId" = u.id and m."receiverId" = @v and m."readAt" is null) else 0 end as "unreadCount"
             from users u
             left join message_requests req on req."senderId" = u.id and req."receiverId" = @v and req."status" != 'accepted'
             where u.id != @v
           ) c
           left join messages lm on lm.id = c."lastId"
           order by lm."createdAt" desc nulls last, c."displayName" limit 200`,
        )
        .all({ v });
    },
  },
  {
    name: "GET /api/posts (20 posts with users, 100k posts, signed in)",
    path: () => "/api/posts",
    signedIn: true,
    kind: "list",
    dialects: true,
    needs: { posts: 100_000 },
    // The application's query (posts.repository.ts list): a signed-in viewer doesn't see members they blocked or who blocked them.
    baseline(sqlite, _fixture, token) {
      const viewer = sessionUser(sqlite, token);
      const rows = sqlite
        .prepare(
          `select p.id, p.content, p."imageUrl", p."userId", p."createdAt", p."likesCount", p."commentsCount",
                  u."displayName", u."profileImageUrl",
                  exists(select 1 from post_likes l where l."postId" = p.id and l."userId" = @v) as "likedByMe"
           from (
             select p.id, p.content, p."imageUrl", p."userId", p."createdAt", p."likesCount", p."commentsCount" from posts p
             where not exists (select 1 from blocks b where (b."blockerId" = @v and b."blockedId" = p."userId") or (b."blockerId" = p."userId" and b."blockedId" = @v))
             order by p."createdAt" desc, p.id desc limit 21
           ) p join users u on u.id = p."userId"
           order by p."createdAt" desc, p.id desc`,
        )
        .all({ v: viewer?.id ?? 0 }) as Record<string, unknown>[];
      return rows.slice(0, 20).map((row) => ({
        id: row.id,
        content: row.content,
        imageUrl: row.imageUrl,
        userId: row.userId,
        createdAt: row.createdAt,
        likesCount: row.likesCount,
        commentsCount: row.commentsCount,
        likedByMe: Boolean(row.likedByMe),
        user: { id: row.userId, displayName: row.displayName, profileImageUrl: row.profileImageUrl },
      }));
    },
  },
  {
    name: "GET /api/content/media?type=sermon",
    path: () => "/api/content/media?type=sermon",
    signedIn: false,
    kind: "list",
    dialects: true,
    // The application's query (media.repository.ts list): hidden items left out, its columns, the type bound.
    baseline: (sqlite) =>
      (
        sqlite
          .prepare(
            `select "media"."id", "media"."title", "media"."description", "media"."type", "media"."categoryId", "media"."artist",
               "media"."thumbnailUrl", "media"."mediaUrl", "media"."mimeType", "media"."duration", "media"."playCount",
               "media"."likesCount", "media"."uploadedBy", "media"."createdAt"
             from media where media."hiddenAt" is null and media.type = ? order by "media"."createdAt" desc, media.id desc limit 21`,
          )
          .all("sermon") as Record<string, unknown>[]
      )
        .slice(0, 20)
        .map(({ uploadedBy: _uploadedBy, ...item }) => item),
  },
  {
    name: "GET /media/{file} (1 MiB Range read of a 50 MiB file)",
    path: () => `/media/${BENCH_MEDIA_FILE}`,
    signedIn: false,
    kind: "media",
    headers: { range: "bytes=10485760-11534335" },
    needs: { mediaFileMiB: 50 },
    rangeFile: BENCH_MEDIA_FILE,
    baseline: () => null,
  },
];
