import { HOME_COUNTS } from "@shared/constants";
import { type CategoryType, type MediaItem, type MediaType, mediaMessages } from "@shared/contracts/content";
import { messages } from "@shared/messages";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import type { Page } from "../../http/pagination";
import { createUsersRepository } from "../users/users.repository";
import { createCategoriesRepository } from "./categories.repository";
import { presentMedia } from "./media.presenter";
import { type MediaListOptions, type MediaRow, createMediaRepository } from "./media.repository";

/** The media library: browsing, playing, liking, reporting, podcast subscriptions and the media naming a member. */
export function createMediaService(ctx: AppContext) {
  const media = createMediaRepository(ctx.db);
  const categories = createCategoriesRepository(ctx.db);
  const users = createUsersRepository(ctx.db);

  /** Presents rows, adding the signed-in member's likes, favorites and resume positions in one batch. */
  async function present(rows: MediaRow[], viewerId: number | null): Promise<MediaItem[]> {
    if (viewerId === null) return rows.map((row) => presentMedia(row));
    const state = await media.viewerState(
      viewerId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentMedia(row, state.get(row.id)));
  }

  async function presentPage(page: Page<MediaRow>, viewerId: number | null): Promise<Page<MediaItem>> {
    return { items: await present(page.items, viewerId), hasMore: page.hasMore };
  }

  /** The item, or 404. */
  async function requireMedia(id: number): Promise<MediaRow> {
    const row = await media.findById(id);
    if (!row) throw notFound(mediaMessages.mediaNotFound);
    return row;
  }

  async function requirePodcastShow(id: number) {
    const category = await categories.findById(id);
    if (!category) throw notFound(mediaMessages.categoryNotFound);
    if (category.type !== "podcast") throw badRequest(mediaMessages.notAPodcast);
  }

  return {
    present,
    requireMedia,

    async list(query: MediaListOptions, viewerId: number | null): Promise<Page<MediaItem>> {
      return presentPage(await media.list(query), viewerId);
    },

    async get(id: number, viewerId: number | null): Promise<MediaItem> {
      const [item] = await present([await requireMedia(id)], viewerId);
      return item!;
    },

    async categories(type?: CategoryType) {
      return categories.list(type);
    },

    /** What the home page features, newest first, presented in one batch. */
    async featured(viewerId: number | null) {
      const latest = async (type: MediaType, limit: number) => (await media.list({ type, sort: "latest", limit })).items;
      const [sermons, podcasts, songs] = await Promise.all([
        latest("sermon", HOME_COUNTS.sermons),
        latest("podcast", HOME_COUNTS.podcasts),
        latest("song", HOME_COUNTS.songs),
      ]);
      const items = await present([...sermons, ...podcasts, ...songs], viewerId);
      return {
        sermons: items.slice(0, sermons.length),
        podcasts: items.slice(sermons.length, sermons.length + podcasts.length),
        songs: items.slice(sermons.length + podcasts.length),
      };
    },

    async recommended(viewerId: number | null, type: MediaType, limit: number) {
      return present(await media.recommended(viewerId, type, limit), viewerId);
    },

    async play(id: number, viewerId: number | null, position: number | undefined) {
      const playCount = await media.recordPlay(id, viewerId, position, ctx.clock.iso());
      if (playCount === undefined) throw notFound(mediaMessages.mediaNotFound);
      return { playCount };
    },

    async like(viewer: UserRow, id: number) {
      await requireMedia(id);
      return media.toggleLike(id, viewer.id, ctx.clock.iso());
    },

    async subscriptions(viewer: UserRow) {
      return { categoryIds: await categories.subscriptions(viewer.id) };
    },

    async subscribe(viewer: UserRow, categoryId: number) {
      await requirePodcastShow(categoryId);
      await categories.subscribe(viewer.id, categoryId, ctx.clock.iso());
      return { subscribed: true };
    },

    async unsubscribe(viewer: UserRow, categoryId: number) {
      await requirePodcastShow(categoryId);
      await categories.unsubscribe(viewer.id, categoryId);
      return { subscribed: false };
    },

    /** The media naming a member as speaker, artist or host (not what they uploaded), newest first. */
    async forMember(userId: number, viewerId: number | null, limit: number, after?: { createdAt: string; id: number }) {
      if (!(await users.findById(userId))) throw notFound(messages.userNotFound);
      return presentPage(await media.creditedTo(userId, limit, after), viewerId);
    },
  };
}
