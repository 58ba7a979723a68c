/**
 * The admin side of the feeds (decision 0019): a feed's directory fields and episodes' transcripts. Apart from
 * feeds.ts so that pages offering a feed don't load zod for it.
 */
import { z } from "zod";
import { idParamsSchema, text } from "./common";
import { defineRoute } from "./route";

/** Apple Podcasts' top-level categories a show may be filed under (directories refuse others). */
export const ITUNES_CATEGORIES = [
  "Arts",
  "Business",
  "Comedy",
  "Education",
  "Fiction",
  "Government",
  "Health & Fitness",
  "History",
  "Kids & Family",
  "Leisure",
  "Music",
  "News",
  "Religion & Spirituality",
  "Science",
  "Society & Culture",
  "Sports",
  "Technology",
  "True Crime",
  "TV & Film",
] as const;

export const feedMessages = {
  feedNotFound: "Podcast show not found.",
  ownerEmailInvalid: "Please enter the owner's email address.",
  artworkInvalid: "Artwork must be an address on this site (starting with /) or an https address.",
  languageInvalid: "Please enter a language code such as en or en-US.",
  transcriptRequired: "Please paste the transcript.",
  transcriptFormat: "The transcript doesn't look like the format chosen.",
  transcriptNotFeedItem: "Only sermons and podcast episodes have transcripts in the feeds.",
} as const;

/** "sermons" (the sermons feed) or a podcast show's category id. */
export const feedSettingsParamsSchema = z.object({
  feed: text().regex(/^(sermons|[1-9]\d{0,9})$/, { error: feedMessages.feedNotFound }),
});

/** What directories require of a show (decision 0013), as an admin edits it (decision 0019). */
export const showSettingsSchema = z.object({
  author: text().trim().max(200),
  ownerName: text().trim().max(200),
  ownerEmail: z.union([z.literal(""), z.email({ error: feedMessages.ownerEmailInvalid }).max(254)]),
  /** Square artwork of 1400–3000 px: a path on this site or an https address; empty for the generated default. */
  artworkUrl: text()
    .trim()
    .max(2000)
    .refine((value) => value === "" || /^\/[^/]/.test(value) || /^https:\/\/\S+$/i.test(value), { error: feedMessages.artworkInvalid }),
  itunesCategory: z.enum(ITUNES_CATEGORIES),
  itunesSubcategory: text().trim().max(100),
  explicit: z.boolean(),
  language: text()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, { error: feedMessages.languageInvalid }),
  locked: z.boolean(),
});
export type ShowSettingsInput = z.input<typeof showSettingsSchema>;

export const showSettingsResponseSchema = showSettingsSchema.extend({
  itunesCategory: text(),
  title: text(),
  feedUrl: text(),
  /** podcast:guid: set the first time the feed is served, null before. */
  guid: text().nullable(),
});
export type ShowSettings = z.infer<typeof showSettingsResponseSchema>;

export const TRANSCRIPT_FORMATS = ["vtt", "srt"] as const;

/** An episode's or sermon's transcript, pasted as WebVTT or SRT; `podcast:transcript` announces it in the feeds. */
export const transcriptSchema = z
  .object({
    format: z.enum(TRANSCRIPT_FORMATS),
    text: text({ error: feedMessages.transcriptRequired }).trim().min(1, feedMessages.transcriptRequired).max(1_000_000),
  })
  .refine((value) => (value.format === "vtt" ? value.text.startsWith("WEBVTT") : /-->/.test(value.text)), {
    error: feedMessages.transcriptFormat,
  });

export const transcriptResponseSchema = z.object({ mediaId: z.number().int(), url: text() });

/** The admin side of the feeds: a show's directory fields, and transcripts. */
export const feedsApiRoutes = {
  showSettings: defineRoute({
    method: "GET",
    path: "/api/feeds/:feed/settings",
    summary: "The directory fields of a feed (author, owner, artwork, category, explicit, language, locked)",
    access: "admin",
    params: feedSettingsParamsSchema,
    response: showSettingsResponseSchema,
  }),
  updateShowSettings: defineRoute({
    method: "PUT",
    path: "/api/feeds/:feed/settings",
    summary: "Change the directory fields of a feed",
    access: "admin",
    params: feedSettingsParamsSchema,
    body: showSettingsSchema,
    response: showSettingsResponseSchema,
  }),
  attachTranscript: defineRoute({
    method: "PUT",
    path: "/api/content/media/:id/transcript",
    summary: "Attach a transcript (WebVTT or SRT) to a sermon or episode; the feeds announce it as podcast:transcript",
    access: "member",
    params: idParamsSchema,
    body: transcriptSchema,
    response: transcriptResponseSchema,
  }),
};
