import { Copy, Headphones, Rss } from "lucide-react";
import { subscribeLinks } from "@shared/contracts/feeds";
import { Button } from "@web/components/ui/button";
import { copyText } from "@web/lib/copy-text";
import { useAbsoluteUrl } from "@web/lib/use-absolute-url";
import { toast } from "@web/lib/use-toast";

/**
 * Hands a podcast feed to the member's podcast app: the feed URL to copy, and links in the schemes Apple Podcasts,
 * Pocket Casts, Overcast and any app registered for `podcast:` open. `feed` is the feed's full address, or its path
 * on this site.
 */
export function FeedSubscribeButtons({ feedUrl: feed, title }: { feedUrl: string; title: string }) {
  const feedUrl = useAbsoluteUrl(feed);
  const links = subscribeLinks(feedUrl);
  const handleCopy = async () => {
    try {
      await copyText(feedUrl);
      toast({ title: "Feed URL copied", description: `Paste it into your podcast app to follow ${title}.` });
    } catch {
      toast({ title: "Could not copy", description: feedUrl, variant: "destructive" });
    }
  };
  return (
    <section aria-label={`Subscribe to ${title} in a podcast app`} className="flex flex-col gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        <Rss className="size-4" aria-hidden="true" />
        Listen in your podcast app
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={handleCopy}>
          <Copy aria-hidden="true" />
          Copy feed URL
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={links.applePodcasts}>Apple Podcasts</a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={links.pocketCasts}>Pocket Casts</a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={links.overcast}>Overcast</a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={links.podcastScheme}>
            <Headphones aria-hidden="true" />
            Other podcast app
          </a>
        </Button>
      </div>
      <p className="text-xs break-all text-muted-foreground">
        Feed: <code>{feedUrl}</code>
      </p>
    </section>
  );
}
