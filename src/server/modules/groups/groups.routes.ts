import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema } from "@shared/contracts/common";
import { groupListSchema, groupSchema } from "@shared/contracts/groups";
import { conversationQuerySchema, messageListSchema } from "@shared/contracts/messages";
import type { AppContext } from "../../context";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { getViewer, requireViewer } from "../auth/session";
import { presentMessage } from "../messages/messages.presenter";
import { createMessagesRepository, decodeMessageCursor, encodeMessageCursor } from "../messages/messages.repository";
import { createGroupsRepository } from "./groups.repository";

const groupMessagesQuerySchema = conversationQuerySchema.pick({ limit: true, cursor: true });

export async function groupsRoutes(app: FastifyInstance, ctx: AppContext) {
  const groups = createGroupsRepository(ctx.db);
  const messagesRepo = createMessagesRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();

  const findGroup = async (groupId: number, viewerId: number | null) => {
    const group = (await groups.list(viewerId)).find((candidate) => candidate.id === groupId);
    if (!group) throw notFound("That group does not exist.");
    return group;
  };

  route.get("/groups", { schema: { response: { 200: groupListSchema, ...errorResponses } } }, async (request) => {
    return groups.list(getViewer(request)?.id ?? null);
  });

  route.post(
    "/groups/:id/join",
    { schema: { params: idParamsSchema, response: { 200: groupSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!(await groups.exists(request.params.id))) throw notFound("That group does not exist.");
      if (await groups.join(request.params.id, viewer.id, new Date().toISOString())) {
        request.log.info({ event: "group_joined", groupId: request.params.id, userId: viewer.id }, "member joined a group");
        await ctx.live?.memberJoinedGroup(viewer.id, request.params.id);
      }
      return findGroup(request.params.id, viewer.id);
    },
  );

  route.post(
    "/groups/:id/leave",
    { schema: { params: idParamsSchema, response: { 200: groupSchema, ...errorResponses } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!(await groups.exists(request.params.id))) throw notFound("That group does not exist.");
      await groups.leave(request.params.id, viewer.id);
      await ctx.live?.memberLeftGroup(viewer.id, request.params.id);
      return findGroup(request.params.id, viewer.id);
    },
  );

  route.get(
    "/groups/:id/messages",
    { schema: { params: idParamsSchema, querystring: groupMessagesQuerySchema, response: { 200: messageListSchema, ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const groupId = request.params.id;
      if (!(await groups.exists(groupId))) throw notFound("That group does not exist.");
      if (!(await groups.isMember(groupId, viewer.id))) throw forbidden("Join this group to read its messages.");
      const { limit, cursor } = request.query;
      const position = cursor ? decodeMessageCursor(cursor) : null;
      if (cursor && !position) throw badRequest("Invalid cursor.");
      const rows = await messagesRepo.groupMessages(groupId, { limit: limit + 1, cursor: position });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        const next = new URLSearchParams({ limit: String(limit), cursor: encodeMessageCursor(last) });
        reply.header("x-next-cursor", next.get("cursor")!);
        reply.header("link", `</api/groups/${groupId}/messages?${next}>; rel="next"`);
      }
      if (!cursor) await groups.markRead(groupId, viewer.id, new Date().toISOString());
      return page.reverse().map((row) => presentMessage(row));
    },
  );
}
