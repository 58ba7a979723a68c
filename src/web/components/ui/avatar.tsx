import { Avatar as AvatarPrimitive } from "radix-ui";
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
 * A member's picture (a WebP copy sized for the circle; Radix shows it only once loaded, so it stays one source
 * rather than a <picture>), or the first letter of their display name while it loads or when there is none. */
export function UserAvatar({ displayName, imageUrl, size = "md", className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn("relative flex shrink-0 overflow-hidden rounded-full", sizes[size], className)}>
      {imageUrl ? (
        <AvatarPrimitive.Image
          src={imageVariantUrl(imageUrl, pixels[size])}
          alt={displayName ?? ""}
          className="aspect-square size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground"
        aria-hidden="true"
      >
        {initial(displayName)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
