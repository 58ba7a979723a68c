import http from "node:http";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Fixture, cases } from "./cases";

/** Bare node:http plus the same better-sqlite3 query: the ceiling each endpoint is measured against. */
const [dataDir, port, fixtureJson] = process.argv.slice(2);
const fixture = JSON.parse(fixtureJson) as Fixture;
const sqlite = new SQLite(path.join(dataDir, "platform.db"), { readonly: true });
sqlite.pragma("journal_mode = WAL");
const routes = new Map(cases.map((c) => [c.path(fixture), c]));

http
  .createServer((request, response) => {
    const match = routes.get(request.url ?? "");
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
    const body = JSON.stringify(match.baseline(sqlite, fixture, token));
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
