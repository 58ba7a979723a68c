import { messages } from "@shared/messages";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { notFound } from "../../http/errors";
import { createMediaService } from "../media/media.service";
import { createUsersRepository } from "../users/users.repository";
import { createFavoritesRepository } from "./favorites.repository";

/** Favorites: a member saves existing items for themself; anyone sees a member's favorites on their profile. */
export function createFavoritesService(ctx: AppContext) {
  const favorites = createFavoritesRepository(ctx.db);
  const media = createMediaService(ctx);
  const users = createUsersRepository(ctx.db);

  return {
    async list(viewer: UserRow) {
      return media.present(await favorites.listMediaForUser(viewer.id), viewer.id);
    },

    async ofMember(userId: number, viewerId: number | null) {
      if (!(await users.findById(userId))) throw notFound(messages.userNotFound);
      return media.present(await favorites.listMediaForUser(userId), viewerId);
    },

    async add(viewer: UserRow, mediaId: number) {
      await media.requireMedia(mediaId);
      await favorites.add(viewer.id, mediaId, ctx.clock.iso());
      return { favorited: true };
    },

    async remove(viewer: UserRow, mediaId: number) {
      await favorites.remove(viewer.id, mediaId);
      return { favorited: false };
    },
  };
}
