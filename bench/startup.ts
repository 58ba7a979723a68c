import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, stopChild } from "../src/server/test/processes";

/**
 * Cold start to /readyz and memory at idle: the compiled server (what `npm start` runs) against the same server
 * loaded through the tsx loader. Each mode starts RUNS times on an empty data folder (migrations and demo seed
 * included) and RUNS times on the folder the first start filled. `npm run bench:startup`.
 */
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const IDLE_MS = 3_000;
const root = path.resolve(import.meta.dirname, "..");

const modes = [
  { name: "compiled (dist/server/main.js)", args: ["--enable-source-maps", "dist/server/main.js"] },
  { name: "tsx loader (src/server/main.ts)", args: ["--import", "tsx", "src/server/main.ts"] },
];

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

async function startOnce(args: string[], dataDir: string, measureMemory: boolean) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      RTMP_PORT: String(await freePort()),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const readyMs = performance.now() - began;
    let idleKiB = Number.NaN;
    if (measureMemory) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      idleKiB = rssKiB(child.pid!);
    }
    return { readyMs, idleKiB };
  } finally {
    await stopChild(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

execFileSync("npm", ["run", "--silent", "build:server"], { cwd: root, stdio: "inherit" });
console.log(`${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${RUNS} runs each, medians\n`);
console.log("| server | first start, empty data folder | start on a filled folder | memory at idle (RSS) |");
console.log("| --- | --- | --- | --- |");
for (const mode of modes) {
  const empty: number[] = [];
  const filled: number[] = [];
  const memory: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gathering-startup-"));
    try {
      empty.push((await startOnce(mode.args, dataDir, false)).readyMs);
      const again = await startOnce(mode.args, dataDir, true);
      filled.push(again.readyMs);
      memory.push(again.idleKiB);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`| ${mode.name} | ${ms(median(empty))} | ${ms(median(filled))} | ${(median(memory) / 1024).toFixed(0)} MiB |`);
}
