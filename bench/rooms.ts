import { readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { expectEveryoneSeesEveryone, fakeMediaArgs, fillRoom, measureRoom } from "../e2e/room-call";
import { startPlatform } from "../e2e/services";
import { janusMissing, startJanus } from "../src/server/test/janus";
import { freePort } from "../src/server/test/processes";

/*
 * npm run bench:rooms [-- --participants 10 --seconds 15]
 *
 * N fake-camera Chromium members (one browser, a context each, 320x240 cameras) in one room, first through Janus
 * VideoRoom, then the same run through the mesh. For each member: the frames per second its camera delivers, the frames
 * per second it decodes from each other member (min / median), the connections and RTP streams its video goes out on,
 * and its upload bitrate; for the run, the CPU of the browsers and of Janus, and the machine's load average. Needs `npm run build` first (the platform serves dist/web), janus and chromium.
 */

const { values } = parseArgs({
  options: { participants: { type: "string", default: "6" }, seconds: { type: "string", default: "10" } },
});
const participants = Number(values.participants);
const seconds = Number(values.seconds);
if (!Number.isInteger(participants) || participants < 2 || participants > 10) throw new Error("--participants must be 2 to 10");
if (janusMissing) throw new Error(janusMissing);

/** CPU seconds used so far by this process's descendants, by program name (chromium, janus, node). */
function childCpuSeconds(): Map<string, number> {
  const processes = new Map<number, { parent: number; name: string; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      processes.set(Number(entry), { parent: Number(fields[1]), name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while being read.
    }
  }
  const rootOf = (pid: number): number | null => {
    for (let current = pid, hops = 0; hops < 50; hops += 1) {
      const parent = processes.get(current)?.parent;
      if (parent === undefined) return null;
      if (parent === process.pid) return current;
      current = parent;
    }
    return null;
  };
  const totals = new Map<string, number>();
  for (const [pid, info] of processes) {
    const root = rootOf(pid);
    if (root === null) continue;
    const name = /chrom/i.test(processes.get(root)!.name) ? "chromium" : processes.get(root)!.name;
    totals.set(name, (totals.get(name) ?? 0) + info.ticks / 100);
  }
  return totals;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};
const round = (value: number) => Math.round(value);

async function run(mode: "sfu" | "mesh", janus: { url: string; adminKey: string }) {
  const platform = await startPlatform(await freePort(), mode === "sfu" ? { JANUS_URL: janus.url, JANUS_ADMIN_KEY: janus.adminKey } : {});
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: fakeMediaArgs });
  try {
    const members = await fillRoom(browser, platform.url, participants, "Bench Room");
    const pages = members.map((member) => member.page);
    await expectEveryoneSeesEveryone(pages, 60_000).catch(() => console.warn(`${mode}: not every member saw every other within 60 s`));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const cpuBefore = childCpuSeconds();
    const loadBefore = os.loadavg()[0]!;
    const traffic = await measureRoom(pages, seconds);
    const cpuAfter = childCpuSeconds();
    const load = `${loadBefore.toFixed(0)}–${os.loadavg()[0]!.toFixed(0)}`;
    const cpu = (name: string) => round((((cpuAfter.get(name) ?? 0) - (cpuBefore.get(name) ?? 0)) / seconds) * 100);
    return { mode, traffic, load, browserCpu: cpu("chromium"), janusCpu: mode === "sfu" ? cpu("janus") : null };
  } finally {
    await browser.close();
    await platform.stop();
  }
}

const janus = await startJanus();
const results = [];
try {
  for (const mode of ["sfu", "mesh"] as const) results.push(await run(mode, janus));
} finally {
  await janus.stop();
}

console.log(`\n${participants} participants, ${seconds} s measured, 320x240 fake cameras\n`);
console.log(
  "| Mode | Member | Camera fps | Received fps min | Received fps median | Videos received | Upload connections | Upload RTP streams | Upload kbit/s |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const result of results) {
  for (const [i, member] of result.traffic.entries()) {
    const fps = member.receivedFps;
    console.log(
      `| ${result.mode} | ${i + 1} | ${round(member.cameraFps)} | ${round(Math.min(...fps, Infinity) === Infinity ? 0 : Math.min(...fps))} | ${round(median(fps))} | ${fps.filter((value) => value > 0).length}/${participants - 1} | ${member.uploadConnections} | ${member.uploadStreams} | ${round(member.uploadKbps)} |`,
    );
  }
}
console.log(
  "\n| Mode | Camera fps (median) | Received fps median (all) | Upload kbit/s per member (median) | Browsers CPU (% of a core, all members) | Janus CPU (% of a core) | Load average (1 min) |",
);
console.log("|---|---|---|---|---|---|---|");
for (const result of results) {
  const all = result.traffic.flatMap((member) => member.receivedFps);
  console.log(
    `| ${result.mode} | ${round(median(result.traffic.map((member) => member.cameraFps)))} | ${round(median(all))} | ${round(median(result.traffic.map((member) => member.uploadKbps)))} | ${result.browserCpu} | ${result.janusCpu ?? "–"} | ${result.load} |`,
  );
}
