import { z } from "zod";
import { idParamsSchema } from "./common";
import { favoriteResultSchema, mediaItemSchema } from "./content";
import { historyParamsSchema } from "./history";
import { defineRoute } from "./route";

/** The favorites module's routes: the signed-in member's saved items, and any member's on their profile. */
export const favoritesRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/favorites",
    summary: "Favorites of the signed-in member, most recently saved first",
    access: "member",
    response: z.array(mediaItemSchema),
  }),
  add: defineRoute({
    method: "POST",
    path: "/api/favorites/:mediaId",
    summary: "Save an item to favorites (saving twice changes nothing)",
    access: "member",
    params: historyParamsSchema,
    response: favoriteResultSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/api/favorites/:mediaId",
    summary: "Remove an item from favorites",
    access: "member",
    params: historyParamsSchema,
    response: favoriteResultSchema,
  }),
  ofMember: defineRoute({
    method: "GET",
    path: "/api/users/:id/favorites",
    summary: "Favorites of a member, most recently saved first (the Favorites tab of a profile)",
    access: "public",
    params: idParamsSchema,
    response: z.array(mediaItemSchema),
  }),
};
