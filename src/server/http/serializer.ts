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
 *
 * Each route compiles on its first response, not at registration: compiling every route's serializer took most of a
 * start's CPU (about half a second of it on 2 cores), time an instance joining a load balancer spends not ready.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (routeSchema) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compile(routeSchema))(data);
};

function compile(routeSchema: Parameters<FastifySerializerCompiler<ZodType>>[0]): (data: unknown) => string {
  try {
    const jsonSchema = z.toJSONSchema(routeSchema.schema, { target: "draft-7", io: "output", unrepresentable: "throw" });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    return (data) => stringify(data);
  } catch {
    return zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
  }
}
