import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import SQLite from "better-sqlite3";
import { API_HEADERS } from "../src/server/http/security";
import { type Fixture, cases } from "./cases";

/** Bare node:http plus the same better-sqlite3 query: the ceiling each endpoint is measured against. */
const [dataDir, port, fixtureJson] = process.argv.slice(2);
if (!dataDir || !port || !fixtureJson) throw new Error("usage: baseline-server.ts <dataDir> <port> <fixtureJson>");
const fixture = JSON.parse(fixtureJson) as Fixture;
const sqlite = new SQLite(path.join(dataDir, "platform.db"), { readonly: true });
sqlite.pragma("journal_mode = WAL");
// A good bare server prepares each statement once, as the application's database layer does.
const prepareOnce = sqlite.prepare.bind(sqlite);
const statements = new Map<string, SQLite.Statement>();
sqlite.prepare = ((text: string) => {
  let statement = statements.get(text);
  if (!statement) statements.set(text, (statement = prepareOnce(text)));
  return statement;
}) as typeof sqlite.prepare;
// The bench reads this process's CPU time around each measurement: CPU per request holds under a loaded machine.
process.on("message", (message) => {
  if (message !== "cpu") return;
  const usage = process.cpuUsage();
  process.send?.({ cpuMicros: usage.user + usage.system });
});
const routes = new Map(cases.map((c) => [c.path(fixture), c]));

http
  .createServer((request, response) => {
    const match = routes.get(request.url ?? "");
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    if (match.rangeFile) {
      // The media baseline: a bare range read with the same 1 MiB reads as our handler (DESIGN.md §7).
      const file = path.join(dataDir, "media", match.rangeFile);
      const size = fs.statSync(file).size;
      const [, first, last] = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? "") ?? [];
      const start = first ? Number(first) : 0;
      const end = last ? Math.min(Number(last), size - 1) : size - 1;
      response.writeHead(first ? 206 : 200, {
        "content-type": "video/mp4",
        "content-length": end - start + 1,
        "accept-ranges": "bytes",
        ...(first ? { "content-range": `bytes ${start}-${end}/${size}` } : {}),
      });
      fs.createReadStream(file, { start, end, highWaterMark: 1024 * 1024 }).pipe(response);
      return;
    }
    const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
    const body = JSON.stringify(match.baseline(sqlite, fixture, token));
    // The application's answer, header for header (DESIGN.md's security headers, no-store): the ratio is the stack's
    // cost, not that of a shorter answer.
    response
      .writeHead(200, {
        ...API_HEADERS,
        "cache-control": "no-store",
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
      })
      .end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
// Stopped by the bench with SIGINT: exiting normally lets --cpu-prof write its profile.
process.once("SIGINT", () => process.exit(0));
