import { z } from "zod";
import { newsletterSchema } from "./auth";

export { newsletterSchema };
export const newsletterResultSchema = z.object({ subscribed: z.literal(true) });
