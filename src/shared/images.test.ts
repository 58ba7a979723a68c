import { describe, expect, it } from "vitest";
import { imageVariantUrl, sizedImage, sizedImageName } from "./images";

describe("the image naming scheme", () => {
  it("reads an image's size and copies from its name", () => {
    const url = `/media/uploads/${sizedImageName("post-ab12", 480, 270, "jpg")}`;
    expect(url).toBe("/media/uploads/post-ab12.480x270.jpg");
    expect(sizedImage(url)).toEqual({
      width: 480,
      height: 270,
      variants: [
        { width: 160, height: 90, format: "avif", url: "/media/uploads/post-ab12.480x270.160w.avif" },
        { width: 320, height: 180, format: "avif", url: "/media/uploads/post-ab12.480x270.320w.avif" },
        { width: 480, height: 270, format: "avif", url: "/media/uploads/post-ab12.480x270.480w.avif" },
        { width: 160, height: 90, format: "webp", url: "/media/uploads/post-ab12.480x270.160w.webp" },
        { width: 320, height: 180, format: "webp", url: "/media/uploads/post-ab12.480x270.320w.webp" },
        { width: 480, height: 270, format: "webp", url: "/media/uploads/post-ab12.480x270.480w.webp" },
      ],
    });
  });

  it("makes no copy wider than 1280 pixels, nor of a GIF", () => {
    expect(
      sizedImage("/media/p.4000x3000.png")
        ?.variants.filter((v) => v.format === "webp")
        .map((v) => v.width),
    ).toEqual([160, 320, 640, 1280]);
    expect(sizedImage("/media/p.200x100.gif")).toEqual({ width: 200, height: 100, variants: [] });
  });

  it("answers null for a name without a size, so older images are shown as they are", () => {
    for (const url of [
      "/media/thumb-podcast-01.jpg",
      "/media/p.0x10.jpg",
      "/media/p.10x10.svg",
      "/media/p.123456x1.jpg",
      "https://x/p.10x10",
    ]) {
      expect(sizedImage(url), url).toBeNull();
    }
  });

  it("picks the smallest copy wide enough for a fixed box, else the widest, else the original", () => {
    expect(imageVariantUrl("/media/a.600x600.jpg", 80)).toBe("/media/a.600x600.160w.webp");
    expect(imageVariantUrl("/media/a.600x600.jpg", 192)).toBe("/media/a.600x600.320w.webp");
    expect(imageVariantUrl("/media/a.100x100.jpg", 192)).toBe("/media/a.100x100.100w.webp");
    expect(imageVariantUrl("/media/a.jpg", 80)).toBe("/media/a.jpg");
  });
});
