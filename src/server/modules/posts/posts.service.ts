import type { Kysely } from "kysely";
import { postMessages } from "@shared/contracts/posts";
import type { DB, UserRow } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { createNotificationsRepository } from "../notifications/notifications.repository";
import { removeImage, storeImage } from "./image-upload";
import { createPostsRepository } from "./posts.repository";

type Viewer = Pick<UserRow, "id" | "role" | "displayName">;

/** The first words of a text for a notification, on a word boundary. */
function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(" ", max) > 40 ? flat.lastIndexOf(" ", max) : max)}…`;
}

/** The community's rules: who may remove what, and where post images go. */
export function createPostsService(db: Kysely<DB>, mediaDir: string) {
  const posts = createPostsRepository(db);
  const notifications = createNotificationsRepository(db);

  const requirePost = async (postId: number) => {
    const post = await posts.findOwner(postId);
    if (!post) throw notFound(postMessages.postNotFound);
    return post;
  };

  return {
    posts,
    requirePost,

    async create(viewer: Viewer, content: string, image: Buffer | null) {
      const imageUrl = image ? await storeImage(mediaDir, image, "post") : null;
      try {
        const id = await posts.create({ userId: viewer.id, content, imageUrl, createdAt: new Date().toISOString() });
        return (await posts.findById(id, viewer.id))!;
      } catch (error) {
        await removeImage(mediaDir, imageUrl);
        throw error;
      }
    },

    async toggleLike(viewer: Viewer, postId: number) {
      await requirePost(postId);
      return posts.toggleLike(postId, viewer.id, new Date().toISOString());
    },

    /** Adds a comment and tells the post's author, unless they answered their own post. */
    async addComment(viewer: Viewer, postId: number, content: string) {
      const now = new Date().toISOString();
      const commentId = await posts.addComment({ postId, userId: viewer.id, content, createdAt: now });
      if (commentId === undefined) throw notFound(postMessages.postNotFound);
      const post = await posts.findOwner(postId);
      if (post && post.userId !== viewer.id) {
        await notifications.add(
          [
            {
              userId: post.userId,
              title: "New Comment",
              body: `${viewer.displayName} commented on your post: "${excerpt(content)}"`,
              link: `/community/${postId}`,
            },
          ],
          now,
        );
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
      await posts.remove(postId, new Date().toISOString());
      await removeImage(mediaDir, post.imageUrl);
    },

    /** Authors remove their own comments; moderators remove any comment. */
    async removeComment(viewer: Viewer, postId: number, commentId: number) {
      const comment = await posts.findComment(postId, commentId);
      if (!comment) throw notFound(postMessages.commentNotFound);
      if (!policies.deleteOwnedOrModerate(viewer, comment.userId)) throw forbidden();
      await posts.removeComment(postId, commentId);
    },

    async report(viewer: Viewer, postId: number, reason: string) {
      await requirePost(postId);
      return posts.report({ reporterId: viewer.id, postId, reason, createdAt: new Date().toISOString() });
    },

    async listReports(viewer: Viewer, status: "open" | "resolved" | "all") {
      if (!policies.moderate(viewer)) throw forbidden();
      return posts.listReports(status);
    },

    async resolveReport(viewer: Viewer, reportId: number) {
      if (!policies.moderate(viewer)) throw forbidden();
      if (!(await posts.resolveReport(reportId, new Date().toISOString()))) throw notFound(postMessages.reportNotFound);
    },
  };
}
