import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  conversationQuerySchema,
  messageListSchema,
  messageSettingsSchema,
  recentQuerySchema,
  updateMessageSettingsSchema,
} from "@shared/contracts/messages";
import type { AppContext } from "../../context";
import { badRequest, forbidden } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { requireViewer } from "../auth/session";
import { presentMessage } from "./messages.presenter";
import { createMessagesRepository, decodeMessageCursor, encodeMessageCursor } from "./messages.repository";

export async function messagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const messagesRepo = createMessagesRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    "/messages",
    { schema: { querystring: conversationQuerySchema, response: { 200: messageListSchema, ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { userId, otherUserId, limit, cursor } = request.query;
      if (viewer.id !== userId && viewer.id !== otherUserId) throw forbidden();
      const other = viewer.id === userId ? otherUserId : userId;
      const position = cursor ? decodeMessageCursor(cursor) : null;
      if (cursor && !position) throw badRequest("Invalid cursor.");
      // One extra row tells whether an older page exists.
      const rows = await messagesRepo.conversation(viewer.id, other, { limit: limit + 1, cursor: position });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        const next = new URLSearchParams({
          userId: String(userId),
          otherUserId: String(otherUserId),
          limit: String(limit),
          cursor: encodeMessageCursor(last),
        });
        reply.header("x-next-cursor", next.get("cursor")!);
        reply.header("link", `</api/messages?${next}>; rel="next"`);
      }
      // Opening a conversation reads it: unreadCount in GET /api/users follows.
      if (!cursor && other !== viewer.id) {
        const now = new Date().toISOString();
        const changed = await messagesRepo.markConversationRead(viewer.id, other, now);
        if (changed > 0) await ctx.live?.notifyRead(viewer.id, other, now);
      }
      // A member who keeps read receipts to themselves never shows as having read anything.
      const sharesReceipts = (await messagesRepo.settings(other)).readReceipts;
      return page.reverse().map((row) => presentMessage(sharesReceipts || row.senderId !== viewer.id ? row : { ...row, readAt: null }));
    },
  );

  route.get(
    "/messages/recent",
    { schema: { querystring: recentQuerySchema, response: { 200: messageListSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      const rows = await messagesRepo.recent(viewer.id, request.query.limit);
      return rows.map((row) => presentMessage(row));
    },
  );

  route.get("/messages/settings", { schema: { response: { 200: messageSettingsSchema, ...errorResponses } } }, async (request) => {
    const viewer = requireViewer(request);
    return messagesRepo.settings(viewer.id);
  });

  route.put(
    "/messages/settings",
    { schema: { body: updateMessageSettingsSchema, response: { 200: messageSettingsSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      const before = await messagesRepo.settings(viewer.id);
      const saved = await messagesRepo.saveSettings(viewer.id, request.body, new Date().toISOString());
      ctx.live?.settingsChanged(viewer.id);
      if (before.onlineStatus !== saved.onlineStatus) await ctx.live?.presenceSettingChanged(viewer.id, saved.onlineStatus);
      return saved;
    },
  );
}
