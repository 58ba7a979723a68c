import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { sizedImage, sizedImageName } from "@shared/images";

/** The image formats the platform stores, by their file extension. */
export type ImageExtension = "jpg" | "png" | "gif" | "webp";

/**
 * Larger pictures are refused before they are decoded: 64 megapixels is more than any phone photo under the
 * 5 MB upload limit, and keeps a small file that claims huge dimensions from taking the server's memory.
 */
const MAX_INPUT_PIXELS = 64_000_000;

/**
 * Re-encodes an uploaded image without its metadata: EXIF (camera, time and GPS position), XMP and comments are
 * dropped, and the EXIF orientation is applied to the pixels first so the picture still stands the right way up.
 * Answers null when the bytes are not a decodable image of that format. Like a browser, it forgives small damage
 * (a bad checksum) in an otherwise readable picture.
 */
export async function reencodeWithoutMetadata(bytes: Buffer, extension: ImageExtension): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { animated: true, failOn: "none", limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    switch (extension) {
      case "jpg":
        return await image.jpeg({ quality: 90 }).toBuffer();
      case "png":
        return await image.png().toBuffer();
      case "gif":
        return await image.gif().toBuffer();
      case "webp":
        return await image.webp({ quality: 90 }).toBuffer();
    }
  } catch {
    return null;
  }
}

/**
 * Stores a clean image (from reencodeWithoutMetadata) in a folder as `<stem>.<width>x<height>.<ext>` with its smaller
 * AVIF and WebP copies beside it (src/shared/images.ts names them), and answers the original's file name. Nothing is
 * left behind when a write fails. An animated picture's size is that of one frame.
 */
export async function storeWithVariants(folder: string, stem: string, clean: Buffer, ext: ImageExtension): Promise<string> {
  const metadata = await sharp(clean, { failOn: "none" }).metadata();
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const name = sizedImageName(stem, width, height, ext);
  const sized = sizedImage(name);
  // A picture whose size cannot be read keeps a plain name and is shown as it is.
  const originalName = sized ? name : `${stem}.${ext}`;
  const written: string[] = [];
  try {
    const original = path.join(folder, originalName);
    await fs.writeFile(original, clean, { flag: "wx" });
    written.push(original);
    for (const variant of sized?.variants ?? []) {
      const resized = sharp(clean, { failOn: "none" }).resize({ width: variant.width });
      const bytes = await (variant.format === "avif" ? resized.avif({ quality: 45, effort: 2 }) : resized.webp({ quality: 72 })).toBuffer();
      const file = path.join(folder, variant.url);
      await fs.writeFile(file, bytes, { flag: "wx" });
      written.push(file);
    }
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    throw error;
  }
  return originalName;
}

/** Deletes a stored image and its variants by file name inside a folder; a name with a path in it is ignored. */
export async function removeWithVariants(folder: string, name: string): Promise<void> {
  if (!name || name !== path.basename(name)) return;
  const names = [name, ...(sizedImage(name)?.variants.map((variant) => variant.url) ?? [])];
  await Promise.all(names.map((file) => fs.rm(path.join(folder, file), { force: true })));
}
