import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.seedDemo).toBe(true);
    expect(config.iceServers).toHaveLength(2);
    expect(config.mediaDir.endsWith("media")).toBe(true);
  });

  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://localhost" }, "REDIS_URL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ ICE_SERVERS: "not json" }, "ICE_SERVERS"],
    [{ COOKIE_SECURE: "sometimes" }, "COOKIE_SECURE"],
    [{ TURN_URLS: "turn:turn.example.org:3478" }, "TURN_SECRET"],
    [{ TURN_URLS: "http://turn.example.org", TURN_SECRET: "a-long-enough-secret" }, "TURN_URLS"],
    [{ TURN_URLS: "turn:turn.example.org", TURN_SECRET: "short" }, "TURN_SECRET"],
    [{ ICE_TRANSPORT_POLICY: "relay" }, "ICE_TRANSPORT_POLICY"],
  ])("stops with one line naming the variable for %o", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(variable);
      expect(message.split("\n")).toHaveLength(1);
    }
  });

  it("reads ICE servers with TURN credentials", () => {
    const config = loadConfig({ ICE_SERVERS: '[{"urls":"turn:turn.example.org:3478","username":"u","credential":"c"}]' });
    expect(config.iceServers[0]).toEqual({ urls: "turn:turn.example.org:3478", username: "u", credential: "c" });
  });

  it("reads TURN's shared secret and URLs (comma-separated) with a default lifetime of four hours", () => {
    const config = loadConfig({
      TURN_URLS: "turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349",
      TURN_SECRET: "a-long-enough-secret",
      ICE_TRANSPORT_POLICY: "relay",
    });
    expect(config.turn).toEqual({
      urls: ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
      secret: "a-long-enough-secret",
      ttlMs: 4 * 3_600_000,
    });
    expect(config.iceTransportPolicy).toBe("relay");
    expect(loadConfig({}).turn).toBeUndefined();
  });
});
