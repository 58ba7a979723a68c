import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { newsletterResultSchema, newsletterSchema } from "@shared/contracts/newsletter";
import type { AppContext } from "../../context";
import { isUniqueViolation } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { createNewsletterRepository } from "./newsletter.repository";

export async function newsletterRoutes(app: FastifyInstance, ctx: AppContext) {
  const newsletter = createNewsletterRepository(ctx.db);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    "/newsletter",
    { schema: { body: newsletterSchema, response: { 201: newsletterResultSchema, ...errorResponses } } },
    async (request, reply) => {
      try {
        await newsletter.subscribe(request.body.email, new Date().toISOString());
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      return reply.code(201).send({ subscribed: true as const });
    },
  );
}
