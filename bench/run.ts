import { type ChildProcess, execFileSync, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { mediaLocations, nginxMissing, startNginx } from "../src/server/test/nginx";
import { type Fixture, cases } from "./cases";
import { prepareFixture } from "./fixture";
import { runLiveBench } from "./live";

/**
 * Measures each endpoint of bench/cases.ts against its bare node:http + better-sqlite3 baseline in one run.
 * Servers run in child processes pinned to core 0 where `taskset` exists; autocannon runs here on core 1.
 * Only the ratios carry over to other machines.
 */
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const here = import.meta.dirname;

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function start(script: string, args: string[]): Promise<ChildProcess> {
  const pin = hasTaskset();
  const child = fork(path.join(here, script), args, {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (pin && child.pid) execFileSync("taskset", ["-p", "-c", "0", String(child.pid)], { stdio: "ignore" });
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  if (result.non2xx > 0 && !headers.range) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * The production path for media (deploy/nginx-media.conf): nginx serves the media case's file itself, beside the
 * app's own Node path, both measured now. Skipped, saying why, where nginx is not installed.
 */
async function measureNginxMedia(dataDir: string, appPort: number, fixture: Fixture): Promise<string> {
  const mediaCase = cases.find((benchCase) => benchCase.rangeFile);
  const name = "GET /media/{file} through deploy/nginx-media.conf (nginx, sendfile) vs the app";
  if (!mediaCase) return `| ${name} | no media case | | | | |`;
  if (nginxMissing) return `| ${name} | skipped: ${nginxMissing} | | | | |`;
  const nginx = await startNginx({ upstream: `127.0.0.1:${appPort}`, server: mediaLocations(path.join(dataDir, "media")) });
  try {
    const target = mediaCase.path(fixture);
    const headers = mediaCase.headers ?? {};
    await measure(`${nginx.url}${target}`, headers);
    const proxied = await measure(`${nginx.url}${target}`, headers);
    const ours = await measure(`http://127.0.0.1:${appPort}${target}`, headers);
    return `| ${name} | ${Math.round(proxied.rps)} | ${proxied.p99} ms | ${Math.round(ours.rps)} (app) | ${ours.p99} ms | ${(proxied.rps / ours.rps).toFixed(2)}× the app |`;
  } finally {
    await nginx.stop();
  }
}

async function main() {
  if (hasTaskset()) execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  const { dataDir, fixture } = await prepareFixture();
  const appPort = 3901;
  const basePort = 3902;
  const app = await start("app-server.ts", [dataDir, String(appPort)]);
  const baseline = await start("baseline-server.ts", [dataDir, String(basePort), JSON.stringify(fixture)]);
  const rows: string[] = [];
  try {
    for (const benchCase of cases) {
      const headers = { ...(benchCase.signedIn ? { cookie: fixture.cookie } : {}), ...(benchCase.headers ?? {}) };
      const target = benchCase.path(fixture);
      await measure(`http://127.0.0.1:${appPort}${target}`, headers); // warm-up
      const ours = await measure(`http://127.0.0.1:${appPort}${target}`, headers);
      const base = await measure(`http://127.0.0.1:${basePort}${target}`, headers);
      rows.push(
        `| ${benchCase.name} | ${Math.round(ours.rps)} | ${ours.p99} ms | ${Math.round(base.rps)} | ${base.p99} ms | ${(ours.rps / base.rps).toFixed(2)}× |`,
      );
      console.error(`measured ${benchCase.name}`);
    }
    rows.push(await measureNginxMedia(dataDir, appPort, fixture));
  } finally {
    app.kill();
    baseline.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${DURATION_SECONDS} s per run, ${CONNECTIONS} connections, SQLite, Node ${process.version}\n`);
  console.log("| endpoint | req/s | p99 | baseline req/s | baseline p99 | ratio |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
  await runLiveBench();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
