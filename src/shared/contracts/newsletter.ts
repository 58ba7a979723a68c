import { z } from "zod";
import { newsletterSchema } from "./auth";
import { defineRoute } from "./route";

export { newsletterSchema };
export const newsletterResultSchema = z.object({ subscribed: z.literal(true) });

/** The newsletter module's routes. */
export const newsletterRoutes = {
  subscribe: defineRoute({
    method: "POST",
    path: "/api/newsletter",
    summary: "Subscribe an email address to the newsletter (once, whatever its letter case)",
    access: "public",
    body: newsletterSchema,
    status: 201,
    response: newsletterResultSchema,
  }),
};
