import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { InitialState } from "@shared/contracts/auth";
import { INITIAL_STATE_ID, NEXT_CURSOR_HEADER } from "@shared/constants";
import { type PageDataAnswer, firstPages, pageDataUrls, pageModule } from "@shared/page-data";
import { userSchema } from "@shared/contracts/users";
import type { AppContext } from "../context";
import { createUsersService } from "../modules/users/users.service";

/** JSON that can sit inside a <script> element: nothing in it can close the element or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The files to preload with the entry, read from the build's manifest; none when there is no manifest (a test's
 * stand-in page). `shell`: what the entry imports once it has run (the app's shell, src/web/main.tsx), for every page.
 * `pages`: for each first page, the files of its module that neither the entry nor the shell already load. So the
 * browser fetches them alongside the entry instead of after it has run.
 */
function modulePreloads(webDir: string): { shell: string[]; pages: Map<string, string[]> } {
  const pages = new Map<string, string[]>();
  const manifestFile = path.join(webDir, ".vite", "manifest.json");
  if (!fs.existsSync(manifestFile)) return { shell: [], pages };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
  >;
  const closure = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entryFiles = entry ? closure(entry) : new Set<string>();
  const shell = new Set<string>();
  for (const key of (entry && manifest[entry]?.dynamicImports) ?? []) {
    for (const file of closure(key)) if (!entryFiles.has(file)) shell.add(file);
  }
  for (const page of firstPages) {
    const module = pageModule(page);
    if (!module || !manifest[module]) continue;
    const files = [...closure(module)].filter((file) => !entryFiles.has(file) && !shell.has(file));
    pages.set(
      page,
      files.map((file) => `/${file}`),
    );
  }
  return { shell: [...shell].map((file) => `/${file}`), pages };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

function preloadTags(files: string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
}

/**
 * The page as it goes out with its first screen drawn (decision 0033): /boot.js asks for its scripts (the entry, what
 * the entry imports, and the page's own files) once that screen has been painted, so until then the page and its
 * stylesheet have a slow link to themselves. The page unchanged when it names no entry (a test's stand-in page).
 */
function drawnPageTemplate(html: string, pageFiles: string[]): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const files = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]).concat(pageFiles);
  const boot = `<script src="/boot.js" defer data-entry="${entry}" data-preload="${files.join(" ")}"></script>`;
  return html.replace(MODULE_PRELOAD, "").replace(ENTRY_SCRIPT, boot);
}

type RenderFirstScreen = (url: string, state: InitialState) => Promise<string>;

/**
 * The web app's own render of a page's first screen (src/web/entry-server.tsx, built beside the app as
 * dist/ssr/entry-server.js); undefined when it is not built (a test's stand-in page). One that does not load becomes
 * a render that fails, so each page logs why and goes out for the browser to draw.
 */
async function loadRenderer(webDir: string): Promise<RenderFirstScreen | undefined> {
  const file = path.join(webDir, "..", "ssr", "entry-server.js");
  if (!fs.existsSync(file)) return undefined;
  try {
    return ((await import(pathToFileURL(file).href)) as { render: RenderFirstScreen }).render;
  } catch (error) {
    return () => Promise.reject(error as Error);
  }
}

/**
 * The web app's page, answered for every path its router owns (decision 0030). It carries, as JSON, the visitor's
 * session and the answers of the first screen's API reads, so the first screen is drawn without another round trip
 * (and a visitor's browser logs no 401 for asking who is signed in); and the first screen itself, drawn from that
 * state by the web app's server render (decision 0032), so a phone paints it before the scripts have run. Per member, so never stored by a shared cache.
 */
