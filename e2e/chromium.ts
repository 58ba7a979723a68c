/** Debian's Chromium, which the journeys and the page benches launch (CHROMIUM_PATH elsewhere). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Its flags: no sandbox (containers), no GPU, nothing in the background. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
