import sharp from "sharp";

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
