import { z } from "zod";
import { timestampSchema } from "./common";

/** Texts of the community API that the spec leaves open. */
export const postMessages = {
  contentRequired: "Post content is required",
  contentTooLong: "Posts can be at most 5000 characters",
  commentRequired: "Comment text is required",
  commentTooLong: "Comments can be at most 2000 characters",
  postNotFound: "Post not found",
  commentNotFound: "Comment not found",
  reportNotFound: "Report not found",
  invalidCursor: "Invalid cursor",
  imageType: "Images must be JPEG, PNG, GIF or WebP",
  imageTooLarge: "Images must be 5 MB or smaller",
  reasonTooLong: "A report reason can be at most 500 characters",
} as const;

export const POST_MAX_LENGTH = 5000;
export const COMMENT_MAX_LENGTH = 2000;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The response header carrying the cursor of the next (older) page of a list; also sent as `Link: <...>; rel="next"`. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";

/** The author of a post or comment as lists show them. */
export const authorSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type Author = z.infer<typeof authorSchema>;

/** A post of the community feed (spec §3), with its author and whether the viewer liked it. */
export const postSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  userId: z.number().int(),
  createdAt: timestampSchema,
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  likedByMe: z.boolean().describe("true when the signed-in viewer likes this post; false when signed out"),
  user: authorSchema,
});
export type Post = z.infer<typeof postSchema>;

export const postListQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional().describe("only this member's posts"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().describe("the X-Next-Cursor of the previous page"),
});

/**
 * POST /api/posts as JSON, or as multipart/form-data with a `content` field and an optional `image` file.
 * `userId` and `imageUrl` sent by a client are ignored: the author is the signed-in member and an
 * image only comes from an upload.
 */
export const createPostSchema = z.object({
  content: z
    .string({ error: postMessages.contentRequired })
    .trim()
    .min(1, postMessages.contentRequired)
    .max(POST_MAX_LENGTH, postMessages.contentTooLong),
});
export type CreatePost = z.infer<typeof createPostSchema>;

export const likeResultSchema = z.object({
  liked: z.boolean(),
  likesCount: z.number().int(),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

/** A comment on a post (spec §3). */
export const commentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  createdAt: timestampSchema,
  user: authorSchema,
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.string().max(200).optional(),
});

export const createCommentSchema = z.object({
  content: z
    .string({ error: postMessages.commentRequired })
    .trim()
    .min(1, postMessages.commentRequired)
    .max(COMMENT_MAX_LENGTH, postMessages.commentTooLong),
});

export const commentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  commentId: z.coerce.number().int().positive(),
});

export const createReportSchema = z.object({
  reason: z.string().trim().max(500, postMessages.reasonTooLong).optional().default(""),
});

export const reportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(["post", "comment", "media"]),
  targetId: z.number().int(),
  reason: z.string(),
  createdAt: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
  reporter: authorSchema,
  post: z
    .object({ id: z.number().int(), content: z.string(), imageUrl: z.string().nullable(), user: authorSchema })
    .nullable()
    .describe("the reported post, null once it was removed"),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListQuerySchema = z.object({
  status: z.enum(["open", "resolved", "all"]).default("open"),
});

/** Figures of the Community Stats sidebar, counted from the data. */
export const communityStatsSchema = z.object({
  members: z.number().int(),
  postsThisWeek: z.number().int(),
  activeMembers: z.number().int().describe("members who posted, commented or liked in the last 7 days"),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;

export const trendingTopicSchema = z.object({
  tag: z.string().describe("a hashtag without the #"),
  posts: z.number().int(),
});
export type TrendingTopic = z.infer<typeof trendingTopicSchema>;

export const activeGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  members: z.number().int(),
  messagesThisWeek: z.number().int(),
});
export type ActiveGroup = z.infer<typeof activeGroupSchema>;
