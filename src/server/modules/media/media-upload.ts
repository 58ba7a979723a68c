import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { PUBLISH_MEDIA_MAX_BYTES, PUBLISH_THUMBNAIL_MAX_BYTES, publishingMessages } from "@shared/contracts/publishing";
import { HttpError, badRequest } from "../../http/errors";
import { reencodeWithoutMetadata, removeWithVariants, storeWithVariants } from "../../media/images";
import { sniffImage } from "../posts/image-upload";

/** Published files live in MEDIA_DIR/published and are served by the media handler at /media/published/<name>. */
export const PUBLISHED_FOLDER = "published";

export interface SniffedMedia {
  ext: string;
  mimeType: string;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString("latin1");

/** The container of an audio or video file judged by its first bytes, never by its name or declared type. */
export function sniffMedia(bytes: Buffer): SniffedMedia | null {
  if (bytes.length >= 3 && ascii(bytes, 0, 3) === "ID3") return { ext: "mp3", mimeType: "audio/mpeg" };
  // An MPEG audio frame header: 11 sync bits, and a layer other than the "reserved" 00 that AAC's ADTS uses.
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes.readUInt8(1) & 0xe0) === 0xe0 && (bytes.readUInt8(1) & 0x06) !== 0)
    return { ext: "mp3", mimeType: "audio/mpeg" };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    return brand === "M4A " || brand === "M4B " ? { ext: "m4a", mimeType: "audio/mp4" } : { ext: "mp4", mimeType: "video/mp4" };
  }
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])))
    return { ext: "webm", mimeType: "video/webm" };
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === "OggS") return { ext: "ogg", mimeType: "audio/ogg" };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") return { ext: "wav", mimeType: "audio/wav" };
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === "fLaC") return { ext: "flac", mimeType: "audio/flac" };
  return null;
}

/** A thumbnail's extension when it is a JPEG, PNG or WebP image. */
export function sniffThumbnail(bytes: Buffer): "jpg" | "png" | "webp" | null {
  const ext = sniffImage(bytes);
  return ext === "jpg" || ext === "png" || ext === "webp" ? ext : null;
}

export interface StoredFile {
  /** Absolute path on disk. */
  filePath: string;
  /** Public URL under /media. */
  url: string;
}

export interface PublishForm {
  fields: Record<string, string>;
  media: (StoredFile & SniffedMedia) | null;
  thumbnail: StoredFile | null;
  /** Removes every file this form stored; used when anything after the upload fails. */
  discard(): Promise<void>;
}

const randomName = (ext: string) => `${randomBytes(16).toString("hex")}.${ext}`;

async function readHead(filePath: string, length: number): Promise<Buffer> {
  const handle = await fs.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Reads the publish form: the media file streams to disk under a random name (never held in memory), the
 * thumbnail is read into memory (5 MB at most) and stored with its smaller copies; both are checked by their bytes. On any failure every file
 * written so far is removed before the error is thrown.
 */
export async function readPublishForm(
  request: FastifyRequest,
  mediaDir: string,
  limits: { mediaBytes: number; thumbnailBytes: number } = {
    mediaBytes: PUBLISH_MEDIA_MAX_BYTES,
    thumbnailBytes: PUBLISH_THUMBNAIL_MAX_BYTES,
  },
): Promise<PublishForm> {
  const folder = path.join(mediaDir, PUBLISHED_FOLDER);
  await fs.mkdir(folder, { recursive: true });
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.map((file) => removeWithVariants(path.dirname(file), path.basename(file))));
  };
  const form: PublishForm = { fields: {}, media: null, thumbnail: null, discard };
  try {
    const parts = request.parts({
      limits: { fileSize: Math.max(limits.mediaBytes, limits.thumbnailBytes), files: 2, fields: 10, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type !== "file") {
        if (typeof part.value === "string") form.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname === "file" && !form.media) {
        const temporary = path.join(folder, `${randomName("part")}`);
        written.push(temporary);
        await pipeline(part.file, createWriteStream(temporary, { flags: "wx" }));
        const { size } = await fs.stat(temporary);
        if (part.file.truncated || size > limits.mediaBytes) throw new HttpError(413, publishingMessages.fileTooLarge, "too_large");
        if (size === 0) continue;
        const sniffed = sniffMedia(await readHead(temporary, 16));
        if (!sniffed) throw badRequest(publishingMessages.fileType, "unsupported_media");
        const name = randomName(sniffed.ext);
        const filePath = path.join(folder, name);
        await fs.rename(temporary, filePath);
        written.push(filePath);
        form.media = { filePath, url: `/media/${PUBLISHED_FOLDER}/${name}`, ...sniffed };
      } else if (part.fieldname === "thumbnail" && !form.thumbnail) {
        // Counted while read, so an oversized "thumbnail" is refused before it fills memory.
        const chunks: Buffer[] = [];
        let total = 0;
        for await (const chunk of part.file) {
          total += (chunk as Buffer).length;
          if (total > limits.thumbnailBytes) throw new HttpError(413, publishingMessages.thumbnailTooLarge, "too_large");
          chunks.push(chunk as Buffer);
        }
        const bytes = Buffer.concat(chunks);
        if (bytes.length === 0) continue;
        const ext = sniffThumbnail(bytes);
        // Re-encoded without metadata, so a photo's EXIF (GPS included) is never published.
        const clean = ext && (await reencodeWithoutMetadata(bytes, ext));
        if (!ext || !clean) throw badRequest(publishingMessages.thumbnailType, "unsupported_image");
        const name = await storeWithVariants(folder, randomBytes(16).toString("hex"), clean, ext);
        const filePath = path.join(folder, name);
        written.push(filePath);
        form.thumbnail = { filePath, url: `/media/${PUBLISHED_FOLDER}/${name}` };
      } else {
        // An unexpected file part is drained and ignored.
        part.file.resume();
      }
    }
  } catch (error) {
    await discard();
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, publishingMessages.fileTooLarge, "too_large");
    if (
      code === "FST_FILES_LIMIT" ||
      code === "FST_PARTS_LIMIT" ||
      code === "FST_FIELDS_LIMIT" ||
      code === "FST_INVALID_MULTIPART_CONTENT_TYPE"
    )
      throw badRequest();
    throw error;
  }
  return form;
}

/** Deletes a published file (and an image's smaller copies) by its public URL; anything outside the published folder is left alone. */
export async function removePublishedFile(mediaDir: string, url: string | null): Promise<void> {
  const prefix = `/media/${PUBLISHED_FOLDER}/`;
  if (!url?.startsWith(prefix)) return;
  await removeWithVariants(path.join(mediaDir, PUBLISHED_FOLDER), url.slice(prefix.length));
}
