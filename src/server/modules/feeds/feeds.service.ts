import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Selectable } from "kysely";
import { APP_NAME } from "@shared/constants";
import { mediaMessages } from "@shared/contracts/content";
import { type ShowSettings, type ShowSettingsInput, feedMessages, type transcriptSchema } from "@shared/contracts/feed-settings";
import { SERMONS_FEED_PATH, showFeedPath } from "@shared/contracts/feeds";
import type { AppContext } from "../../context";
import type { z } from "zod";
import type { PodcastShowsTable, UserRow } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { PUBLISHED_FOLDER, removePublishedFile } from "../media/media-upload";
import { createMediaRepository } from "../media/media.repository";
import { resolveMediaPath } from "../../media/media.routes";
import { createFeedsRepository } from "./feeds.repository";
import { type FeedChannel, type FeedItem, type FeedPerson, buildPodcastFeed, podcastGuid, uuidV5 } from "./rss";

/** The show artwork used until an admin gives a show its own: square, 1400 px, as directories require. */
export const DEFAULT_ARTWORK_PATH = "/icons/podcast-artwork.png";

const TRANSCRIPT_TYPES: Record<string, string> = {
  ".vtt": "text/vtt",
  ".srt": "application/srt",
  ".json": "application/json",
  ".html": "text/html",
  ".txt": "text/plain",
};

type Viewer = Pick<UserRow, "id" | "role">;
type ShowRow = Selectable<PodcastShowsTable>;
type TranscriptInput = z.output<typeof transcriptSchema>;

/** A feed as served: its body and the validators for conditional requests. */
export interface RenderedFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof createFeedsRepository>["items"]>>[number];

