import type { FastifyInstance } from "fastify";
import { newsletterRoutes as routes } from "@shared/contracts/newsletter";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { createNewsletterRepository } from "./newsletter.repository";

/** The newsletter sign-up: no rules beyond the contract's, so the route stores the address itself. */
export async function newsletterRoutes(app: FastifyInstance, ctx: AppContext) {
  const newsletter = createNewsletterRepository(ctx.db);

  mount(app, routes.subscribe, async (request) => {
    await newsletter.subscribe(request.body.email, ctx.clock.iso());
    return { subscribed: true as const };
  });
}
