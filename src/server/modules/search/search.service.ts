import type { SearchResults } from "@shared/contracts/search";
import type { AppContext } from "../../context";
import { createMediaService } from "../media/media.service";
import { createSearchRepository, searchTerms } from "./search.repository";

/** The header search: the best matches of every kind at once, media presented for the viewer. */
export function createSearchService(ctx: AppContext) {
  const search = createSearchRepository(ctx.db, ctx.database.dialect);
  const media = createMediaService(ctx);

  return {
    async search(q: string, limit: number, viewerId: number | null): Promise<SearchResults> {
      const terms = searchTerms(q);
      if (terms.length === 0) return { query: q, sermons: [], songs: [], podcasts: [], posts: [], members: [], events: [] };
      const [sermons, songs, podcasts, posts, members, events] = await Promise.all([
        search.media(terms, "sermon", limit),
        search.media(terms, "song", limit),
        search.media(terms, "podcast", limit),
        search.posts(terms, limit),
        search.members(terms, limit),
        search.events(terms, limit),
      ]);
      const items = await media.present([...sermons, ...songs, ...podcasts], viewerId);
      return {
        query: q,
        sermons: items.slice(0, sermons.length),
        songs: items.slice(sermons.length, sermons.length + songs.length),
        podcasts: items.slice(sermons.length + songs.length),
        posts: posts.map((post) => ({
          id: post.id,
          content: post.content,
          createdAt: post.createdAt,
          likesCount: Number(post.likesCount),
          commentsCount: Number(post.commentsCount),
          user: { id: post.userId, displayName: post.displayName, profileImageUrl: post.profileImageUrl },
        })),
        members,
        events,
      };
    },
  };
}
