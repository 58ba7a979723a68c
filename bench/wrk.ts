import { spawn } from "node:child_process";

export interface WrkFigures {
  rps: number;
  /** The 99th percentile of the answers' times, in ms, from wrk's latency distribution. */
  p99: number;
  /** Answers received over the run. */
  total: number;
}

/** wrk's report (run with `--latency`) read into figures; throws on a failed run, non-2xx answers or socket errors. */
export function parseWrkReport(report: string): WrkFigures {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(report)?.[1];
  const total = /(\d+) requests in/.exec(report)?.[1];
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\b/m.exec(report);
  if (!rps || !total || !p99) throw new Error(`wrk gave no figures: ${report}`);
  const failed = /Non-2xx or 3xx responses: \d+|Socket errors: .*/.exec(report);
  if (failed) throw new Error(`wrk: ${failed[0]}`);
  const toMs = p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1;
  return { rps: Number(rps), p99: Number(p99[1]) * toMs, total: Number(total) };
}

/** One wrk run of one thread (on this process's core) with `connections` connections. */
export function runWrk(
  url: string,
  options: { headers: Record<string, string>; seconds: number; connections: number },
): Promise<WrkFigures> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--latency", ...headerArgs, url];
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let report = "";
    child.stdout.on("data", (chunk: Buffer) => (report += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk ${url} exited with ${code}: ${report}`));
      try {
        resolve(parseWrkReport(report));
      } catch (error) {
        reject(error);
      }
    });
  });
}
