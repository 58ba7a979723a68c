import { type CreateContact, contactMessages } from "@shared/contracts/contact";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import { policies } from "../../policies";
import type { ThrottleRule } from "../../throttle/throttle";
import { createContactRepository } from "./contact.repository";

/** How many messages one address may send to the office per window. */
export const contactThrottle: ThrottleRule = { name: "contact-ip", limit: 5, windowMs: 10 * 60_000, message: contactMessages.tooMany };

/** Messages to the church office: anyone may send (throttled per address); admins read and handle them. */
export function createContactService(ctx: AppContext) {
  const contact = createContactRepository(ctx.db);
  const requireModerator = (viewer: UserRow) => {
    if (!policies.moderate(viewer)) throw forbidden();
  };

  return {
    async send(message: CreateContact, sender: { ip: string; userId: number | null }) {
      await ctx.throttle.take(contactThrottle, sender.ip);
      return contact.insert({ ...message, userId: sender.userId, createdAt: ctx.clock.iso(), handledAt: null });
    },

    async inbox(viewer: UserRow, status: "all" | "open" | "handled", limit: number) {
      requireModerator(viewer);
      return contact.list(status, limit);
    },

    async markHandled(viewer: UserRow, id: number) {
      requireModerator(viewer);
      const message = await contact.markHandled(id, ctx.clock.iso());
      if (!message) throw notFound(contactMessages.notFound);
      return message;
    },
  };
}
