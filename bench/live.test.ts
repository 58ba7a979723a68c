import { describe, expect, it } from "vitest";
import { freePort } from "../src/server/test/processes";
import { SMOKE, measureLiveLink } from "./live";

describe("live link, short (npm run bench:link holds 10,000 sockets and storms 1,000)", () => {
  it("holds every socket, and through a reconnect storm every member comes back and no message is lost", { timeout: 240_000 }, async () => {
    const result = await measureLiveLink(SMOKE, { app: await freePort(), baseline: await freePort() });
    expect(result.rows, "the smoke measures the connections too").toBeDefined();
    const [hub] = result.rows!;
    const report = JSON.stringify(hub);
    expect(hub.held, report).toBe(SMOKE.connections);
    expect(hub.delivered, report).toBe(hub.sent);
    expect(hub.storm.reconnected, report).toBe(SMOKE.storm);
    // Every message written while the storm raged was stored (acknowledged), and the chat beside it all arrived.
    expect(hub.storm.written, report).toBe(SMOKE.storm);
    expect(hub.storm.acknowledged, report).toBe(hub.storm.written);
    expect(hub.storm.steadyDelivered, report).toBe(hub.storm.steadySent);
    // Every room message reached every other member, on the hub and on the relay.
    for (const room of result.fanOut.rows) expect(room.delivered, JSON.stringify(result.fanOut)).toBe(room.expected);
    expect(result.fanOut.rows[0].expected).toBeGreaterThan(0);
  });
});
