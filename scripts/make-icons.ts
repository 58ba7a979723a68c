/**
 * Draws the installable app's icons and the default podcast artwork from the favicon's design, with sharp:
 * `node --import tsx scripts/make-icons.ts`. The PNGs are committed in src/web/public/icons/.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const OUT = path.resolve(import.meta.dirname, "../src/web/public/icons");

/** The mark on a gradient; `inset` shrinks it into the maskable safe zone (the inner 80%). */
function svg(size: number, options: { rounded: boolean; inset: number }) {
  const scale = (size * (1 - 2 * options.inset)) / 64;
  const offset = size * options.inset;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6d4ae8"/><stop offset="1" stop-color="#3b1f9e"/></linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${options.rounded ? size / 4 : 0}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M29 14h6v12h11v6H35v18h-6V32H18v-6h11z" fill="#fff"/>
    <circle cx="46" cy="46" r="5" fill="#f7b955"/>
  </g>
</svg>`);
}

const outputs = [
  { file: "icon-192.png", size: 192, rounded: true, inset: 0 },
  { file: "icon-512.png", size: 512, rounded: true, inset: 0 },
  { file: "maskable-512.png", size: 512, rounded: false, inset: 0.1 },
  { file: "apple-touch-icon.png", size: 180, rounded: false, inset: 0.08 },
  // Podcast directories ask for square artwork between 1400 and 3000 pixels.
  { file: "podcast-artwork.png", size: 1400, rounded: false, inset: 0.12 },
];

await fs.mkdir(OUT, { recursive: true });
for (const { file, size, rounded, inset } of outputs) {
  await sharp(svg(size, { rounded, inset })).png({ compressionLevel: 9, palette: true }).toFile(path.join(OUT, file));
}
console.log(`icons written to ${path.relative(process.cwd(), OUT)}`);
