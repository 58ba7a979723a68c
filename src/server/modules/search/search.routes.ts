import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResultsSchema } from "@shared/contracts/search";
import type { AppContext } from "../../context";
import { errorResponses } from "../../http/schemas";
import { getViewer } from "../auth/session";
import { createContentRepository } from "../content/content.repository";
import { presentMediaList } from "../content/content.service";
import { createSearchRepository, searchTerms } from "./search.repository";

/** GET /api/search?q=: the best matches of every kind at once, for the header search. */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  const search = createSearchRepository(ctx.db, ctx.database.dialect);
  const content = createContentRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    "/search",
    { schema: { querystring: searchQuerySchema, response: { 200: searchResultsSchema, ...errorResponses } } },
    async (request) => {
      const { q, limit } = request.query;
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
      const viewerId = getViewer(request)?.id ?? null;
      const media = await presentMediaList(content, [...sermons, ...songs, ...podcasts], viewerId);
      return {
        query: q,
        sermons: media.slice(0, sermons.length),
        songs: media.slice(sermons.length, sermons.length + songs.length),
        podcasts: media.slice(sermons.length + songs.length),
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
  );
}
