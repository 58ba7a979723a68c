import { type ZodType, z } from "zod";
import { errorSchema } from "@shared/contracts/common";
import type { RouteContract } from "@shared/contracts/route";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a request takes it or a response gives it. */
function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const statusText: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No content",
  400: "Invalid input, with the spec's message",
  401: "Not signed in",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Too large",
  429: "Throttled; Retry-After says when to try again",
};

function parameters(schema: ZodType | undefined, location: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema, "input");
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    schema: property,
  }));
}

function operation(domain: string, name: string, route: RouteContract) {
  const status = route.status ?? 200;
  const errors = [400, 401, 403, 404, 409, 429, ...(route.multipart ? [413] : [])];
  const success =
    status === 204
      ? { description: statusText[204] }
      : {
          description: statusText[status],
          content: { [route.contentType ?? "application/json"]: { schema: jsonSchema(route.response, "output") } },
          ...(route.paginated
            ? {
                headers: {
                  Link: { description: 'The next page: `<url>; rel="next"`', schema: { type: "string" } },
                  "X-Next-Cursor": { description: "The next page's cursor", schema: { type: "string" } },
                },
              }
            : {}),
        };
  return {
    operationId: `${domain}.${name}`,
    tags: [domain],
    summary: route.summary,
    "x-access": route.access,
    ...(route.access === "public" ? {} : { security: [{ session: [] }] }),
    parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [route.multipart ? "multipart/form-data" : "application/json"]: { schema: jsonSchema(route.body, "input") } },
          },
        }
      : {}),
    responses: {
      [status]: success,
      ...Object.fromEntries(
        errors.map((code) => [
          code,
          { description: statusText[code], content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of the route table. */
export function buildOpenApiDocument(table: Record<string, Record<string, RouteContract>>, version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [domain, routes] of Object.entries(table)) {
    for (const [name, route] of Object.entries(routes)) {
      const path = route.path.replace(/:(\w+)(\([^)]*\))?/g, "{$1}");
      paths[path] ??= {};
      paths[path][route.method.toLowerCase()] = operation(domain, name, route);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Gathering API",
      version,
      description:
        "The API of the church media and community platform. Every body is JSON; errors answer `{ message, code?, issues? }`. " +
        "Signed-in calls carry the `sid` session cookie; state-changing calls must come from the site's own origin.",
    },
    paths,
    components: {
      schemas: { Error: jsonSchema(errorSchema, "output") },
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "sid" } },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** A readable reference page of the document: every route by domain, with its parameters, body and answer. */
export function renderReferencePage(document: OpenApiDocument): string {
  const sections = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const op = value as ReturnType<typeof operation>;
      const tag = op.tags[0] ?? "other";
      const success = Object.entries(op.responses)[0];
      const successSchema = (success?.[1] as { content?: Record<string, { schema: unknown }> }).content?.["application/json"]?.schema;
      const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
      const params = op.parameters
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ", required" : ""})</li>`)
        .join("");
      const html = `<section class="op" id="${escapeHtml(op.operationId)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
  <p>${escapeHtml(op.summary)} <span class="access">${escapeHtml(op["x-access"])}</span></p>
  ${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
  ${body ? `<details><summary>Body (${escapeHtml(body[0])})</summary><pre>${escapeHtml(JSON.stringify(body[1].schema, null, 2))}</pre></details>` : ""}
  <details><summary>Answer ${escapeHtml(success?.[0] ?? "")}</summary><pre>${escapeHtml(JSON.stringify(successSchema ?? null, null, 2))}</pre></details>
</section>`;
      sections.set(tag, [...(sections.get(tag) ?? []), html]);
    }
  }
  const nav = [...sections.keys()].map((tag) => `<a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join(" · ");
  const body = [...sections.entries()]
    .map(([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join("\n")}`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1f2937}
code,pre{font-family:ui-monospace,monospace}pre{background:#f3f4f6;padding:.75rem;overflow:auto;border-radius:.5rem;font-size:13px}
.op{border-top:1px solid #e5e7eb;padding:.5rem 0}.method{display:inline-block;min-width:4.5rem;font-size:.8rem;font-weight:700;padding:.1rem .4rem;border-radius:.3rem;background:#e0e7ff;color:#3730a3}
.method.post{background:#dcfce7;color:#166534}.method.delete{background:#fee2e2;color:#991b1b}.method.patch,.method.put{background:#fef3c7;color:#92400e}
.access{font-size:.8rem;color:#6b7280;border:1px solid #d1d5db;border-radius:1rem;padding:0 .5rem}nav{margin:1rem 0}
</style></head><body>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)} The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav aria-label="Domains">${nav}</nav>
<main>${body}</main>
</body></html>`;
}
