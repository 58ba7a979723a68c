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
// The entry evaluates React, then imports the app's shell in a task of its own (src/web/main.tsx): every page loads both.
const entryFiles = closure(entryKey);
for (const key of manifest[entryKey].dynamicImports ?? []) closure(key, entryFiles);
const paths = (files) => [...files].map((file) => `${outDir}/${file}`);
const pageName = (key) => key.replace(/^.*\//, "").replace(/\.tsx?$/, "");

/**
 * Pages still above the budget, held at what they weigh now (KiB) so none grows while the rest of the work lands;
 * most carry zod and react-hook-form for a form shown on first paint
 * (no main page is among them). Remove a line once its page meets the budget.
 * Reports with reasons (decision 0021) added up to 1.5 KiB where posts, comments, messages, members or media are shown:
 * the shared report contract and the report buttons (the dialog itself loads on first use). The image copies of decision
 * 0029 added up to 1 KiB where artwork is shown (one <picture> component and the shared naming helper); dropping the
 * modulepreload polyfill and the useSyncExternalStore shim took 1.2 KiB off every first load in return. Decision 0024
 * added up to 1.3 KiB to the room (reporting a room-chat message, a hidden message leaving the chat) and the community.
 * Grouping the entry's modules into one file, and the widely used icons and display primitives into one each
 * (scripts/vite-chunks.ts), took 5–8 KiB and 15–25 files off each main page's first load, and put up to 1 KiB of
 * icons and primitives they don't show on the sign-in, contact and create pages. Drawing the first screen on the server
 * (decision 0032) added up to 0.5 KiB: hydrating it, reading what only the device knows (theme, live link, downloads,
 * the site's address) with the server's value for the first render, and the page's seed for the home greeting.
 * Taking Radix's mounts off the path right after the hydration (decisions 0033 and 0034) added up to 0.6 KiB where
 * media, the sermon filters or the player are shown: the stand-in triggers of ChoiceSelect and the media menu, drawn
 * with the page, and the range slider, drawn with the player instead of loading after it; relative times counted from
 * the page's own time added a few bytes to every page. Those pages' total blocking time fell by 100–300 ms.
 * Decision 0037 brought all six first loads under 120 KiB: loading on first use what a page shows closed (the post
 * menus, the composer's contract, the filters' select, the event dialogs), tabs, avatars and labels without Radix, and
 * tailwind-merge with the app's own class groups. The live link's contract, now fetched as the link connects, became a
 * file of its own and added 0.3 KiB of imports to the chat, room and settings pages, which use it from the start.
 * Asking `/sfu` again after a failed request (decision 0018: without the answer a member stays on the mesh while the
 * others move to the SFU, and sees nobody) added 0.03 KiB to the room.
 */
const stillAbove = {
  "auth-page beyond the entry": 55.5,
  "contact-page beyond the entry": 50.5,
  "chat-page beyond the entry": 78.1,
  "playlist-page beyond the entry": 65.7,
  "playlists-page beyond the entry": 64.8,
  "create-page beyond the entry": 65.6,
  "video-conference-page beyond the entry": 100.9,
  "search-page beyond the entry": 50.9,
  "prayer-page beyond the entry": 54.1,
  "settings-page beyond the entry": 68.4,
  "profile-page beyond the entry": 55.5,
};
const limitOf = (name, budgetKiB) => `${stillAbove[name] ?? budgetKiB} KiB`;

const firstPages = ["home-page", "sermons-page", "music-page", "podcasts-page", "community-page", "events-page"];
const pages = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && /-page\.tsx$/.test(key));

export default [
  ...pages
    .filter((key) => firstPages.includes(pageName(key)))
    .map((key) => ({
      name: `first load of ${pageName(key)}`,
      path: paths(new Set([...entryFiles, ...closure(key)])),
      gzip: true,
      limit: limitOf(`first load of ${pageName(key)}`, 120),
    })),
  ...pages.map((key) => ({
    name: `${pageName(key)} beyond the entry`,
    path: paths([...closure(key)].filter((file) => !entryFiles.has(file))),
    gzip: true,
    limit: limitOf(`${pageName(key)} beyond the entry`, 50),
  })),
];
