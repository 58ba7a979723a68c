import { z } from "zod";
import { timestampSchema, text } from "./common";
import { mediaItemSchema } from "./content";
import { defineRoute } from "./route";

export const searchMessages = {
  queryTooLong: "Please keep the search under 200 characters",
} as const;

export const searchQuerySchema = z.object({
  q: text().trim().max(200, searchMessages.queryTooLong).default(""),
  limit: z.coerce.number().int().min(1).max(50).default(8),
});

export const searchPostSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: timestampSchema,
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  user: z.object({ id: z.number().int(), displayName: z.string(), profileImageUrl: z.string().nullable() }),
});
export const searchMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
});
export const searchEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  startTime: timestampSchema,
  endTime: timestampSchema,
  location: z.string(),
});

/** GET /api/search?q=: the best matches of each kind, ranked by the database's full-text search. */
export const searchResultsSchema = z.object({
  query: z.string(),
  sermons: z.array(mediaItemSchema),
  songs: z.array(mediaItemSchema),
  podcasts: z.array(mediaItemSchema),
  posts: z.array(searchPostSchema),
  members: z.array(searchMemberSchema),
  events: z.array(searchEventSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** The search module's route: the header search. */
export const searchRoutes = {
  search: defineRoute({
    method: "GET",
    path: "/api/search",
    summary: "The best matches of every kind at once: sermons, songs, podcasts, posts, members and events",
    access: "public",
    query: searchQuerySchema,
    response: searchResultsSchema,
  }),
};
