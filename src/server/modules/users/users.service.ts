import { postMessages } from "@shared/contracts/posts";
import { type UpdateUser, type User, userMessages } from "@shared/contracts/users";
import { messages } from "@shared/messages";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from "../../http/errors";
import { policies } from "../../policies";
import { removeImage, storeImage } from "../posts/image-upload";
import { createEmailLinksService } from "../auth/email-links.service";
import { presentUser } from "./users.presenter";
import { createUsersRepository } from "./users.repository";

type Viewer = Pick<UserRow, "id" | "role">;

/** Profiles and contacts: who may edit a profile, a taken email, and replacing a profile photo. */
export function createUsersService(ctx: AppContext) {
  const users = createUsersRepository(ctx.db);

  const find = async (id: number) => {
    const user = await users.findById(id);
    if (!user) throw notFound(userMessages.notFound);
    return user;
  };
  const requireEditor = (viewer: Viewer, userId: number) => {
    if (!policies.editProfile(viewer, userId)) throw forbidden();
  };
  const emailTaken = () => conflict(messages.emailTaken, "email_taken");

  return {
    /** A member as `viewer` may see them (the email only to its owner); 404 for an unknown id. */
    async profile(id: number, viewer: { id: number } | null): Promise<User> {
      return presentUser(await find(id), viewer?.id ?? null);
    },

    contacts(viewer: Viewer, query: { q?: string; limit: number }) {
      return users.listContacts(viewer.id, { limit: query.limit, q: query.q || undefined });
    },

    /**
     * Changes the viewer's own display name, bio or email; 409 when the email belongs to another member. When the server
     * sends email, a new address is only confirmed by a link sent to it (the answer still shows the old one).
     */
    async update(viewer: Viewer, userId: number, changes: UpdateUser, origin: string): Promise<User> {
      requireEditor(viewer, userId);
      const { displayName, bio } = changes;
      let email = changes.email;
      if (email !== undefined && (await users.emailTaken(email, viewer.id))) throw emailTaken();
      if (email !== undefined && ctx.mailer.enabled) {
        const current = await find(viewer.id);
        if (current.email.toLowerCase() !== email.toLowerCase()) {
          await createEmailLinksService(ctx).requestEmailChange(current, email, origin);
          email = undefined;
        }
      }
      try {
        await users.update(viewer.id, {
          ...(displayName !== undefined ? { displayName } : {}),
          ...(bio !== undefined ? { bio: bio?.trim() ? bio.trim() : null } : {}),
          ...(email !== undefined ? { email } : {}),
        });
      } catch (error) {
        // Two members racing for the same email: the unique index decides.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return this.profile(viewer.id, viewer);
    },

    /**
     * Replaces the viewer's profile photo: the upload is read only once the viewer may edit the profile, the new file is
     * stored before the old one is removed.
     */
    async replaceAvatar(viewer: Viewer, userId: number, readUpload: () => Promise<Buffer | null>): Promise<User> {
      requireEditor(viewer, userId);
      const file = await readUpload();
      if (!file) throw badRequest(postMessages.imageType, "unsupported_image");
      const previous = (await find(viewer.id)).profileImageUrl;
      const profileImageUrl = await storeImage(ctx.config.mediaDir, file, `avatar-${viewer.id}`);
      await users.update(viewer.id, { profileImageUrl });
      await removeImage(ctx.config.mediaDir, previous);
      return this.profile(viewer.id, viewer);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
