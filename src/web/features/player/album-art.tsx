import { Music } from "lucide-react";
import { ResponsiveImage } from "@web/components/ui/responsive-image";
import { cn } from "@web/lib/utils";

/** A track's or an item's artwork, square, or a note on the app's soft colour when it has none. */
export function AlbumArt({ src, className, sizes = "4rem" }: { src: string | null; className?: string; sizes?: string }) {
  return src ? (
    <ResponsiveImage src={src} alt="" sizes={sizes} className={cn("aspect-square shrink-0 rounded-md object-cover", className)} />
  ) : (
    <span className={cn("flex aspect-square shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary", className)}>
      <Music className="size-1/2" aria-hidden="true" />
    </span>
  );
}
