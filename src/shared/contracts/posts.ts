import { z } from "zod";
import { COMMENT_MAX_LENGTH, PAGE_LIMIT_MAX, POST_MAX_LENGTH } from "../constants";
import { NEXT_CURSOR_HEADER, idParamsSchema, idSchema, pageQuerySchema, timestampSchema, text } from "./common";
import { defineRoute } from "./route";
import { legacyReportBodySchema, moderationActionSchema, reportReasonSchema, reportTargetTypeSchema } from "./reports";

/** Texts of the community API that the spec leaves open. */
export const postMessages = {
  contentRequired: "Post content is required",
  contentTooLong: "Posts can be at most 5000 characters",
  commentRequired: "Comment text is required",
  commentTooLong: "Comments can be at most 2000 characters",
  postNotFound: "Post not found",
  commentNotFound: "Comment not found",
  reportNotFound: "Report not found",
  imageType: "Images must be JPEG, PNG, GIF or WebP",
  imageTooLarge: "Images must be 5 MB or smaller",
  reasonTooLong: "A report reason can be at most 500 characters",
} as const;

export { COMMENT_MAX_LENGTH, POST_MAX_LENGTH };
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The response header carrying the next page's cursor (one header for every list, decision 0004). */
export { NEXT_CURSOR_HEADER };

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

/** GET /api/posts: newest first, 20 a page unless `limit` says otherwise. */
export const postListQuerySchema = pageQuerySchema.extend({
  userId: idSchema.optional().describe("only this member's posts"),
});

/**
 * POST /api/posts as JSON, or as multipart/form-data with a `content` field and an optional `image` file.
 * `userId` and `imageUrl` sent by a client are ignored: the author is the signed-in member and an
 * image only comes from an upload.
 */
export const createPostSchema = z.object({
  content: text({ error: postMessages.contentRequired })
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

/** GET /api/posts/{id}/comments: oldest first, 100 a page so a post's detail shows its conversation in one answer. */
export const commentListQuerySchema = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_MAX),
});

export const createCommentSchema = z.object({
  content: text({ error: postMessages.commentRequired })
    .trim()
    .min(1, postMessages.commentRequired)
    .max(COMMENT_MAX_LENGTH, postMessages.commentTooLong),
});

export const commentParamsSchema = z.object({ id: idSchema, commentId: idSchema });

/** A post's report: a reason (spam, harassment, inappropriate, other) and details; older clients' free text is kept as details. */
export const createReportSchema = legacyReportBodySchema(500, postMessages.reasonTooLong);

export const reportSchema = z.object({
  id: z.number().int(),
  targetType: reportTargetTypeSchema,
  targetId: z.number().int(),
  reason: reportReasonSchema,
  details: z.string(),
  createdAt: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
  action: moderationActionSchema.nullable().describe("what settled the report"),
  resolvedBy: authorSchema.nullable(),
  reporter: authorSchema,
  member: authorSchema.nullable().describe("the member the report is about: author, sender, the member, uploader"),
  excerpt: z.string().nullable().describe("the reported text or title, null once removed"),
  hidden: z.boolean().describe("the item is hidden from everyone now (decision 0024); an admin can restore it"),
  link: z.string().nullable().describe("where the reported item is seen in the app"),
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

const sidebarLimit = (fallback: number) => z.object({ limit: z.coerce.number().int().min(1).max(20).default(fallback) });
/** GET /api/community/trending: 5 topics unless `limit` says otherwise. */
export const trendingQuerySchema = sidebarLimit(5);
/** GET /api/community/groups: 4 groups unless `limit` says otherwise. */
export const activeGroupsQuerySchema = sidebarLimit(4);

/** The community module's routes: the feed, likes, comments, reports and moderation, and the sidebars' figures. */
export const postsRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/posts",
    summary: "The community feed, newest first",
    access: "public",
    query: postListQuerySchema,
    response: z.array(postSchema),
    paginated: true,
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/posts",
    summary: "Share a post: JSON `{ content }`, or multipart/form-data with `content` and an optional `image` file",
    access: "member",
    body: createPostSchema,
    multipart: true,
    status: 201,
    response: postSchema,
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/posts/:id",
    summary: "One post",
    access: "public",
    params: idParamsSchema,
    response: postSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/api/posts/:id",
    summary: "Remove a post: its author, or a moderator",
    access: "member",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
  like: defineRoute({
    method: "POST",
    path: "/api/posts/:id/like",
    summary: "Like a post, or take the like back",
    access: "member",
    params: idParamsSchema,
    response: likeResultSchema,
  }),
  comments: defineRoute({
    method: "GET",
    path: "/api/posts/:id/comments",
    summary: "The comments of a post, oldest first",
    access: "public",
    params: idParamsSchema,
    query: commentListQuerySchema,
    response: z.array(commentSchema),
    paginated: true,
  }),
  addComment: defineRoute({
    method: "POST",
    path: "/api/posts/:id/comments",
    summary: "Comment on a post; its author is notified",
    access: "member",
    params: idParamsSchema,
    body: createCommentSchema,
    status: 201,
    response: commentSchema,
  }),
  removeComment: defineRoute({
    method: "DELETE",
    path: "/api/posts/:id/comments/:commentId",
    summary: "Remove a comment: its author, or a moderator",
    access: "member",
    params: commentParamsSchema,
    status: 204,
    response: z.null(),
  }),
  report: defineRoute({
    method: "POST",
    path: "/api/posts/:id/report",
    summary: "Report a post to the moderators (201; 200 with the same id when the same member reported it and it is still open)",
    access: "member",
    params: idParamsSchema,
    body: createReportSchema.nullish(),
    status: 201,
    response: z.object({ id: z.number().int() }),
  }),
  reports: defineRoute({
    method: "GET",
    path: "/api/moderation/reports",
    summary: "Reports for the moderators, newest first",
    access: "admin",
    query: reportListQuerySchema,
    response: z.array(reportSchema),
  }),
  resolveReport: defineRoute({
    method: "POST",
    path: "/api/moderation/reports/:id/resolve",
    summary: "Dismiss a report",
    access: "admin",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
  stats: defineRoute({
    method: "GET",
    path: "/api/community/stats",
    summary: "Community Stats: members, posts this week and members active this week",
    access: "public",
    response: communityStatsSchema,
  }),
  trending: defineRoute({
    method: "GET",
    path: "/api/community/trending",
    summary: "Trending topics of the last four weeks: hashtags, then the church topics posts mention",
    access: "public",
    query: trendingQuerySchema,
    response: z.array(trendingTopicSchema),
  }),
  groups: defineRoute({
    method: "GET",
    path: "/api/community/groups",
    summary: "Active groups: by messages this week, then by members",
    access: "public",
    query: activeGroupsQuerySchema,
    response: z.array(activeGroupSchema),
  }),
};
