import { type ZodType, z } from "zod";

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

const patternCandidates = [
  "ABC123",
  "AbCdEfGhIjKlMnOpQrStUvWx0123456789",
  "AbCdEfGhIjKlMnOpQrStUv",
  "BKx".repeat(29),
  "Amazing Grace 2026",
  "https://example.org/a.png",
  "2026-05-01",
  "#38bdf8",
  "amazing-grace",
  "broadcast:1",
  "en-US",
  "a",
];
const prose = "Amazing grace how sweet the sound that saved a wretch like me";

function validString(schema: JsonSchema, preferred: string[] = []): string {
  switch (schema.format) {
    case "email":
      return "member@example.org";
    case "uri":
    case "url":
      return "https://example.org/";
    case "date-time":
      return "2026-05-01T10:00:00.000Z";
    case "date":
      return "2026-05-01";
  }
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)]
    .filter((pattern): pattern is string => !!pattern)
    .map((pattern) => new RegExp(pattern));
  const length = Math.min(Math.max(schema.minLength ?? 0, 24), schema.maxLength ?? Infinity);
  const sentence = prose.repeat(Math.ceil(length / prose.length) || 1).slice(0, length);
  const fits = (candidate: string) =>
    patterns.every((pattern) => pattern.test(candidate)) &&
    candidate.length >= (schema.minLength ?? 0) &&
    candidate.length <= (schema.maxLength ?? Infinity);
  return [...preferred, sentence, ...patternCandidates].find(fits) ?? sentence;
}

/** A value that a JSON Schema (as zod writes it) accepts: the starting point the property test mutates one field of. */
export function validValue(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? (schema.type ? undefined : schema.allOf?.[0]);
  if (variant) return validValue(variant);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return validString(schema);
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1, 1) <= (schema.maximum ?? Infinity)
        ? Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1, 1)
        : schema.maximum;
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items));
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) =>
          // An end must come after a start: the one cross-field rule a schema can't describe.
          [
            key,
            property.format === "date-time" && /^end/i.test(key)
              ? "2026-05-01T12:00:00.000Z"
              : // A format checked after a transform (trim, then email) is not in the input's JSON Schema.
                property.type === "string" && /email/i.test(key)
                ? "member@example.org"
                : // So is a URL checked with a custom protocol.
                  property.type === "string" && /(url|endpoint)$/i.test(key)
                  ? validString(property, ["https://example.org/a.png"])
                  : // A transcript's text must look like its format (WebVTT or SRT): this one is both.
                    property.type === "string" && key === "text" && schema.properties?.format
                    ? "WEBVTT\n\n1\n00:00:00,000 --> 00:00:02,000\nAmazing grace how sweet the sound"
                    : validValue(property),
          ],
        ),
      );
    default:
      return schema.default ?? null;
  }
}

/** A valid value for a zod schema's input, when JSON Schema can describe it. */
export function validInput(schema: ZodType | undefined): Record<string, unknown> {
  if (!schema) return {};
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const value = validValue(json);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