export function createAppShell(ctx: AppContext, webDir: string) {
  const html = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  const users = createUsersService(ctx);
  const preloads = modulePreloads(webDir);
  const pagePreloads = (page: string) => [...preloads.shell, ...(preloads.pages.get(page) ?? [])];
  const drawnTemplates = new Map(firstPages.map((page) => [page, drawnPageTemplate(html, pagePreloads(page))]));
  const renderer = loadRenderer(webDir);
  const root = '<div id="root">';
  const hasRoot = html.includes(root + "</div>");

  /** The first screen drawn as the browser will draw it, so a phone shows it before the scripts have run. */
  async function firstScreen(request: FastifyRequest, state: InitialState): Promise<string> {
    const render = await renderer;
    if (!render || !hasRoot) return "";
    try {
      return await render(request.url, state);
    } catch (error) {
      // The browser draws it instead, as it does for a page the service worker answers.
      request.log.warn({ err: error }, "page sent without its first screen drawn");
      return "";
    }
  }

  /** The first screen's API reads (page-data.ts), answered here through the app's own routes, as the member. */
  async function pageData(request: FastifyRequest, signedIn: boolean): Promise<Record<string, PageDataAnswer>> {
    const pathname = request.url.split("?")[0] ?? "/";
    // As the browser would ask: its cookie, and the host and proxy headers that absolute links (a feed's address) and
    // per-address rules are made from.
    const headers: Record<string, string> = {};
    for (const name of ["cookie", "host", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-for", "accept-language"]) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const remoteAddress = request.socket.remoteAddress;
    const answers = await Promise.all(
      pageDataUrls(pathname, signedIn).map(async (url) => {
        const response = await request.server.inject({ method: "GET", url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
        if (response.statusCode !== 200) return undefined;
        const nextCursor = response.headers[NEXT_CURSOR_HEADER];
        return [url, { body: response.json(), nextCursor: typeof nextCursor === "string" ? nextCursor : null }] as const;
      }),
    );
    return Object.fromEntries(answers.filter((answer) => answer !== undefined));
  }

  async function initialState(request: FastifyRequest, reply: FastifyReply): Promise<InitialState> {
    await ctx.sessions.load(request, reply);
    const viewer = request.viewer;
    const user = viewer ? userSchema.parse(await users.profile(viewer.id, viewer)) : null;
    return { user, data: await pageData(request, user !== null), seed: Math.random(), renderedAt: ctx.clock.now() };
  }

  return async function send(request: FastifyRequest, reply: FastifyReply) {
    let state: InitialState | undefined;
    try {
      state = await initialState(request, reply);
    } catch (error) {
      // Without it the page asks for the session itself, as it does when the service worker answers.
      request.log.warn({ err: error }, "page sent without its initial state");
    }
    const pathname = request.url.split("?")[0] ?? "/";
    // The first pages, whose data the page carries; another page would be drawn as its loading state.
    const drawn = state === undefined || !firstPages.includes(pathname) ? "" : await firstScreen(request, state);
    const template = (drawn && drawnTemplates.get(pathname)) || html;
    const marker = template.indexOf("</head>");
    const rootAt = template.indexOf(root + "</div>");
    const inline =
      (drawn ? "" : preloadTags(pagePreloads(pathname))) +
      (state === undefined ? "" : `<script type="application/json" id="${INITIAL_STATE_ID}">${scriptSafeJson(state)}</script>`);
    const head = marker < 0 ? template : template.slice(0, marker) + inline + template.slice(marker);
    const at = rootAt + (marker < 0 || marker > rootAt ? 0 : inline.length) + root.length;
    // Disabled until the browser has taken it over (app.tsx); meanwhile /boot.js holds back clicks and typing in it.
    const page = Buffer.from(drawn ? head.slice(0, at - 1) + ' aria-disabled="true">' + drawn + head.slice(at) : head);
    reply.header("cache-control", "no-cache, private").header("vary", "cookie, accept-encoding").type("text/html; charset=utf-8");
    // Different per member, so compressed as it is sent, at a level that costs a few milliseconds for the largest pages.
    const accepted = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) {
      return reply
        .header("content-encoding", "br")
        .send(zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(zlib.gzipSync(page));
    return reply.send(page);
  };
}
