import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createContext } from "../context";
import type { Database } from "../db/database";
import { describeEachDatabase, openTestDatabase, sessionCookie } from "../test/app";
import { TEST_PASSWORD } from "../test/factories";
import { pageDataUrls } from "@shared/page-data";

/** The JSON block the page carries, read back as the web app reads it. */
function initialState(page: string): {
  user: unknown;
  data: Record<string, { body: unknown; nextCursor: string | null }>;
  renderedAt?: number;
} {
  const match = /<script type="application\/json" id="initial-state">(.*?)<\/script>/s.exec(page);
  if (!match?.[1]) throw new Error("the page has no initial state");
  return JSON.parse(match[1]);
}

describeEachDatabase("the app's page", (dialect) => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let close: () => Promise<void>;
  let database: Database;

  beforeAll(async () => {
    const test = await openTestDatabase(dialect);
    database = test.database;
    drop = test.drop;
    const webDir = path.join(test.dataDir, "web");
    fs.mkdirSync(webDir, { recursive: true });
    fs.writeFileSync(
      path.join(webDir, "index.html"),
      // As the build writes it: the entry, and what the entry imports, preloaded.
      `<!doctype html><html><head><title>Gathering</title><script type="module" crossorigin src="/assets/index-a1.js"></script>` +
        `<link rel="modulepreload" crossorigin href="/assets/react-b2.js"></head><body><div id="root"></div></body></html>`,
    );
    // A build's manifest: the entry, the app's shell it imports once it has run, the home page and files they share.
    fs.mkdirSync(path.join(webDir, ".vite"));
    fs.writeFileSync(
      path.join(webDir, ".vite", "manifest.json"),
      JSON.stringify({
        "main.tsx": { file: "assets/index-a1.js", isEntry: true, imports: ["_react"], dynamicImports: ["app.tsx"] },
        _react: { file: "assets/react-b2.js" },
        "app.tsx": { file: "assets/app-e5.js", isDynamicEntry: true, imports: ["_react", "_query"] },
        _query: { file: "assets/query-f6.js", imports: ["_react"] },
        _card: { file: "assets/card-c3.js", imports: ["_react"] },
        "features/home/home-page.tsx": { file: "assets/home-page-d4.js", isDynamicEntry: true, imports: ["_card", "_query", "_react"] },
      }),
    );
    // A build's render of the first screen (the web's entry-server.tsx): it draws who the state says is signed in,
    // and fails on one path, as a page whose render throws would.
    fs.mkdirSync(path.join(test.dataDir, "ssr"));
    fs.writeFileSync(
      path.join(test.dataDir, "ssr", "entry-server.js"),
      `export async function render(url, state) {
        if (url.includes("broken")) throw new Error("this page cannot be drawn");
        return '<main data-drawn="' + encodeURIComponent(url) + '">' + (state.user ? "member " + state.user.id : "visitor") + ", " + Object.keys(state.data).length + " answers</main>";
      }`,
    );
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: test.dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" });
    app = await buildApp(createContext(config, test.database), { webDir });
    close = async () => {
      await app.close();
      await test.database.close();
    };
  });
  afterAll(async () => {
    await close();
    await drop();
  });

  const register = async (displayName: string) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        username: `m_${Math.random().toString(36).slice(2, 10)}`,
        displayName,
        email: `${Math.random().toString(36).slice(2, 10)}@example.org`,
        password: TEST_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(201);
    return { cookie: sessionCookie(response), user: response.json() as { id: number; displayName: string } };
  };

  it("tells a visitor's page that nobody is signed in, so it asks for no session", async () => {
    const before = Date.now();
    const page = await app.inject({ method: "GET", url: "/community" });
    // When it was made: the browser's first render counts "5 minutes ago" from it, as the server's did.
    expect(initialState(page.body).renderedAt).toBeGreaterThanOrEqual(before);
    expect(initialState(page.body).renderedAt).toBeLessThanOrEqual(Date.now());
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache, private");
    expect(page.headers.vary).toMatch(/cookie/);
    expect(initialState(page.body).user).toBeNull();
  });

  it("gives a member's page the same member the session answer gives", async () => {
    const { cookie, user } = await register("Ruth Member");
    const page = await app.inject({ method: "GET", url: "/", headers: { cookie } });
    const current = await app.inject({ method: "GET", url: "/api/auth/current", headers: { cookie } });
    expect(current.statusCode).toBe(200);
    expect(initialState(page.body).user).toEqual(current.json());
    expect((initialState(page.body).user as { id: number }).id).toBe(user.id);
  });

  it("keeps a name that looks like markup inside the JSON block", async () => {
    const { cookie } = await register("</script><script>alert(1)</script><!--");
    const page = await app.inject({ method: "GET", url: "/settings", headers: { cookie } });
    expect(page.body).not.toContain("<script>alert(1)");
    // The entry's and the JSON block's.
    expect(page.body.match(/<script/g)).toHaveLength(2);
    expect((initialState(page.body).user as { displayName: string }).displayName).toBe("</script><script>alert(1)</script><!--");
  });

  it("treats an expired or forged session cookie as a visitor", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { cookie: "sid=forged" } });
    expect(page.statusCode).toBe(200);
    expect(initialState(page.body).user).toBeNull();
  });

  it("carries the answers of the first screen's reads, the same as asking for them, with a list's next cursor", async () => {
    const { cookie } = await register("Lydia Member");
    for (let index = 0; index < 3; index++) {
      const created = await app.inject({ method: "POST", url: "/api/posts", headers: { cookie }, payload: { content: `Grace ${index}` } });
      expect(created.statusCode).toBe(201);
    }
    const page = await app.inject({ method: "GET", url: "/?from=home", headers: { cookie } });
    const { data } = initialState(page.body);
    expect(Object.keys(data).sort()).toEqual(pageDataUrls("/", true).sort());
    for (const url of pageDataUrls("/", true)) {
      const direct = await app.inject({ method: "GET", url, headers: { cookie } });
      // The live state's clock reading is the one thing that differs between two reads.
      const { serverTime: _carried, ...carried } = data[url]?.body as Record<string, unknown>;
      const { serverTime: _read, ...read } = direct.json<Record<string, unknown>>();
      expect(carried, url).toEqual(read);
    }
    // Two posts of three: the page carries the cursor the header would have given.
    expect(data["/api/posts?limit=2"]?.nextCursor).toEqual(expect.any(String));
    // A member's community page carries a member's reads; a visitor's, a visitor's.
    expect(Object.keys(initialState((await app.inject({ method: "GET", url: "/community", headers: { cookie } })).body).data)).toContain(
      "/api/community/stats",
    );
    expect(Object.keys(initialState((await app.inject({ method: "GET", url: "/community" })).body).data)).not.toContain(
      "/api/community/stats",
    );
  });

  it("has a drawn page's scripts asked for after its first paint: the entry, what it imports, the shell and the page's own files", async () => {
    const home = await app.inject({ method: "GET", url: "/" });
    expect(home.body).toContain(
      '<script src="/boot.js" defer data-entry="/assets/index-a1.js" data-preload="/assets/react-b2.js /assets/app-e5.js /assets/query-f6.js /assets/home-page-d4.js /assets/card-c3.js"></script>',
    );
    expect(home.body).not.toContain("modulepreload");
    expect(home.body).not.toContain('<script type="module"');
  });

  it("preloads a first page's own files with the entry when the browser draws the page, and not what the entry already loads", async () => {
    const undrawn = await app.inject({ method: "GET", url: "/?broken=1" });
    expect(undrawn.body).toContain('<div id="root"></div>');
    expect(undrawn.body).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
    expect(undrawn.body.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/app-e5.js">',
      '<link rel="modulepreload" crossorigin href="/assets/query-f6.js">',
      '<link rel="modulepreload" crossorigin href="/assets/home-page-d4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/card-c3.js">',
    ]);
    // Any other page: the entry's own imports and the shell.
    expect((await app.inject({ method: "GET", url: "/privacy" })).body.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/app-e5.js">',
      '<link rel="modulepreload" crossorigin href="/assets/query-f6.js">',
    ]);
  });

  it("makes the carried answers for the address the browser asked, as the routes would (a show's feed address)", async () => {
    await database.db.insertInto("categories").values({ name: "Sunday Sermons", description: "", type: "podcast" }).execute();
    const headers = { host: "church.example:8443", "x-forwarded-proto": "https" };
    const page = await app.inject({ method: "GET", url: "/podcasts", headers });
    const url = "/api/content/categories?type=podcast";
    const carried = initialState(page.body).data[url]?.body as { feedUrl?: string }[];
    expect(carried[0]?.feedUrl).toMatch(/^https?:\/\/church\.example:8443\/feeds\/shows\/\d+\.xml$/);
    expect(carried).toEqual((await app.inject({ method: "GET", url, headers })).json());
  });

  it("carries nothing more for a page without first-screen reads", async () => {
    const page = await app.inject({ method: "GET", url: "/privacy" });
    expect(Object.keys(initialState(page.body).data).sort()).toEqual(["/api/notifications", "/api/streaming/state"]);
  });

  it("draws the first screen inside the root from the same state the page carries", async () => {
    const visitor = await app.inject({ method: "GET", url: "/sermons?play=2" });
    const answers = Object.keys(initialState(visitor.body).data).length;
    expect(answers).toBeGreaterThan(0);
    expect(visitor.body).toContain(
      `<div id="root" aria-disabled="true"><main data-drawn="${encodeURIComponent("/sermons?play=2")}">visitor, ${answers} answers</main></div>`,
    );
    const { cookie, user } = await register("Phoebe Member");
    const member = await app.inject({ method: "GET", url: "/", headers: { cookie } });
    expect(member.body).toContain(`member ${user.id}, ${Object.keys(initialState(member.body).data).length} answers</main></div>`);
  });

  it("sends the page with an empty root, for the browser to draw, when the render fails", async () => {
    const page = await app.inject({ method: "GET", url: "/events?broken=1" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(initialState(page.body).user).toBeNull();
  });

  it("leaves a page that is not a first page for the browser to draw", async () => {
    const page = await app.inject({ method: "GET", url: "/settings" });
    expect(page.body).toContain('<div id="root"></div>');
    expect(Object.keys(initialState(page.body).data).length).toBeGreaterThan(0);
  });
});
