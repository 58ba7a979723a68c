import { parseFile } from "music-metadata";
import type { MediaItem } from "@shared/contracts/content";
import { mediaMessages } from "@shared/contracts/content";
import {
  type PublishMediaFields,
  type UpdateMedia,
  categoryTypeForMedia,
  publishMediaFieldsSchema,
  publishingMessages,
} from "@shared/contracts/publishing";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { announcePublished } from "./announce";
import { createCategoriesRepository } from "./categories.repository";
import type { PublishForm } from "./media-upload";
import { removePublishedFile } from "./media-upload";
import { presentMedia } from "./media.presenter";
import { createMediaRepository } from "./media.repository";

type Viewer = Pick<UserRow, "id" | "role">;

/** Seconds of audio or video in a file, read from the file itself; 0 when it can't be read. */
async function readDuration(filePath: string): Promise<number> {
  try {
    const metadata = await parseFile(filePath, { duration: true });
    return Math.round(metadata.format.duration ?? 0);
  } catch {
    return 0;
  }
}

/** Publishing rules: only creators and admins publish; the uploader or an admin edits and deletes. */
export function createPublishingService(ctx: AppContext) {
  const media = createMediaRepository(ctx.db);
  const categories = createCategoriesRepository(ctx.db);

  async function requireCategoryFor(type: keyof typeof categoryTypeForMedia, categoryId: number) {
    const category = await categories.findById(categoryId);
    if (!category || category.type !== categoryTypeForMedia[type])
      throw badRequest(publishingMessages.categoryMismatch, "category_mismatch");
  }

  async function requireEditable(viewer: Viewer, id: number) {
    const row = await media.findById(id);
    if (!row) throw notFound(mediaMessages.mediaNotFound);
    if (row.uploadedBy === null ? !policies.moderate(viewer) : !policies.deleteOwnedOrModerate(viewer, row.uploadedBy)) throw forbidden();
    return row;
  }

  /** Refuses a member who may not publish; asked before an upload is read, so nothing is stored for them. */
  function requirePublisher(viewer: Viewer) {
    if (!policies.publishContent(viewer)) throw forbidden(publishingMessages.notAllowed);
  }

  return {
    requirePublisher,

    /** The form's text fields checked by the contract; the form's files are removed when they don't pass. */
    async readFields(form: PublishForm) {
      const parsed = publishMediaFieldsSchema.safeParse(form.fields);
      if (parsed.success) return parsed.data;
      await form.discard();
      throw badRequest(parsed.error.issues[0]?.message);
    },

    /** Stores a validated upload as a media item; the form's files are removed if anything here fails. */
    async publish(viewer: Viewer, fields: PublishMediaFields, form: PublishForm): Promise<MediaItem> {
      try {
        requirePublisher(viewer);
        if (!form.media) throw badRequest(publishingMessages.fileRequired, "file_required");
        await requireCategoryFor(fields.type, fields.categoryId);
        const duration = await readDuration(form.media.filePath);
        const row = await media.insert(
          {
            title: fields.title,
            description: fields.description,
            type: fields.type,
            categoryId: fields.categoryId,
            artist: fields.artist,
            thumbnailUrl: form.thumbnail?.url ?? null,
            mediaUrl: form.media.url,
            mimeType: form.media.mimeType,
            duration,
            uploadedBy: viewer.id,
            createdAt: ctx.clock.iso(),
          },
          // The announcement commits with the item, or neither does (decision 0019).
          (trx, mediaId) => announcePublished(ctx.jobs, trx, mediaId),
        );
        ctx.jobs.wake();
        return presentMedia(row);
      } catch (error) {
        await form.discard();
        throw error;
      }
    },

    async update(viewer: Viewer, id: number, changes: UpdateMedia): Promise<MediaItem> {
      const row = await requireEditable(viewer, id);
      if (changes.categoryId !== undefined) await requireCategoryFor(row.type, changes.categoryId);
      const updated = Object.keys(changes).length > 0 ? await media.update(id, changes) : row;
      if (!updated) throw notFound(mediaMessages.mediaNotFound);
      return presentMedia(updated);
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      const row = await requireEditable(viewer, id);
      await media.delete(id);
      await Promise.all([
        removePublishedFile(ctx.config.mediaDir, row.mediaUrl),
        removePublishedFile(ctx.config.mediaDir, row.thumbnailUrl),
      ]);
    },
  };
}
