import { IMAGE_VARIANT_FORMATS, sizedImage } from "@shared/images";

type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** The rendered width, as the `sizes` attribute says it (e.g. "64px", "(min-width: 640px) 50vw, 100vw"). */
  sizes: string;
  className?: string;
  /** A likely largest paint: fetched first and never lazily. Everything else loads when it nears the screen. */
  priority?: boolean;
};

/**
 * An uploaded picture: AVIF and WebP copies sized for the box (src/shared/images.ts names them), the original as the
 * fallback, and its width and height set so the page keeps its place while it loads. A picture stored before copies
 * existed is shown as it is.
 */
export function ResponsiveImage({ src, alt, sizes, className, priority = false }: ResponsiveImageProps) {
  const sized = sizedImage(src);
  const image = (
    <img
      src={src}
      alt={alt}
      width={sized?.width}
      height={sized?.height}
      className={className}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
  if (!sized || sized.variants.length === 0) return image;
  return (
    // `contents`: the picture adds no box, so the image lays out as it would on its own.
    <picture className="contents">
      {IMAGE_VARIANT_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          sizes={sizes}
          srcSet={sized.variants
            .filter((variant) => variant.format === format)
            .map((variant) => `${variant.url} ${variant.width}w`)
            .join(", ")}
        />
      ))}
      {image}
    </picture>
  );
}
