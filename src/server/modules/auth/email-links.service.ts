import { createHash, randomBytes } from "node:crypto";
import { authMessages } from "@shared/contracts/auth";
import { messages } from "@shared/messages";
import type { AppContext } from "../../context";
import { HttpError, badRequest, conflict, isUniqueViolation } from "../../http/errors";
import type { ThrottleRule } from "../../throttle/throttle";
import { createUsersRepository } from "../users/users.repository";
import { hashPassword } from "./auth.service";
import { issueDeviceToken } from "./device-cookie";
import { createEmailTokensRepository } from "./email-tokens.repository";
import { createSessionsRepository } from "./sessions.repository";

/** A reset link works for 30 minutes; a link confirming a new address for a day. */
export const PASSWORD_RESET_MS = 30 * 60_000;
export const EMAIL_CHANGE_MS = 24 * 3_600_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Links sent by email (decision 0012): a password reset and the confirmation of a new address. The token travels only in
 * the email (the job that sends it forgets it once sent); the database keeps its SHA-256, taken once, atomically.
 * Nothing here logs a link.
 */
export function createEmailLinksService(ctx: AppContext) {
  const tokens = createEmailTokensRepository(ctx.db);
  const users = createUsersRepository(ctx.db);
  const sessions = createSessionsRepository(ctx.db);
  const perAddress: ThrottleRule = { name: "password-reset-address", limit: 10, windowMs: 3_600_000, message: authMessages.tooManyResets };
  const perEmail: ThrottleRule = { name: "password-reset-email", limit: 3, windowMs: 3_600_000, message: authMessages.tooManyResets };

  /** Stores the token's hash and enqueues its email in one transaction (the outbox). */
  async function sendLink(
    userId: number,
    purpose: "password_reset" | "email_change",
    to: string,
    compose: (token: string) => { subject: string; text: string },
    extra: { newEmail: string | null; lifetimeMs: number },
  ) {
    const token = randomBytes(32).toString("base64url");
    const now = ctx.clock.now();
    await ctx.db.transaction().execute(async (trx) => {
      await tokens.create(trx, {
        tokenHash: hashToken(token),
        userId,
        purpose,
        newEmail: extra.newEmail,
        expiresAt: new Date(now + extra.lifetimeMs).toISOString(),
        createdAt: new Date(now).toISOString(),
      });
      await ctx.jobs.enqueue("email.send", { to, ...compose(token) }, { db: trx });
    });
    ctx.jobs.wake();
  }

  return {
    available: () => ctx.mailer.enabled,

    /** Emails a reset link to the account with this address; says nothing about whether there is one. */
    async requestPasswordReset(email: string, ip: string, origin: string) {
      if (!ctx.mailer.enabled) throw new HttpError(409, authMessages.emailOff, "email_off");
      await ctx.throttle.take(perAddress, ip);
      await ctx.throttle.take(perEmail, email.toLowerCase());
      const user = await tokens.userByEmail(email);
      if (!user) return;
      await sendLink(
        user.id,
        "password_reset",
        user.email,
        (token) => ({
          subject: "Reset your password",
          text: [
            `Hello ${user.displayName},`,
            "",
            "Someone (we hope you) asked to reset the password of your account. Choose a new one here:",
            `${origin}/reset-password?token=${token}`,
            "",
            "The link works once, for 30 minutes, and signs you out everywhere else.",
            "If you didn't ask for this, ignore this email: your password stays as it is.",
          ].join("\n"),
        }),
        { newEmail: null, lifetimeMs: PASSWORD_RESET_MS },
      );
    },

    /** Sets a new password with a reset token: every session of the member ends. Answers the member and a device token. */
    async resetPassword(token: string, newPassword: string) {
      const now = ctx.clock.iso();
      const taken = await tokens.take(hashToken(token), "password_reset", now);
      if (!taken) throw badRequest(authMessages.linkExpired, "link_expired");
      const passwordHash = await hashPassword(newPassword);
      await users.setPassword(taken.userId, passwordHash, now);
      await sessions.deleteAllForUser(taken.userId);
      await ctx.live.endSessions({ userId: taken.userId, exceptSessionId: "" });
      return { userId: taken.userId, deviceToken: issueDeviceToken({ id: taken.userId, passwordHash }) };
    },

    /** Sends a confirmation link to the new address; the email changes when it is opened. */
    async requestEmailChange(user: { id: number; displayName: string }, newEmail: string, origin: string) {
      await sendLink(
        user.id,
        "email_change",
        newEmail,
        (token) => ({
          subject: "Confirm your new email address",
          text: [
            `Hello ${user.displayName},`,
            "",
            "Open this link to use this address for your account:",
            `${origin}/confirm-email?token=${token}`,
            "",
            "The link works once, for 24 hours. If you didn't ask for this, ignore this email.",
          ].join("\n"),
        }),
        { newEmail, lifetimeMs: EMAIL_CHANGE_MS },
      );
    },

    /** Applies a confirmed change of address; 409 when another member took it meanwhile. */
    async confirmEmail(token: string) {
      const taken = await tokens.take(hashToken(token), "email_change", ctx.clock.iso());
      if (!taken?.newEmail) throw badRequest(authMessages.linkExpired, "link_expired");
      if (await users.emailTaken(taken.newEmail, taken.userId)) throw conflict(messages.emailTaken, "email_taken");
      try {
        await users.update(taken.userId, { email: taken.newEmail });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(messages.emailTaken, "email_taken");
        throw error;
      }
    },
  };
}
