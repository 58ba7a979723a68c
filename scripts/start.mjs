// `npm start`: build what is stale, then run the compiled server.
// Plain JavaScript so that it runs before anything is compiled. A build is stale when a file it is made from is newer
// than its output; a fresh clone has no output, so its first start builds both.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const builds = [
  {
    name: "web app",
    script: "build:web",
    // Written last: the server's render of the first screen, after the browser's build.
    output: "dist/ssr/entry-server.js",
    inputs: ["src/web", "src/shared", "vite.config.ts", "scripts/vite-chunks.ts", "scripts/vite-precompress.ts"],
  },
  {
    name: "server",
    script: "build:server",
    output: "dist/server/main.js",
    inputs: ["src/server", "src/shared"],
  },
];
const common = ["package-lock.json", "tsconfig.json"];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

for (const build of builds) {
  const built = newest(path.join(root, build.output));
  const changed = Math.max(...[...build.inputs, ...common].map((input) => newest(path.join(root, input))));
  if (built > 0 && built >= changed) continue;
  console.log(`Building the ${build.name} (${built > 0 ? "sources changed" : "not built yet"})…`);
  const result = spawnSync("npm", ["run", "--silent", build.script], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
