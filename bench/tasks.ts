import { execFileSync } from "node:child_process";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, MAIN_PAGES, option, signInCookie, startWebServer } from "./web-server";

/**
 * `npm run bench:tasks`: the main thread's long tasks on each page's first load in real Chromium with the CPU slowed
 * 4× (as Lighthouse's phone), signed out and signed in, median of the runs. Lighthouse's blocking time is simulated
 * from one trace and moves by 100–150 ms between runs of one build; these are observed, task by task, so a change to
 * the entry or the hydration shows here first. For each page: the blocking time after the first paint (each long
 * task's time beyond 50 ms, until the page has been taken over and is quiet), the longest task, and how many there were.
 * Options: `--pages /,/music`, `--runs 5`, `--as out|in|both`, `--no-build`. `--smoke` (CI): one run of `/` signed
 * out and in, failing unless each page was taken over and its figures came back.
 */
const SMOKE = process.argv.includes("--smoke");
const SLOWDOWN = 4;
const root = path.resolve(import.meta.dirname, "..");

interface Figures {
  blockingMs: number;
  longestMs: number;
  longTasks: number;
  hydratedMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const pages = SMOKE ? ["/"] : (option("pages")?.split(",") ?? MAIN_PAGES);
  const runs = SMOKE ? 1 : Number(option("runs") ?? 5);
  const as = SMOKE ? "both" : (option("as") ?? "both");
  const modes = as === "both" ? ["out", "in"] : [as];
  if (!process.argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });

  const { origin, stop } = await startWebServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: string[] = [];
  const missing: string[] = [];
  try {
    const cookie = modes.includes("in") ? await signInCookie(origin) : "";
    for (const mode of modes) {
      for (const page of pages) {
        const figures: Figures[] = [];
        for (let run = 0; run < runs; run++) figures.push(await measure(browser, `${origin}${page}`, mode === "in" ? cookie : ""));
        const row = {
          blockingMs: median(figures.map((f) => f.blockingMs)),
          longestMs: median(figures.map((f) => f.longestMs)),
          longTasks: median(figures.map((f) => f.longTasks)),
          hydratedMs: median(figures.map((f) => f.hydratedMs)),
        };
        if (![row.blockingMs, row.longestMs, row.hydratedMs].every(Number.isFinite)) missing.push(`${page} signed ${mode}`);
        const spread = figures.map((f) => Math.round(f.blockingMs)).join(", ");
        rows.push(
          `| ${page} | ${mode} | ${Math.round(row.blockingMs)} ms | ${spread} | ${Math.round(row.longestMs)} ms | ${row.longTasks} | ${Math.round(row.hydratedMs)} ms |`,
        );
        console.error(
          `${page} signed ${mode}: blocking ${Math.round(row.blockingMs)} ms (${spread}), longest ${Math.round(row.longestMs)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
    stop();
  }
  console.log(`\nLong tasks at ${SLOWDOWN}× CPU, median of ${runs} runs\n`);
  console.log("| page | signed | blocking after first paint | each run | longest task | long tasks | taken over at |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
  if (missing.length > 0) {
    console.error(`No figures for: ${missing.join(", ")}`);
    process.exitCode = 1;
  }
}

async function measure(browser: import("@playwright/test").Browser, url: string, cookie: string): Promise<Figures> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __tasks: typeof tasks }).__tasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(url, { waitUntil: "load" });
  // Taken over: the drawn page's root loses aria-disabled (app.tsx); a page drawn in the browser has none.
  await page.waitForSelector("#root:not([aria-disabled])", { timeout: 60_000 });
  const hydratedMs = await page.evaluate(() => performance.now());
  await page.waitForTimeout(3000);
  const { tasks, firstPaint } = await page.evaluate(() => ({
    tasks: (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks,
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
  }));
  await context.close();
  const after = tasks.filter((task) => task.start + task.duration > firstPaint);
  return {
    blockingMs: after.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
    longTasks: tasks.length,
    hydratedMs,
  };
}

await main();
