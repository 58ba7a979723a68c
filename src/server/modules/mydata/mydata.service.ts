import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { verify } from "@node-rs/argon2";
import yazl from "yazl";
import { DELETION_GRACE_DAYS, myDataMessages } from "@shared/contracts/mydata";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { resolveMediaPath } from "../../media/media.routes";
import { hashPassword } from "../auth/auth.service";
import { removeImage } from "../posts/image-upload";
import { createSafetyService } from "../safety/safety.service";
import { createMyDataRepository } from "./mydata.repository";

const DAY_MS = 86_400_000;
const GRACE_MS = DELETION_GRACE_DAYS * DAY_MS;

/** A member's own data: the zip of everything they created, and the deletion of their account with its grace period. */
export function createMyDataService(ctx: AppContext) {
  const data = createMyDataRepository(ctx.db);
  const safety = createSafetyService(ctx);
  const scheduledFor = (requestedAt: string | null) => (requestedAt ? new Date(Date.parse(requestedAt) + GRACE_MS).toISOString() : null);

  return {
    /** data.json (the member's rows) and, under files/, every upload of theirs that is still on disk. */
    async exportZip(viewer: Pick<UserRow, "id">): Promise<NodeJS.ReadableStream> {
      const collected = await data.collect(viewer.id);
      const zip = new yazl.ZipFile();
      const exportedAt = ctx.clock.iso();
      zip.addBuffer(
        Buffer.from(
          JSON.stringify(
            { exportedAt, ...collected, settings: collected.settings ? JSON.parse(collected.settings.settings) : {} },
            null,
            2,
          ),
        ),
        "data.json",
      );
      const urls = [
        collected.user.profileImageUrl,
        ...collected.posts.map((post) => post.imageUrl),
        ...collected.media.flatMap((item) => [item.mediaUrl, item.thumbnailUrl]),
      ];
      const seen = new Set<string>();
      for (const url of urls) {
        if (!url?.startsWith("/media/") || seen.has(url)) continue;
        seen.add(url);
        const file = resolveMediaPath(ctx.config.mediaDir, url.slice("/media/".length));
        if (file && fs.existsSync(file)) zip.addFile(file, `files/${url.slice("/media/".length)}`);
      }
      zip.end();
      return zip.outputStream;
    },

    async status(viewer: Pick<UserRow, "id">) {
      return { scheduledFor: scheduledFor(await data.deletionRequestedAt(viewer.id)) };
    },

    /** Schedules the deletion once the password is confirmed, and signs the member out everywhere. */
    async requestDeletion(viewer: Pick<UserRow, "id">, password: string) {
      const hash = await data.passwordHash(viewer.id);
      if (!hash || !(await verify(hash, password))) throw new HttpError(403, myDataMessages.wrongPassword, "wrong_password");
      const now = ctx.clock.iso();
      await data.requestDeletion(viewer.id, now);
      await safety.record(viewer.id, "account.deletion_requested", { type: "user", id: viewer.id });
      return { scheduledFor: scheduledFor(now) };
    },

    /** Signing in during the grace period keeps the account. */
    async signedIn(userId: number) {
      if (await data.cancelDeletion(userId)) await safety.record(userId, "account.deletion_cancelled", { type: "user", id: userId });
    },

    /** Carries out the deletions whose grace period ended (housekeeping; idempotent). Answers how many accounts it purged. */
    async purgeDue(): Promise<number> {
      const due = await data.dueForDeletion(new Date(ctx.clock.now() - GRACE_MS).toISOString());
      for (const account of due) {
        const images = await data.postImages(account.id);
        await data.anonymise(account.id, {
          displayName: myDataMessages.deletedMember,
          passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
          now: ctx.clock.iso(),
        });
        for (const url of [account.profileImageUrl, ...images]) await removeImage(ctx.config.mediaDir, url);
        await safety.record(null, "account.deleted", { type: "user", id: account.id });
      }
      return due.length;
    },
  };
}
export type MyDataService = ReturnType<typeof createMyDataService>;
