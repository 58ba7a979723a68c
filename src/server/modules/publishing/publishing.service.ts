import { parseFile } from "music-metadata";
import type { Kysely } from "kysely";
import { type MediaItem } from "@shared/contracts/content";
import { categoryTypeForMedia, publishMediaFieldsSchema, publishingMessages, type UpdateMedia } from "@shared/contracts/publishing";
import type { DB, UserRow } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { presentMedia } from "../content/media.presenter";
import type { PublishForm } from "./media-upload";
import { removePublishedFile } from "./media-upload";
import { createPublishingRepository } from "./publishing.repository";

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
export function createPublishingService(db: Kysely<DB>, mediaDir: string) {
  const repository = createPublishingRepository(db);

  async function requireCategoryFor(type: keyof typeof categoryTypeForMedia, categoryId: number) {
    const category = await repository.findCategory(categoryId);
    if (!category || category.type !== categoryTypeForMedia[type])
      throw badRequest(publishingMessages.categoryMismatch, "category_mismatch");
  }

  async function requireEditable(viewer: Viewer, id: number) {
    const row = await repository.findMedia(id);
    if (!row) throw notFound(publishingMessages.mediaNotFound);
    if (row.uploadedBy === null ? !policies.moderate(viewer) : !policies.deleteOwnedOrModerate(viewer, row.uploadedBy)) throw forbidden();
    return row;
  }

  return {
    /** Stores a validated upload as a media item; the form's files are removed if anything here fails. */
    async publish(viewer: Viewer, form: PublishForm): Promise<MediaItem> {
      try {
        const parsed = publishMediaFieldsSchema.safeParse(form.fields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
        if (!form.media) throw badRequest(publishingMessages.fileRequired, "file_required");
        const fields = parsed.data;
        await requireCategoryFor(fields.type, fields.categoryId);
        const duration = await readDuration(form.media.filePath);
        const row = await repository.insertMedia({
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
          createdAt: new Date().toISOString(),
        });
        return presentMedia(row);
      } catch (error) {
        await form.discard();
        throw error;
      }
    },

    async update(viewer: Viewer, id: number, changes: UpdateMedia): Promise<MediaItem> {
      const row = await requireEditable(viewer, id);
      if (changes.categoryId !== undefined) await requireCategoryFor(row.type, changes.categoryId);
      const updated = Object.keys(changes).length > 0 ? await repository.updateMedia(id, changes) : row;
      if (!updated) throw notFound(publishingMessages.mediaNotFound);
      return presentMedia(updated);
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      const row = await requireEditable(viewer, id);
      await repository.deleteMedia(id);
      await Promise.all([removePublishedFile(mediaDir, row.mediaUrl), removePublishedFile(mediaDir, row.thumbnailUrl)]);
    },
  };
}
