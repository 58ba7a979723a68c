import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  contactListQuerySchema,
  contactMessageSchema,
  contactMessages,
  contactParamsSchema,
  contactReceiptSchema,
  createContactSchema,
} from "@shared/contracts/contact";
import type { AppContext } from "../../context";
import { forbidden, notFound, tooManyRequests } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { policies } from "../../policies";
import { getViewer, requireViewer } from "../auth/session";
import { createContactRepository } from "./contact.repository";
import { createSendThrottle } from "./send-throttle";

/** Messages to the church office: anyone may send; admins read the inbox and mark messages handled. */
export async function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  const contact = createContactRepository(ctx.db);
  const throttle = createSendThrottle();
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    "/contact",
    { schema: { body: createContactSchema, response: { 201: contactReceiptSchema, ...errorResponses } } },
    async (request, reply) => {
      const retryAfterMs = throttle.take(request.ip, Date.now());
      if (retryAfterMs > 0) {
        request.log.info({ event: "contact_throttled" }, "contact form throttled");
        throw tooManyRequests(contactMessages.tooMany, retryAfterMs / 1000);
      }
      const receipt = await contact.insert({
        ...request.body,
        userId: getViewer(request)?.id ?? null,
        createdAt: new Date().toISOString(),
        handledAt: null,
      });
      request.log.info({ event: "contact_received", contactId: receipt.id }, "contact message received");
      return reply.code(201).send(receipt);
    },
  );

  route.get(
    "/contact",
    { schema: { querystring: contactListQuerySchema, response: { 200: z.array(contactMessageSchema), ...errorResponses } } },
    async (request) => {
      if (!policies.moderate(requireViewer(request))) throw forbidden();
      return contact.list(request.query.status, request.query.limit);
    },
  );

  route.post(
    "/contact/:id/handled",
    { schema: { params: contactParamsSchema, response: { 200: contactMessageSchema, ...errorResponses } } },
    async (request) => {
      if (!policies.moderate(requireViewer(request))) throw forbidden();
      const message = await contact.markHandled(request.params.id, new Date().toISOString());
      if (!message) throw notFound(contactMessages.notFound);
      return message;
    },
  );
}
