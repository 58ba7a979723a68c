import fs from "node:fs";

/**
 * The JavaScript budget of the web app (issue 9), measured gzip on the build in dist/web:
 * - each of the six main pages on a first visit, the entry with everything it imports plus the page's own
 *   files, at most 120 KiB;
 * - every page's own files beyond the entry, at most 50 KiB.
 * The file lists come from Vite's manifest, so hashed names never need updating here.
 */
const outDir = "dist/web";
const manifestFile = `${outDir}/.vite/manifest.json`;
if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first`);
const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));

/** The files a manifest entry loads before it runs: its own and its static imports, recursively. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = closure(entryKey);
const paths = (files) => [...files].map((file) => `${outDir}/${file}`);
const pageName = (key) => key.replace(/^.*\//, "").replace(/\.tsx?$/, "");

const firstPages = ["home-page", "sermons-page", "music-page", "podcasts-page", "community-page", "events-page"];
const pages = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && /-page\.tsx$/.test(key));

export default [
  ...pages
    .filter((key) => firstPages.includes(pageName(key)))
    .map((key) => ({
      name: `first load of ${pageName(key)}`,
      path: paths(new Set([...entryFiles, ...closure(key)])),
      gzip: true,
      limit: "120 KiB",
    })),
  ...pages.map((key) => ({
    name: `${pageName(key)} beyond the entry`,
    path: paths([...closure(key)].filter((file) => !entryFiles.has(file))),
    gzip: true,
    limit: "50 KiB",
  })),
];
