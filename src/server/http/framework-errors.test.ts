import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "@shared/messages";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";

describeEachDatabase("errors raised by the router before any route runs", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("answers a bad percent-encoding under /media with a 400 in the platform's shape and the security headers", async () => {
    for (const url of ["/media/%E0%A4%A", "/media/uploads/%zz.png", "/api/users/%E0%A4%A"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: messages.badUrl, code: "bad_url" });
      // An API answer allows nothing as a document; a media path keeps the pages' policy (decision 0040).
      expect(response.headers["content-security-policy"], url).toContain(
        url.startsWith("/api/") ? "default-src 'none'" : "default-src 'self'",
      );
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
    }
  });

  it("answers an overlong path parameter with a 414 in the platform's shape and the security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/users/${"1".repeat(101)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: messages.urlTooLong, code: "url_too_long" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});
