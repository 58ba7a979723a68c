import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "@shared/contracts/contact";
import { messages } from "@shared/messages";
import { ConfigError, loadConfig } from "../config";
import { contactThrottle } from "../modules/contact/contact.service";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { registerMember } from "../test/factories";

// The proxy in front of the server is at the socket's address (light-my-request's default, 127.0.0.1); the addresses
// below only ever appear inside X-Forwarded-For headers.
const PROXY = "127.0.0.1";

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["1", { hops: 1 }],
    ["2", { hops: 2 }],
    ["127.0.0.1", { addresses: ["127.0.0.1"] }],
    ["127.0.0.1, 10.0.0.0/8, ::1, fd00::/8, loopback", { addresses: ["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8", "loopback"] }],
  ])("reads %s", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it("refuses true, which would believe any X-Forwarded-For, and says what to give instead", () => {
    for (const value of ["true", "yes"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY.*number of proxies.*addresses/);
    }
  });

  it.each(["banana", "10.0.0.0/33", "1.2.3", "127.0.0.1,", "-1"])("refuses %s with one line naming the variable", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY [^\n]+$/);
  });
});

describeEachDatabase("client address behind a proxy", (dialect) => {
  const apps: TestApp[] = [];
  const build = async (trustProxy?: string) => {
    const t = await buildTestApp(dialect, trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }, (app) =>
      app.get("/api/__ip", async (request) => ({ ip: request.ip, protocol: request.protocol })),
    );
    apps.push(t);
    return t;
  };
  let oneHop: TestApp;
  beforeAll(async () => {
    oneHop = await build("1");
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  const ipOf = async (t: TestApp, headers: Record<string, string>, remoteAddress = PROXY) =>
    (await t.app.inject({ method: "GET", url: "/api/__ip", headers, remoteAddress })).json().ip as string;

  it("with TRUST_PROXY=1 takes the entry the proxy appended, whatever the client wrote before it", async () => {
    expect(await ipOf(oneHop, { "x-forwarded-for": "192.0.2.10" })).toBe("192.0.2.10");
    expect(await ipOf(oneHop, { "x-forwarded-for": "198.51.100.66, 192.0.2.10" })).toBe("192.0.2.10");
    expect(await ipOf(oneHop, { "x-forwarded-for": "1.1.1.1, 8.8.8.8,198.51.100.66 , 192.0.2.10" })).toBe("192.0.2.10");
    expect(await ipOf(oneHop, {})).toBe(PROXY);
  });

  it("with TRUST_PROXY=2 skips exactly two proxies", async () => {
    const twoHops = await build("2");
    expect(await ipOf(twoHops, { "x-forwarded-for": "198.51.100.66, 192.0.2.10, 192.0.2.200" })).toBe("192.0.2.10");
  });

  it("with proxy addresses believes X-Forwarded-For only from those proxies", async () => {
    const listed = await build(`${PROXY}, 10.0.0.0/8`);
    expect(await ipOf(listed, { "x-forwarded-for": "198.51.100.66, 192.0.2.10" })).toBe("192.0.2.10");
    expect(await ipOf(listed, { "x-forwarded-for": "192.0.2.10" }, "192.0.2.99")).toBe("192.0.2.99");
  });

  it("without TRUST_PROXY ignores X-Forwarded-For and X-Forwarded-Proto", async () => {
    const direct = await build();
    expect(await ipOf(direct, { "x-forwarded-for": "192.0.2.10" })).toBe(PROXY);
    const answer = await direct.app.inject({ method: "GET", url: "/api/__ip", headers: { "x-forwarded-proto": "https" } });
    expect(answer.json().protocol).toBe("http");
  });

  it("spoofed X-Forwarded-For entries do not escape the contact throttle", async () => {
    const message = { name: "Spoofer", email: "spoof@example.org", subject: "Hello", message: "Many messages from one place." };
    const answers = [];
    for (let i = 0; i < contactThrottle.limit + 3; i++) {
      answers.push(
        await oneHop.app.inject({
          method: "POST",
          url: "/api/contact",
          headers: { "x-forwarded-for": `198.51.100.${i + 1}, 192.0.2.20` },
          payload: message,
        }),
      );
    }
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes).toEqual([...Array<number>(contactThrottle.limit).fill(201), 429, 429, 429]);
    expect(answers.at(-1)?.json().message).toBe(contactMessages.tooMany);
  });

  it("spoofed X-Forwarded-For entries do not escape the sign-in throttle", async () => {
    const member = await registerMember(oneHop.app);
    const codes = [];
    for (let i = 0; i < 8; i++) {
      const answer = await oneHop.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-forwarded-for": `198.51.100.${i + 1}, 192.0.2.30` },
        payload: { username: member.username, password: "Wrong12345" },
      });
      codes.push(answer.statusCode);
      if (answer.statusCode === 429) expect(answer.json().message).toBe(messages.tooManyAttempts);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});
