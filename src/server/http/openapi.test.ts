import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiRoutes } from "@shared/contracts/routes";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";

const tableKeys = Object.values(apiRoutes).flatMap((routes) => Object.values(routes).map((route) => `${route.method} ${route.path}`));

describeEachDatabase("OpenAPI document", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("serves a valid OpenAPI 3.1 document at /api/openapi.json", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every route of the table, and Fastify serves every route of the table", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const tablePaths = tableKeys.map((key) => key.replace(/:(\w+)(\([^)]*\))?/g, "{$1}"));
    expect(documented.sort()).toEqual(tablePaths.sort());
    for (const key of tableKeys) expect(t.app.registeredRoutes).toContain(key);
  });

  it("serves a readable reference page at /api/docs naming every route", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    for (const route of Object.values(apiRoutes).flatMap((routes) => Object.values(routes))) {
      expect(response.body).toContain(route.path.replace(/:(\w+)(\([^)]*\))?/g, "{$1}"));
      expect(response.body).toContain(route.summary);
    }
  });
});

describeEachDatabase("route table", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("holds every API route Fastify serves (only the API's own description stands outside it)", () => {
    const selfDescribing = ["GET /api/openapi.json", "GET /api/docs"];
    const outside = t.app.registeredRoutes.filter((key) => !tableKeys.includes(key) && !selfDescribing.includes(key));
    expect(outside).toEqual([]);
  });
});
