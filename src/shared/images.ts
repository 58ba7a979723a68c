/**
 * The naming scheme of stored images and their smaller copies, shared by the server (which writes them) and the web
 * app (which asks for them). An image stored at upload carries its size in its name, `<stem>.<width>x<height>.<ext>`,
 * and beside it sit `<stem>.<width>x<height>.<w>w.avif` and `.webp` for each variant width (IMAGE_VARIANT_WIDTHS). A URL
 * without a size in its name (stored before variants existed, or from elsewhere) has no variants: it is shown as is.
 */

/**
 * The widths of the copies below an original's own width. An original no wider than the largest also gets a copy at
 * its own width, so a box as wide as the picture still gets the smaller format.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 640, 1280] as const;
const LARGEST_VARIANT = 1280;

/** The formats of the smaller copies, best first (the order of a <picture>'s sources). */
export const IMAGE_VARIANT_FORMATS = ["avif", "webp"] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

export interface ImageVariant {
  width: number;
  height: number;
  format: ImageVariantFormat;
  url: string;
}

export interface SizedImage {
  /** The original's size in pixels. */
  width: number;
  height: number;
  /** Empty for a GIF, whose animation a still copy would lose. */
  variants: ImageVariant[];
}

const MAX_SIDE = 99_999;
const SIZED = /^(.*\.([1-9]\d{0,4})x([1-9]\d{0,4}))\.(jpg|png|gif|webp)$/;

/** The file name (or URL) an image of this size is stored under: `<stem>.<width>x<height>.<ext>`. */
export function sizedImageName(stem: string, width: number, height: number, ext: string): string {
  return `${stem}.${width}x${height}.${ext}`;
}

function variantWidths(width: number): number[] {
  const smaller = IMAGE_VARIANT_WIDTHS.filter((variantWidth) => variantWidth < width);
  return width <= LARGEST_VARIANT ? [...smaller, width] : smaller;
}

/** The size and variants an image's name (or URL) promises, or null when it names no size. */
export function sizedImage(url: string): SizedImage | null {
  const match = SIZED.exec(url);
  if (!match) return null;
  const [, base, w, h, ext] = match as unknown as [string, string, string, string, string];
  const width = Number(w);
  const height = Number(h);
  if (width > MAX_SIDE || height > MAX_SIDE) return null;
  const variants: ImageVariant[] =
    ext === "gif"
      ? []
      : IMAGE_VARIANT_FORMATS.flatMap((format) =>
          variantWidths(width).map((variantWidth) => ({
            width: variantWidth,
            height: Math.max(1, Math.round((height * variantWidth) / width)),
            format,
            url: `${base}.${variantWidth}w.${format}`,
          })),
        );
  return { width, height, variants };
}

/**
 * The URL of the smallest copy of a format at least `width` pixels wide (else the widest copy), or the URL itself when
 * it has no copies: for a box of fixed size that shows one source.
 */
export function imageVariantUrl(url: string, width: number, format: ImageVariantFormat = "webp"): string {
  const copies = (sizedImage(url)?.variants ?? []).filter((variant) => variant.format === format);
  return (copies.find((variant) => variant.width >= width) ?? copies.at(-1))?.url ?? url;
}