/** Builds the sermons feed and each show's feed from the library, with sizes read from the files themselves. */
export function createFeedsService(ctx: AppContext) {
  const feeds = createFeedsRepository(ctx.db);
  const media = createMediaRepository(ctx.db);
  const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`);

  /** The size of the file behind a /media/ URL; undefined when the file is gone (the item is left out). */
  async function fileSize(mediaUrl: string): Promise<number | undefined> {
    if (!mediaUrl.startsWith("/media/")) return undefined;
    const file = resolveMediaPath(ctx.config.mediaDir, mediaUrl.slice("/media/".length));
    if (!file) return undefined;
    try {
      const stat = await fs.stat(file);
      return stat.isFile() ? stat.size : undefined;
    } catch {
      return undefined;
    }
  }

  async function render(options: {
    key: string;
    categoryId: number | null;
    title: string;
    description: string;
    link: string;
    feedPath: string;
    origin: string;
    rows: ItemRow[];
  }): Promise<RenderedFeed> {
    const { origin, rows } = options;
    const feedUrl = `${origin}${options.feedPath}`;
    const show = await feeds.show(options.key, options.categoryId, ctx.clock.iso());
    let guid = show.guid;
    if (!guid) {
      guid = podcastGuid(feedUrl);
      await feeds.setGuid(show.id, guid);
    }
    const admin = show.ownerEmail ? undefined : await feeds.firstAdmin();
    const credits = await feeds.credits(rows.map((row) => row.id));
    const personOf = (credit: (typeof credits)[number]): FeedPerson => ({
      name: credit.displayName,
      role: "host",
      href: `${origin}/profile/${credit.id}`,
      ...(credit.profileImageUrl ? { img: absolute(origin, credit.profileImageUrl) } : {}),
    });

    const items: FeedItem[] = [];
    for (const row of rows) {
      const length = await fileSize(row.mediaUrl);
      if (length === undefined) continue;
      const credited = credits.filter((credit) => credit.mediaId === row.id).map(personOf);
      const transcriptType = row.transcriptUrl ? TRANSCRIPT_TYPES[path.extname(row.transcriptUrl).toLowerCase()] : undefined;
      items.push({
        // Stable whatever the address: derived from the show's own guid and the item's id.
        guid: podcastGuidItem(guid, row.id),
        title: row.title,
        description: row.description,
        link: `${origin}${options.link}#media-${row.id}`,
        pubDate: new Date(row.createdAt),
        enclosure: { url: absolute(origin, row.mediaUrl), length, type: row.mimeType },
        duration: row.duration,
        ...(row.thumbnailUrl ? { image: absolute(origin, row.thumbnailUrl) } : {}),
        explicit: show.explicit === 1,
        people: credited.length > 0 ? credited : row.artist ? [{ name: row.artist, role: "host" }] : [],
        ...(row.transcriptUrl && transcriptType ? { transcript: { url: absolute(origin, row.transcriptUrl), type: transcriptType } } : {}),
      });
    }

    const times = [Date.parse(show.updatedAt), ...rows.map((row) => Date.parse(row.createdAt))].filter(Number.isFinite);
    const lastModified = new Date(Math.floor(Math.max(...times) / 1000) * 1000);
    const hosts = [...new Map(credits.map((credit) => [credit.id, personOf(credit)])).values()];
    const ownerName = show.ownerName || admin?.displayName || APP_NAME;
    const ownerEmail = show.ownerEmail || admin?.email || "";
    const channel: FeedChannel = {
      title: options.title,
      description: options.description,
      link: `${origin}${options.link}`,
      feedUrl,
      language: show.language,
      author: show.author || rows[0]?.artist || APP_NAME,
      owner: { name: ownerName, ...(ownerEmail ? { email: ownerEmail } : {}) },
      artwork: absolute(origin, show.artworkUrl ?? DEFAULT_ARTWORK_PATH),
      category: show.itunesCategory,
      ...(show.itunesSubcategory ? { subcategory: show.itunesSubcategory } : {}),
      explicit: show.explicit === 1,
      guid,
      locked: show.locked === 1,
      copyright: `© ${lastModified.getUTCFullYear()} ${APP_NAME}`,
      lastModified,
      people: hosts.slice(0, 10),
      items,
    };
    const body = buildPodcastFeed(channel);
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    return { body, etag, lastModified };
  }

  /** The feed a settings route names: "sermons", or a podcast show's category id (404 for anything else). */
  async function feedOf(feed: string) {
    if (feed === "sermons") return { key: "sermons", categoryId: null, title: `${APP_NAME} Sermons`, feedPath: SERMONS_FEED_PATH };
    const category = await feeds.category(Number(feed));
    if (!category || category.type !== "podcast") throw notFound(feedMessages.feedNotFound);
    return { key: `show-${category.id}`, categoryId: category.id, title: category.name, feedPath: showFeedPath(category.id) };
  }

  function presentSettings(show: ShowRow, title: string, feedUrl: string): ShowSettings {
    return {
      title,
      feedUrl,
      guid: show.guid,
      author: show.author,
      ownerName: show.ownerName,
      ownerEmail: show.ownerEmail,
      artworkUrl: show.artworkUrl ?? "",
      itunesCategory: show.itunesCategory,
      itunesSubcategory: show.itunesSubcategory,
      explicit: show.explicit === 1,
      language: show.language,
      locked: show.locked === 1,
    };
  }

  const requireAdmin = (viewer: Viewer) => {
    if (!policies.moderate(viewer)) throw forbidden();
  };

  return {
    /** A feed's directory fields as an admin edits them; the row is made with its defaults if the feed was never served. */
    async settings(viewer: Viewer, feed: string, origin: string): Promise<ShowSettings> {
      requireAdmin(viewer);
      const target = await feedOf(feed);
      const show = await feeds.show(target.key, target.categoryId, ctx.clock.iso());
      return presentSettings(show, target.title, `${origin}${target.feedPath}`);
    },

    /** Saves an admin's directory fields; the feed's Last-Modified moves with them, so apps fetch it again. */
    async saveSettings(viewer: Viewer, feed: string, input: ShowSettingsInput, origin: string): Promise<ShowSettings> {
      requireAdmin(viewer);
      const target = await feedOf(feed);
      const now = ctx.clock.iso();
      const show = await feeds.show(target.key, target.categoryId, now);
      const saved = await feeds.updateShow(show.id, {
        author: input.author,
        ownerName: input.ownerName,
        ownerEmail: input.ownerEmail,
        artworkUrl: input.artworkUrl || null,
        itunesCategory: input.itunesCategory,
        itunesSubcategory: input.itunesSubcategory,
        explicit: input.explicit ? 1 : 0,
        language: input.language,
        locked: input.locked ? 1 : 0,
        updatedAt: now,
      });
      return presentSettings(saved, target.title, `${origin}${target.feedPath}`);
    },

    /**
     * Stores a sermon's or episode's transcript as a file beside the published media and announces it in the feeds
     * (`podcast:transcript`); the uploader or an admin may. A new transcript replaces the file of the one before.
     */
    async attachTranscript(viewer: Viewer, mediaId: number, input: TranscriptInput) {
      const item = await media.findById(mediaId);
      if (!item) throw notFound(mediaMessages.mediaNotFound);
      const allowed = item.uploadedBy === null ? policies.moderate(viewer) : policies.deleteOwnedOrModerate(viewer, item.uploadedBy);
      if (!allowed) throw forbidden();
      if (item.type !== "sermon" && item.type !== "podcast") throw badRequest(feedMessages.transcriptNotFeedItem, "not_feed_item");
      const folder = path.join(ctx.config.mediaDir, PUBLISHED_FOLDER);
      await fs.mkdir(folder, { recursive: true });
      const name = `transcript-${randomUUID()}.${input.format}`;
      const body = input.text.endsWith("\n") ? input.text : `${input.text}\n`;
      await fs.writeFile(path.join(folder, name), body, "utf8");
      const previous = await feeds.transcriptOf(mediaId);
      const url = `/media/${PUBLISHED_FOLDER}/${name}`;
      await feeds.setTranscript(mediaId, url);
      if (previous) await removePublishedFile(ctx.config.mediaDir, previous.url);
      return { mediaId, url };
    },

    /** The audio sermons, newest first. */
    async sermons(origin: string): Promise<RenderedFeed> {
      return render({
        key: "sermons",
        categoryId: null,
        title: `${APP_NAME} Sermons`,
        description: `Sermons from ${APP_NAME}: listen wherever you get your podcasts.`,
        link: "/sermons",
        feedPath: SERMONS_FEED_PATH,
        origin,
        rows: await feeds.items({ type: "sermon", audioOnly: true }),
      });
    },

    /** A podcast show's episodes; 404 for an unknown category or one that is not a podcast show. */
    async show(categoryId: number, origin: string): Promise<RenderedFeed> {
      const category = await feeds.category(categoryId);
      if (!category || category.type !== "podcast") throw notFound(mediaMessages.categoryNotFound);
      return render({
        key: `show-${category.id}`,
        categoryId: category.id,
        title: category.name,
        description: category.description,
        link: `/podcasts/shows/${category.id}`,
        feedPath: showFeedPath(category.id),
        origin,
        rows: await feeds.items({ type: "podcast", categoryId: category.id }),
      });
    },
  };
}

/** An item's guid: a UUIDv5 of its id in the namespace of its show's guid, so it never changes with the address. */
function podcastGuidItem(showGuid: string, mediaId: number): string {
  return uuidV5(`media-${mediaId}`, showGuid);
}
