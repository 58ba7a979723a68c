import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RouteContract } from "@shared/contracts/route";
import { apiRoutes } from "@shared/contracts/routes";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";
import { validInput } from "../test/valid-input";

/** Path segments sent as they are: broken percent-encodings and escapes a client can put on the wire. */
const rawSegments = ["%E0%A4%A", "%00", "%", "..%2F..%2Fetc", "%C0%AF", "1%20OR%201"];

/** Values that have broken servers: NUL and other control characters, huge and negative numbers, odd unicode, wrong types. */
const hostileText = fc.oneof(
  fc.constantFrom(...rawSegments),
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

/**
 * Input for a route: a valid body and query (from the route's own schemas) with one field replaced by a hostile
 * value, or with a NUL slipped into one of its text fields, so the bad value gets past the other fields' checks
 * and reaches the service and the database; or, now and then, any JSON at all.
 */
function inputFor(route: RouteContract) {
  const params = fc.record(
    Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, fc.oneof(fc.constant("1"), hostileText)])),
  );
  const mutate = (valid: Record<string, unknown>) => {
    const keys = Object.keys(valid);
    const textKeys = keys.filter((key) => typeof valid[key] === "string");
    const variants: fc.Arbitrary<unknown>[] = [fc.constant(valid)];
    if (keys.length) variants.push(fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => ({ ...valid, [key]: value })));
    if (textKeys.length)
      variants.push(
        fc.constantFrom(...textKeys).map((key) => {
          const text = String(valid[key]);
          const middle = Math.floor(text.length / 2);
          return { ...valid, [key]: `${text.slice(0, middle)}\u0000${text.slice(middle + 1)}` };
        }),
      );
    return fc.oneof(...variants);
  };
  const body = fc.oneof({ weight: 4, arbitrary: mutate(validInput(route.body)) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
  const query = mutate(validInput(route.query)).map((value) =>
    Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, typeof item === "string" ? item : JSON.stringify(item)]),
    ),
  );
  return fc.record({ params, query, body, signedIn: fc.boolean() });
}

/** A URL-safe form of any generated text (a lone surrogate has no UTF-8 form, so it is replaced first). */
const encode = (text: string) => (rawSegments.includes(text) ? text : encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd")));

function urlOf(route: RouteContract, params: Record<string, string>, query: Record<string, string>) {
  const path = route.path.replace(/:(\w+)(\([^)]*\))?/g, (_, name: string) => encode(params[name] ?? ""));
  const search = Object.entries(query)
    .map(([key, value]) => `${key}=${encode(value)}`)
    .join("&");
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

  it.each(routes)("$name never answers 5xx, and every refusal is the platform's JSON error", async ({ name, route }) => {
    // Routes that hash or check a password run argon2 for every request: fewer runs keep the suite quick.
    const numRuns = /auth|password|deletion/.test(route.path) ? 10 : 30;
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
  });
});
