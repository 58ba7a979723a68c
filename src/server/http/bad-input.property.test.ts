import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ZodType, z } from "zod";
import type { RouteContract } from "@shared/contracts/route";
import { apiRoutes } from "@shared/contracts/routes";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";

/** Values that have broken servers: NUL and other control characters, huge and negative numbers, odd unicode, wrong types. */
const hostileText = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "2147483648", "-1", "0", "1e309", "9".repeat(40), "%00", "' or 1=1 --", "\ud800", "𝔊𝔯𝔞𝔠𝔢", ""),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(2147483648, -1, 0, 1.5, Number.MAX_SAFE_INTEGER, 1e308, true, null, [], {}),
  fc.integer(),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileText, { maxKeys: 3 }),
);

/** The keys a route's object schema names, so generated input hits real fields as well as unknown ones. */
function keysOf(schema: ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function inputFor(route: RouteContract) {
  const params = fc.record(Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, hostileText])));
  const query = fc.record(Object.fromEntries(keysOf(route.query).map((key) => [key, hostileText])), { requiredKeys: [] });
  const fields = keysOf(route.body);
  const body = fc.oneof(
    fc.record(Object.fromEntries(fields.map((key) => [key, hostileValue])), { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  return fc.record({ params, query, body, signedIn: fc.boolean() });
}

function urlOf(route: RouteContract, params: Record<string, string>, query: Record<string, string>) {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const routes = Object.entries(apiRoutes).flatMap(([domain, table]) =>
  Object.entries(table).map(([name, route]) => ({ name: `${domain}.${name}`, route: route as RouteContract })),
);

describeEachDatabase("every route under generated bad input", (dialect) => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    member = await registerMember(t.app);
  });
  afterAll(async () => t.close());

  it("never answers 5xx, and every refusal is the platform's JSON error", async () => {
    for (const { name, route } of routes) {
      // Routes that hash a password run argon2 for every request: fewer runs keep the suite quick.
      const numRuns = /auth|password/.test(route.path) ? 8 : 25;
      await fc.assert(
        fc.asyncProperty(inputFor(route), async ({ params, query, body, signedIn }) => {
          const response = await t.app.inject({
            method: route.method,
            url: urlOf(route, params, query as Record<string, string>),
            headers: signedIn ? { cookie: member.cookie } : {},
            ...(route.method === "GET" || route.method === "DELETE"
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: { "content-type": "application/json", ...(signedIn ? { cookie: member.cookie } : {}) },
                }),
          });
          expect(response.statusCode, `${name} ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(typeof response.json().message, name).toBe("string");
        }),
        { numRuns },
      );
    }
  });
});
