import { useEffect, useRef, useState } from "react";
import { initial } from "@shared/format";
import { imageVariantUrl } from "@shared/images";
import { cn } from "@web/lib/utils";

const sizes = { sm: "size-8 text-sm", md: "size-10 text-base", lg: "size-16 text-2xl", xl: "size-24 text-4xl" } as const;
/** The pixels each size needs at a 2x density: the copy of the photo fetched is the smallest at least this wide. */
const pixels = { sm: 64, md: 80, lg: 128, xl: 192 } as const;

type UserAvatarProps = {
  displayName: string | null | undefined;
  imageUrl?: string | null;
  size?: keyof typeof sizes;
  className?: string;
};

/**
 * A member's picture (a WebP copy sized for the circle), drawn over the first letter of their display name: the
 * letter shows while the picture loads, and in its place when there is none or it fails to load. The header shows
 * one on every page; Radix's avatar, which did the same by loading the picture a second time in script, was 3 KiB of
 * every first load (issue 9).
 */
export function UserAvatar({ displayName, imageUrl, size = "md", className }: UserAvatarProps) {
  const src = imageUrl ? imageVariantUrl(imageUrl, pixels[size]) : null;
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // A picture drawn by the server may have failed before the page was taken over, when no handler was listening.
  useEffect(() => {
    const drawn = image.current;
    if (drawn?.complete && drawn.naturalWidth === 0) setFailed(drawn.getAttribute("src"));
  }, [src]);
  return (
    <span className={cn("relative flex shrink-0 overflow-hidden rounded-full", sizes[size], className)}>
      <span
        className="flex size-full items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground"
        aria-hidden="true"
      >
        {initial(displayName)}
      </span>
      {src && failed !== src ? (
        <img
          ref={image}
          src={src}
          alt={displayName ?? ""}
          decoding="async"
          className="absolute inset-0 aspect-square size-full object-cover"
          onError={() => setFailed(src)}
        />
      ) : null}
    </span>
  );
}
