import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { pwaOptions } from "./src/web/pwa/pwa-options";
import { precompress } from "./scripts/vite-precompress";
import { chunkGroups } from "./scripts/vite-chunks";

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig(({ isSsrBuild }) => ({
  root: "src/web",
  // The server's render of the first screen (entry-server.tsx, `--ssr`) is only code: no public files, worker,
  // styles or compressed copies.
  publicDir: isSsrBuild ? false : "public",
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), VitePWA(pwaOptions), precompress()],
  resolve: {
    alias: [
      // zod without its eval probe, which the CSP refuses (src/web/lib/zod-browser.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL("./src/web/lib/zod-browser.ts", import.meta.url)) },
      // React's own useSyncExternalStore instead of the pre-18 shim wouter imports (src/web/lib/use-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL("./src/web/lib/use-sync-external-store.ts", import.meta.url)),
      },
      { find: "@shared", replacement: fileURLToPath(new URL("./src/shared", import.meta.url)) },
      { find: "@web", replacement: fileURLToPath(new URL("./src/web", import.meta.url)) },
    ],
  },
  // The server's render imports the app's packages from node_modules, except this one, whose package offers Node
  // only CommonJS: it is bundled in.
  ssr: { noExternal: ["workbox-window"] },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself; the polyfill was half a KiB on every first load.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which files each page needs, read by the size budget (.size-limit.js).
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/media": `http://127.0.0.1:${apiPort}`,
      "/ws": { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
}));
