import { describe, expect, it } from "vitest";
import { parseWrkReport } from "./wrk";

/** A report as wrk 4.1 prints it with --latency (this one from a media Range run). */
const report = (latency99: string, extra = "") => `Running 2s test @ http://127.0.0.1:4010/media/bench-large.mp4
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    20.12ms   12.18ms 111.32ms   88.16%
    Req/Sec     1.40k   343.18     1.76k    77.78%
  Latency Distribution
     50%   17.32ms
     75%   21.23ms
     90%   32.10ms
     99%   ${latency99}
  2795 requests in 2.03s, 2.73GB read
${extra}Requests/sec:   1379.97
Transfer/sec:      1.35GB
`;

describe("wrk report", () => {
  it("reads requests per second, the answers received and the p99 in ms, whatever unit wrk printed it in", () => {
    expect(parseWrkReport(report("73.27ms"))).toEqual({ rps: 1379.97, p99: 73.27, total: 2795 });
    expect(parseWrkReport(report("812.00us")).p99).toBeCloseTo(0.812);
    expect(parseWrkReport(report("1.20s")).p99).toBe(1200);
  });

  it("refuses a run with refused answers or socket errors, and a report without figures", () => {
    expect(() => parseWrkReport(report("73.27ms", "  Non-2xx or 3xx responses: 12\n"))).toThrow("Non-2xx or 3xx responses: 12");
    expect(() => parseWrkReport(report("73.27ms", "  Socket errors: connect 0, read 3, write 0, timeout 0\n"))).toThrow("Socket errors");
    expect(() => parseWrkReport("unable to connect to 127.0.0.1:4010 Connection refused\n")).toThrow("wrk gave no figures");
  });
});
