import { lazy } from "react";
import { Heart, MoreVertical, Share2 } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import { Button } from "@web/components/ui/button";
import { MenuOnUse } from "@web/components/ui/open-on-use";
import { useAuth } from "@web/features/auth/use-auth";
import { toast } from "@web/lib/use-toast";
import { cn } from "@web/lib/utils";
import { signInToast, useLikeMedia } from "./media-api";

// The menu brings Radix's menu and positioning code: it loads on first use.
const loadMediaMenu = () => import("./media-menu");
const MediaMenuDropdown = lazy(async () => ({ default: (await loadMediaMenu()).MediaMenuDropdown }));

const kindPath = { sermon: "/sermons", song: "/music", podcast: "/podcasts" } as const;

/** Toggles the member's like; shows the count. */
export function LikeButton({ item, className }: { item: MediaItem; className?: string }) {
  const { user } = useAuth();
  const like = useLikeMedia();
  const liked = item.liked === true;
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn("gap-1.5 px-2", className)}
      aria-label={liked ? `Unlike ${item.title}` : `Like ${item.title}`}
      aria-pressed={liked}
      disabled={like.isPending}
      onClick={() => (user ? like.mutate(item.id) : signInToast("like sermons, songs and podcasts"))}
    >
      <Heart className={cn(liked && "fill-rose-500 text-rose-500")} aria-hidden="true" />
      <span className="tabular-nums">{item.likesCount}</span>
    </Button>
  );
}

/** Shares a link to the item: the system share sheet where there is one, otherwise the clipboard. */
export function ShareButton({ item, className }: { item: MediaItem; className?: string }) {
  const handleShare = async () => {
    const url = `${window.location.origin}${kindPath[item.type]}?play=${item.id}`;
    try {
      if (navigator.share) {
        await navigator.share({ title: item.title, text: item.description, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast({ title: "Link Copied", description: "The link is on your clipboard, ready to share." });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast({ title: "Share", description: url });
    }
  };
  return (
    <Button variant="ghost" size="icon" className={cn("size-9", className)} aria-label={`Share ${item.title}`} onClick={handleShare}>
      <Share2 aria-hidden="true" />
    </Button>
  );
}

/**
 * The item menu: Add to Playlist, Add to Favorites, Download and Report, each doing what it says. Radix's menu is
 * loaded and mounted on first use (MenuOnUse): a page shows one per item and opens few.
 */
export function MediaMenu({ item, className }: { item: MediaItem; className?: string }) {
  return (
    <MenuOnUse
      load={loadMediaMenu}
      trigger={
        <Button variant="ghost" size="icon" className={cn("size-9", className)} aria-label={`More options for ${item.title}`}>
          <MoreVertical aria-hidden="true" />
        </Button>
      }
    >
      {(trigger) => <MediaMenuDropdown item={item} trigger={trigger} />}
    </MenuOnUse>
  );
}
