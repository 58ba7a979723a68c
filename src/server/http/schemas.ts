import { errorSchema } from "@shared/contracts/common";

/** The error answers every route may give, for its response schema. */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
} as const;
