import { postMessages } from "@shared/contracts/posts";
import { notificationMessages } from "@shared/contracts/notifications";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { mentionedUsernames } from "../notifications/mentions";
import type { NewNotification } from "../notifications/notifications.repository";
import { createNotificationsService } from "../notifications/notifications.service";
import { createModerationService } from "../moderation/moderation.service";
import { createSafetyService } from "../safety/safety.service";
import { createCommunityRepository } from "./community.repository";
import { removeImage, storeImage } from "./image-upload";
import { type Keyset, createPostsRepository } from "./posts.repository";

type Viewer = Pick<UserRow, "id" | "role" | "displayName">;

const WEEK_MS = 7 * 86_400_000;

/** The first words of a text for a notification, on a word boundary. */
function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(" ", max) > 40 ? flat.lastIndexOf(" ", max) : max)}…`;
}

/** The community's rules: who may post and remove what, where post images go, who hears of a comment, and what "this week" is. */
export function createPostsService(ctx: AppContext) {
  const mediaDir = ctx.config.mediaDir;
  const posts = createPostsRepository(ctx.db);
  const community = createCommunityRepository(ctx.db);
  const notifications = createNotificationsService(ctx);
  const safety = createSafetyService(ctx);
  const moderation = createModerationService(ctx);
  const since = (ms: number) => new Date(ctx.clock.now() - ms).toISOString();

  /** The members a text @mentions, but not its writer nor those in `skip`, each told once. */
  async function mentions(viewer: Viewer, text: string, link: string, skip: Set<number>): Promise<NewNotification[]> {
    const ids = await notifications.mentionedIds(mentionedUsernames(text));
    return ids
      .filter((id) => id !== viewer.id && !skip.has(id))
      .map((userId) => ({
        userId,
        category: "reply" as const,
        title: notificationMessages.mentionTitle,
        body: notificationMessages.mention(viewer.displayName, excerpt(text)),
        link,
      }));
  }

  const requirePost = async (postId: number) => {
    const post = await posts.findOwner(postId);
    if (!post) throw notFound(postMessages.postNotFound);
    return post;
  };
  /** The post, unless its author and the viewer blocked one another: then, for the viewer, it does not exist. */
  const requireVisiblePost = async (viewerId: number | null, postId: number) => {
    const post = await requirePost(postId);
    if (viewerId !== null && (await safety.blockedBetween(post.userId, viewerId))) throw notFound(postMessages.postNotFound);
    return post;
  };

  return {
    /** A page of the feed, newest first, before the given position. */
    async list(viewer: Viewer | null, options: { userId?: number; limit: number; before?: Keyset }) {
      return posts.list({ viewerId: viewer?.id ?? null, ...options });
    },

    async get(viewer: Viewer | null, postId: number) {
      const post = await posts.findById(postId, viewer?.id ?? null);
      if (!post) throw notFound(postMessages.postNotFound);
      return post;
    },

    async create(viewer: Viewer, content: string, image: Buffer | null) {
      // A suspended, banned or not yet approved member does not post (decision 0021).
      await moderation.assertMayParticipate(viewer.id);
      const imageUrl = image ? await storeImage(mediaDir, image, "post") : null;
      try {
        const id = await posts.create({ userId: viewer.id, content, imageUrl, createdAt: ctx.clock.iso() });
        await notifications.notify(await mentions(viewer, content, `/community/${id}`, new Set()));
        return (await posts.findById(id, viewer.id))!;
      } catch (error) {
        await removeImage(mediaDir, imageUrl);
        throw error;
      }
    },

    /** Likes or unlikes; the author hears of the first like of each member (liking again after unliking tells no one). */
    async toggleLike(viewer: Viewer, postId: number) {
      const post = await requireVisiblePost(viewer.id, postId);
      const result = await posts.toggleLike(postId, viewer.id, ctx.clock.iso());
      if (result.liked && post.userId !== viewer.id) {
        await notifications.notify([
          {
            userId: post.userId,
            category: "like",
            title: notificationMessages.newLikeTitle,
            body: notificationMessages.newLike(viewer.displayName, excerpt(post.content)),
            link: `/community/${postId}`,
            dedupeKey: `like:${postId}:${viewer.id}`,
          },
        ]);
      }
      return result;
    },

    /** A page of a post's comments, oldest first, after the given position. */
    async comments(viewer: Viewer | null, postId: number, options: { limit: number; after?: Keyset }) {
      await requireVisiblePost(viewer?.id ?? null, postId);
      return posts.listComments(postId, { ...options, viewerId: viewer?.id ?? null });
    },

    /**
     * Adds a comment and tells the post's author (unless they answered their own post), the others who commented
     * before (a reply in their conversation) and whoever the comment @mentions, each once.
     */
    async addComment(viewer: Viewer, postId: number, content: string) {
      await requireVisiblePost(viewer.id, postId);
      await moderation.assertMayParticipate(viewer.id);
      const earlier = await posts.commenterIds(postId);
      const commentId = await posts.addComment({ postId, userId: viewer.id, content, createdAt: ctx.clock.iso() });
      if (commentId === undefined) throw notFound(postMessages.postNotFound);
      const post = await posts.findOwner(postId);
      if (post) {
        const link = `/community/${postId}`;
        const told = new Set<number>([viewer.id]);
        const items: NewNotification[] = [];
        if (post.userId !== viewer.id) {
          told.add(post.userId);
          items.push({
            userId: post.userId,
            category: "comment",
            title: notificationMessages.newCommentTitle,
            body: notificationMessages.newComment(viewer.displayName, excerpt(content)),
            link,
          });
        }
        const mentioned = await mentions(viewer, content, link, told);
        for (const item of mentioned) told.add(item.userId);
        for (const userId of earlier) {
          if (told.has(userId)) continue;
          told.add(userId);
          items.push({
            userId,
            category: "reply",
            title: notificationMessages.replyTitle,
            body: notificationMessages.reply(viewer.displayName, excerpt(content)),
            link,
          });
        }
        await notifications.notify([...items, ...mentioned]);
      }
      const row = (await posts.findComment(postId, commentId))!;
      return {
        id: row.id,
        postId: row.postId,
        content: row.content,
        createdAt: row.createdAt,
        user: { id: row.userId, displayName: row.authorDisplayName, profileImageUrl: row.authorProfileImageUrl },
      };
    },

    /** Authors remove their own posts; moderators remove any post. */
    async remove(viewer: Viewer, postId: number) {
      const post = await requirePost(postId);
      if (!policies.deleteOwnedOrModerate(viewer, post.userId)) throw forbidden();
      await posts.remove(postId, ctx.clock.iso());
      await removeImage(mediaDir, post.imageUrl);
    },

    /** Authors remove their own comments; moderators remove any comment. */
    async removeComment(viewer: Viewer, postId: number, commentId: number) {
      const comment = await posts.findComment(postId, commentId);
      if (!comment) throw notFound(postMessages.commentNotFound);
      if (!policies.deleteOwnedOrModerate(viewer, comment.userId)) throw forbidden();
      await posts.removeComment(postId, commentId);
    },

    /** The Community Stats sidebar: this week is the last seven days. */
    async stats() {
      return community.stats(since(WEEK_MS));
    },

    /** Topics of the last four weeks. */
    async trending(limit: number) {
      return community.trending(since(4 * WEEK_MS), limit);
    },

    /** Groups by this week's messages. */
    async activeGroups(limit: number) {
      return community.activeGroups(since(WEEK_MS), limit);
    },
  };
}
