import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { notificationMessages } from "@shared/contracts/notifications";
import { prayerMessages } from "@shared/contracts/prayer";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { pushSubscribeThrottle } from "../notifications/push.service";
import { prayerReportThrottle } from "../prayer/prayer.service";

/** A device subscription as a browser's pushManager.subscribe() makes it. */
function device() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.org/${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** Abuse limits per member on push devices and prayer reports (decision 0022): 429 with Retry-After, then again after the window. */
describeEachDatabase("per-member throttles", (dialect) => {
  let t: TestApp;
  let ruth: Member;
  let boaz: Member;
  const clock = createManualClock(Date.parse("2026-03-02T09:00:00.000Z"));
  const call = (member: Member, method: "POST" | "GET", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: member.cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    ruth = await registerMember(t.app, { displayName: "Ruth" });
    boaz = await registerMember(t.app, { displayName: "Boaz" });
    // Established members: their wall requests are published at once, not held for review.
    await t.ctx.db.updateTable("users").set({ createdAt: "2025-01-01T00:00:00.000Z" }).execute();
  });
  afterAll(async () => t.close());

  it("caps the push devices one member registers an hour, not another member's", async () => {
    for (let i = 0; i < pushSubscribeThrottle.limit; i += 1) {
      expect((await call(ruth, "POST", "/api/push/subscriptions", device())).statusCode).toBe(204);
    }
    const refused = await call(ruth, "POST", "/api/push/subscriptions", device());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(notificationMessages.pushTooMany);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await call(boaz, "POST", "/api/push/subscriptions", device())).statusCode).toBe(204);
    const stored = await t.ctx.db.selectFrom("push_subscriptions").select("id").where("userId", "=", ruth.user.id).execute();
    expect(stored).toHaveLength(pushSubscribeThrottle.limit);
    clock.advance(pushSubscribeThrottle.windowMs);
    expect((await call(ruth, "POST", "/api/push/subscriptions", device())).statusCode).toBe(204);
  });

  it("caps the prayer reports one member files an hour", async () => {
    const ids: number[] = [];
    for (let i = 0; i <= prayerReportThrottle.limit; i += 1) {
      const asked = await call(boaz, "POST", "/api/prayer", { content: `Request ${i}`, visibility: "wall" });
      expect(asked.statusCode).toBe(201);
      ids.push(asked.json().id);
    }
    for (const id of ids.slice(0, prayerReportThrottle.limit)) {
      expect((await call(ruth, "POST", `/api/prayer/${id}/report`, { reason: "spam" })).statusCode).toBe(201);
    }
    const refused = await call(ruth, "POST", `/api/prayer/${ids.at(-1)}/report`, { reason: "spam" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(prayerMessages.tooManyReports);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const filed = await t.ctx.db.selectFrom("prayer_reports").select("id").where("reporterId", "=", ruth.user.id).execute();
    expect(filed).toHaveLength(prayerReportThrottle.limit);
    clock.advance(prayerReportThrottle.windowMs);
    expect((await call(ruth, "POST", `/api/prayer/${ids.at(-1)}/report`, { reason: "spam" })).statusCode).toBe(201);
  });
});
