import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "@shared/messages";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { registerMember } from "../test/factories";
import { contentSecurityPolicy } from "./security";

describeEachDatabase("security baseline", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, (app) =>
      app.get("/api/__explode", async () => {
        throw new Error("secret internal detail");
      }),
    );
  });
  afterAll(async () => t.close());

  it("sends the pages' security headers on every answer a browser may show as a document", async () => {
    for (const url of ["/healthz", "/api/docs", "/media/nothing-here.mp4"]) {
      const response = await t.app.inject({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBeDefined();
      expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
    }
  });

  it("sends an API answer, found or not, a policy that allows nothing (decision 0040)", async () => {
    for (const url of ["/api/auth/current", "/api/nothing-here", "/api/openapi.json"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["content-security-policy"], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
    }
  });

  it("sends HSTS only over https", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("refuses a state-changing request from a foreign origin", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "https://evil.example.com" },
      payload: { username: "someone", password: "Faithful123" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(messages.crossOrigin);
  });

  it("answers 400, not 500, to a state-changing request whose Host is malformed and whose origin must be compared", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "exa mple.org", origin: "http://exa mple.org" },
      payload: { username: "someone", password: "Faithful123" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.badHost, code: "bad_host" });
  });

  it("refuses a cross-site request that hides its origin", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "sec-fetch-site": "cross-site" },
      payload: { email: "a@example.org" },
    });
    expect(response.statusCode).toBe(403);
  });

  it("accepts the same request from our own origin", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { origin: "http://localhost:80", host: "localhost:80" },
      payload: { email: "friend@example.org" },
    });
    expect(response.statusCode).toBe(201);
  });

  it("refuses bodies that are neither JSON nor multipart with 415", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/plain" },
      payload: "username=a&password=b",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(messages.unsupportedMediaType);
    const form = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=a&password=b",
    });
    expect(form.statusCode).toBe(415);
  });

  it("answers an unexpected failure with a generic message and no stack, and keeps serving", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/__explode" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: messages.internal, code: "internal" });
    expect(response.body).not.toContain("secret internal detail");
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.notFound);
  });

  it("reports readiness when the database answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("ready");
  });

  it("never logs or returns a password or session id", async () => {
    const lines: string[] = [];
    const { buildApp } = await import("../app");
    const { Writable } = await import("node:stream");
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp(t.ctx, { logger: { level: "info", stream } });
    const member = await registerMember(logged, { password: "VerySecret123" });
    await logged.inject({ method: "POST", url: "/api/auth/login", payload: { username: member.username, password: "WrongSecret123" } });
    await logged.inject({ method: "POST", url: "/api/auth/login", payload: { username: member.username, password: "VerySecret123" } });
    await logged.close();
    const text = lines.join("\n");
    expect(text).toContain("sign_in_failed");
    expect(text).toContain('"event":"sign_in"');
    expect(text).not.toContain("VerySecret123");
    expect(text).not.toContain("WrongSecret123");
    expect(text).not.toContain(member.cookie.slice(4));
  });
});

it("lets pages call the SFU's public origin, and only with an SFU configured", () => {
  const sfu = { janusUrl: "http://10.0.0.20:8088/janus", publicUrl: "https://sfu.church.test/janus", adminKey: "k", videoThreshold: 4 };
  expect(contentSecurityPolicy({ sfu }).split("; ")).toContain("connect-src 'self' https://sfu.church.test");
  expect(contentSecurityPolicy({}).split("; ")).toContain("connect-src 'self'");
});
