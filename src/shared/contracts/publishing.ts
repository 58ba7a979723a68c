import { z } from "zod";
import { text } from "./common";
import { mediaTypeSchema } from "./content";

/** Largest media file a creator may publish, and the largest thumbnail image. */
export const PUBLISH_MEDIA_MAX_BYTES = 200 * 1024 * 1024;
export const PUBLISH_THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;

export const publishingMessages = {
  titleRequired: "Title is required",
  titleTooLong: "Title can be at most 200 characters",
  descriptionTooLong: "Description can be at most 5000 characters",
  artistTooLong: "Speaker or artist can be at most 200 characters",
  typeInvalid: "Type must be sermon, song or podcast",
  categoryRequired: "Please choose a category",
  categoryMismatch: "The category does not belong to this type of media",
  fileRequired: "Please choose an audio or video file",
  fileType: "Media must be MP3, MP4/M4A, WebM, Ogg, WAV or FLAC",
  fileTooLarge: "Media files must be 200 MB or smaller",
  thumbnailType: "Thumbnails must be JPEG, PNG or WebP",
  thumbnailTooLarge: "Thumbnails must be 5 MB or smaller",
  notAllowed: "Only creators and admins can publish media",
  multipartRequired: "Send the media as multipart/form-data.",
} as const;

/** The category type each media type belongs to (a song lives in a music category). */
export const categoryTypeForMedia = { sermon: "sermon", song: "music", podcast: "podcast" } as const;

const title = text(publishingMessages.titleRequired)
  .trim()
  .min(1, publishingMessages.titleRequired)
  .max(200, publishingMessages.titleTooLong);
const description = text().trim().max(5000, publishingMessages.descriptionTooLong);
const artist = text().trim().max(200, publishingMessages.artistTooLong);
const categoryId = z.coerce
  .number(publishingMessages.categoryRequired)
  .int(publishingMessages.categoryRequired)
  .positive(publishingMessages.categoryRequired);

/**
 * The text fields of POST /api/content/media (multipart/form-data). The form also carries `file`
 * (audio or video, required) and `thumbnail` (an image, optional).
 */
export const publishMediaFieldsSchema = z.object({
  title,
  description: description.default(""),
  type: z.enum(mediaTypeSchema.options, publishingMessages.typeInvalid),
  categoryId,
  artist: artist.default(""),
});
export type PublishMediaFields = z.infer<typeof publishMediaFieldsSchema>;

/** PATCH /api/content/media/{id}: the uploader (or an admin) edits the words, never the file or the counts. */
export const updateMediaSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  categoryId: categoryId.optional(),
  artist: artist.optional(),
});
export type UpdateMedia = z.infer<typeof updateMediaSchema>;
