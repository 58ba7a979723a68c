import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = new Map<string, string>();

/**
 * `entry` (a path from the project's root) bundled as `npm run build:server` bundles the product, into dist/bench/,
 * once per bench run: the benches measure the server as `npm start` runs it (decision 0023), not through the tsx
 * loader, which defines every function's name on the function and so gives each closure a property table of its own
 * (1.4 KiB per live-link connection that production doesn't hold). dist/bench/ sits as deep as dist/server/, so the
 * server finds the project's files the same way.
 */
export function compiled(entry: string): string {
  let outfile = built.get(entry);
  if (!outfile) {
    outfile = path.join(root, "dist/bench", `${path.basename(entry, ".ts")}.mjs`);
    buildSync({
      entryPoints: [path.join(root, entry)],
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      target: "node20",
      sourcemap: true,
      outfile,
      logLevel: "warning",
    });
    built.set(entry, outfile);
  }
  return outfile;
}
