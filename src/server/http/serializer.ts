import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

/**
 * Serializes responses with fast-json-stringify compiled from each route's zod response schema.
 * Like the zod serializer it writes only the fields the schema names (a presenter's guarantee that a
 * password hash or another member's email never leaves), but it doesn't re-validate every response,
 * which cost more than the query on list endpoints. A schema JSON Schema can't express falls back to
 * the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (routeSchema) => {
  try {
    const jsonSchema = z.toJSONSchema(routeSchema.schema, { target: "draft-7", io: "output", unrepresentable: "throw" });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    return (data) => stringify(data);
  } catch {
    return zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
  }
};
