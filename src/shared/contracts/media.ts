import { z } from "zod";
import { PAGE_LIMIT_MAX } from "../constants";
import { idParamsSchema } from "./common";
import {
  categoryListQuerySchema,
  categorySchema,
  featuredSchema,
  likeResultSchema,
  mediaItemSchema,
  mediaListQuerySchema,
  playResultSchema,
  playSchema,
  recommendedQuerySchema,
  reportMediaSchema,
  reportResultSchema,
  subscriptionListSchema,
  subscriptionResultSchema,
} from "./content";
import { publishMediaFieldsSchema, updateMediaSchema } from "./publishing";
import { defineRoute } from "./route";

/** GET /api/users/{id}/media: the profile's Media tab, newest first; 50 a page unless asked otherwise. */
export const memberMediaQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(50),
  cursor: z.string().max(200).optional(),
});

/**
 * The media library's routes: browsing, playing and liking (under /api/content), publishing, and the media that
 * names a member on their profile. The schemas live in content.ts and publishing.ts.
 */
export const mediaRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/content/media",
    summary: "Sermons, songs and podcast episodes, newest, most played or most liked first",
    access: "public",
    query: mediaListQuerySchema,
    response: z.array(mediaItemSchema),
    paginated: true,
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/content/media/:id",
    summary: "One media item",
    access: "public",
    params: idParamsSchema,
    response: mediaItemSchema,
  }),
  categories: defineRoute({
    method: "GET",
    path: "/api/content/categories",
    summary: "Categories in order, each with how many items it holds",
    access: "public",
    query: categoryListQuerySchema,
    response: z.array(categorySchema),
  }),
  featured: defineRoute({
    method: "GET",
    path: "/api/content/featured",
    summary: "What the home page features: the newest sermons, podcasts and songs",
    access: "public",
    response: featuredSchema,
  }),
  recommended: defineRoute({
    method: "GET",
    path: "/api/content/recommended",
    summary: "Items picked from what the member plays; the most played for visitors",
    access: "public",
    query: recommendedQuerySchema,
    response: z.array(mediaItemSchema),
  }),
  play: defineRoute({
    method: "POST",
    path: "/api/content/media/:id/play",
    summary: "Count a play and, for a member, remember it in the history with the position reached",
    access: "public",
    params: idParamsSchema,
    body: playSchema,
    response: playResultSchema,
  }),
  like: defineRoute({
    method: "POST",
    path: "/api/content/media/:id/like",
    summary: "Like or unlike an item",
    access: "member",
    params: idParamsSchema,
    response: likeResultSchema,
  }),
  report: defineRoute({
    method: "POST",
    path: "/api/content/media/:id/report",
    summary: "Report an item to the moderators (201 the first time, 200 while the report is open)",
    access: "member",
    params: idParamsSchema,
    body: reportMediaSchema,
    status: 201,
    response: reportResultSchema,
  }),
  subscriptions: defineRoute({
    method: "GET",
    path: "/api/content/subscriptions",
    summary: "The podcast shows the member subscribes to",
    access: "member",
    response: subscriptionListSchema,
  }),
  subscribe: defineRoute({
    method: "PUT",
    path: "/api/content/categories/:id/subscription",
    summary: "Subscribe to a podcast show",
    access: "member",
    params: idParamsSchema,
    response: subscriptionResultSchema,
  }),
  unsubscribe: defineRoute({
    method: "DELETE",
    path: "/api/content/categories/:id/subscription",
    summary: "Unsubscribe from a podcast show",
    access: "member",
    params: idParamsSchema,
    response: subscriptionResultSchema,
  }),
  publish: defineRoute({
    method: "POST",
    path: "/api/content/media",
    summary:
      "Publish a sermon, song or podcast episode: a form with `file` (audio or video) and an optional `thumbnail` (creators and admins)",
    access: "member",
    body: publishMediaFieldsSchema,
    multipart: true,
    status: 201,
    response: mediaItemSchema,
  }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/content/media/:id",
    summary: "Edit the words or category of an item (its uploader or an admin)",
    access: "member",
    params: idParamsSchema,
    body: updateMediaSchema,
    response: mediaItemSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/api/content/media/:id",
    summary: "Delete an item and its files (its uploader or an admin)",
    access: "member",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
  forMember: defineRoute({
    method: "GET",
    path: "/api/users/:id/media",
    summary: "The media naming a member as speaker, artist or host, newest first (the Media tab of a profile)",
    access: "public",
    params: idParamsSchema,
    query: memberMediaQuerySchema,
    response: z.array(mediaItemSchema),
    paginated: true,
  }),
};
