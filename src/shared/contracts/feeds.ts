/**
 * The podcast feeds (RSS 2.0 with the itunes: and podcast: namespaces), served outside /api because podcast apps
 * and directories fetch them as files (decision 0013).
 */

/** The sermons feed (audio sermons). */
export const SERMONS_FEED_PATH = "/feeds/sermons.xml";

/** A podcast show's feed; a show is a podcast category. */
export const showFeedPath = (categoryId: number) => `/feeds/shows/${categoryId}.xml`;

export interface SubscribeLinks {
  applePodcasts: string;
  pocketCasts: string;
  overcast: string;
  /** The generic `podcast:` scheme any registered podcast app opens. */
  podcastScheme: string;
}

/** The links that hand a feed to a podcast app: each app's own URL scheme, given the feed's absolute URL. */
export function subscribeLinks(feedUrl: string): SubscribeLinks {
  const withoutScheme = feedUrl.replace(/^https?:\/\//i, "");
  return {
    applePodcasts: `podcasts://${withoutScheme}`,
    pocketCasts: `pktc://subscribe/${withoutScheme}`,
    overcast: `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}`,
    podcastScheme: `podcast://${withoutScheme}`,
  };
}
