/**
 * What each first page reads from the API before it can draw itself. The server answers these reads itself and
 * puts the answers in the page it sends (the initial state), so a phone's first screen waits for no request after
 * its JavaScript runs (issue 9). The URLs are exactly the ones the web app's queries ask for; one that drifts is
 * simply fetched as before, and e2e/page-data.spec.ts fails when a first page still asks for anything.
 */
const everyPage = ["/api/streaming/state", "/api/notifications"];

/**
 * Per page: its module in the web build (the server preloads its files with the page), a visitor's reads, and a
 * member's where they differ.
 */
const pages: Record<string, { module: string; visitor: string[]; member?: string[] }> = {
  "/": {
    module: "features/home/home-page.tsx",
    visitor: ["/api/events?upcoming=true", "/api/content/featured", "/api/posts?limit=2"],
  },
  "/sermons": {
    module: "features/sermons/sermons-page.tsx",
    visitor: ["/api/content/media?type=sermon&limit=100", "/api/content/categories?type=sermon"],
  },
  "/music": {
    module: "features/music/music-page.tsx",
    visitor: [
      "/api/content/media?type=song&limit=100",
      "/api/content/media?type=song&sort=most_viewed&limit=100",
      "/api/content/recommended?type=song",
      "/api/content/categories?type=music",
    ],
    member: [
      "/api/content/media?type=song&limit=100",
      "/api/content/media?type=song&sort=most_viewed&limit=100",
      "/api/content/recommended?type=song",
      "/api/content/categories?type=music",
      "/api/playlists",
      "/api/history?limit=100",
    ],
  },
  "/podcasts": {
    module: "features/podcasts/podcasts-page.tsx",
    visitor: ["/api/content/media?type=podcast&limit=100", "/api/content/categories?type=podcast"],
    member: ["/api/content/media?type=podcast&limit=100", "/api/content/categories?type=podcast", "/api/content/subscriptions"],
  },
  "/community": {
    module: "features/posts/community-page.tsx",
    visitor: ["/api/posts?limit=2"],
    member: ["/api/posts?limit=20", "/api/community/stats", "/api/community/groups", "/api/community/trending"],
  },
  "/events": {
    module: "features/events/events-page.tsx",
    visitor: ["/api/events?upcoming=true"],
    member: ["/api/events?upcoming=true", "/api/events/schedule-link"],
  },
};

/** The API reads the page at `path` makes on its first screen, for a visitor or a signed-in member (the header's on any page). */
export function pageDataUrls(path: string, signedIn: boolean): string[] {
  const page = pages[path];
  if (!page) return everyPage;
  return [...everyPage, ...((signedIn && page.member) || page.visitor)];
}

/** The pages whose first screen is prepared with the page: the six that issue 9 measures. */
export const firstPages = Object.keys(pages);

/** The web build's module of the page at `path`, when it is one of the first pages. */
export function pageModule(path: string): string | undefined {
  return pages[path]?.module;
}

/** One API answer carried in the page: its JSON body and, for a paged list, the next page's cursor. */
export type PageDataAnswer = { body: unknown; nextCursor: string | null };
