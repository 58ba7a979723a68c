import type { VitePWAOptions } from "vite-plugin-pwa";

/**
 * The installable app (decision 0013): the web app manifest and the service worker built from pwa/app-sw.ts
 * (injectManifest: our own worker, with the shell's precache list injected). Registration is in pwa/register.tsx.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: "injectManifest",
  srcDir: "pwa",
  filename: "app-sw.ts",
  registerType: "prompt",
  injectRegister: false,
  manifest: {
    name: "Gathering",
    short_name: "Gathering",
    description: "Sermons, worship music, podcasts and fellowship for your church community.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#5a3fd0",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  injectManifest: {
    // The shell: scripts, styles, the page and small images; media and the large podcast artwork stay on the network.
    globPatterns: ["**/*.{js,css,html,svg,ico,webmanifest}", "icons/icon-*.png", "icons/maskable-*.png"],
  },
};
