import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { IMAGE_MAX_BYTES, postMessages } from "@shared/contracts/posts";
import { HttpError, badRequest } from "../../http/errors";
import { type ImageExtension, reencodeWithoutMetadata, removeWithVariants, storeWithVariants } from "../../media/images";

/** Uploaded files live in MEDIA_DIR/uploads and are served by the media handler at /media/uploads/<name>. */
export const UPLOADS_FOLDER = "uploads";

const SIGNATURES: { ext: ImageExtension; test: (b: Buffer) => boolean }[] = [
  { ext: "jpg", test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: "png", test: (b) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: "gif", test: (b) => b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1")) },
  {
    ext: "webp",
    test: (b) => b.length >= 12 && b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** The file extension of an image judged by its first bytes, never by its name or declared type. */
export function sniffImage(bytes: Buffer): ImageExtension | null {
  return SIGNATURES.find((signature) => signature.test(bytes))?.ext ?? null;
}

/**
 * Mounts the routes that read multipart forms in a scope of their own: the multipart plugin adds hooks to every
 * request of its scope (a listener on each answer's close among them), which the module's other routes don't need.
 */
export async function withMultipart(app: FastifyInstance, mountRoutes: (scope: FastifyInstance) => void) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 } });
    mountRoutes(scope);
  });
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: Buffer | null;
}

/** Reads a multipart form with at most one file held in memory; a file over the limit answers 413. */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (bytes.length > 0) file = bytes;
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, postMessages.imageTooLarge, "too_large");
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") throw badRequest();
    throw error;
  }
  return { fields, file };
}

/**
 * Checks an uploaded image by its bytes, re-encodes it without its metadata (no EXIF, so no GPS position) and stores
 * it under a random name with its smaller copies beside it; answers its public URL.
 */
export async function storeImage(mediaDir: string, bytes: Buffer, prefix: string): Promise<string> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new HttpError(413, postMessages.imageTooLarge, "too_large");
  const ext = sniffImage(bytes);
  if (!ext) throw badRequest(postMessages.imageType, "unsupported_image");
  const clean = await reencodeWithoutMetadata(bytes, ext);
  if (!clean) throw badRequest(postMessages.imageType, "unsupported_image");
  const folder = path.join(mediaDir, UPLOADS_FOLDER);
  await fs.mkdir(folder, { recursive: true });
  const name = await storeWithVariants(folder, `${prefix}-${randomBytes(12).toString("hex")}`, clean, ext);
  return `/media/${UPLOADS_FOLDER}/${name}`;
}

/** Deletes a stored upload and its smaller copies by its public URL; anything outside the uploads folder is left alone. */
export async function removeImage(mediaDir: string, url: string | null): Promise<void> {
  const prefix = `/media/${UPLOADS_FOLDER}/`;
  if (!url?.startsWith(prefix)) return;
  await removeWithVariants(path.join(mediaDir, UPLOADS_FOLDER), url.slice(prefix.length));
}
