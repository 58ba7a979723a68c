import { Avatar as AvatarPrimitive } from "radix-ui";
import { initial } from "@shared/format";
import { cn } from "@web/lib/utils";

const sizes = { sm: "size-8 text-sm", md: "size-10 text-base", lg: "size-16 text-2xl", xl: "size-24 text-4xl" } as const;

type UserAvatarProps = {
  displayName: string | null | undefined;
  imageUrl?: string | null;
  size?: keyof typeof sizes;
  className?: string;
};

/** A member's picture, or the first letter of their display name while it loads or when there is none. */
export function UserAvatar({ displayName, imageUrl, size = "md", className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn("relative flex shrink-0 overflow-hidden rounded-full", sizes[size], className)}>
      {imageUrl ? <AvatarPrimitive.Image src={imageUrl} alt={displayName ?? ""} className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground"
        aria-hidden="true"
      >
        {initial(displayName)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
