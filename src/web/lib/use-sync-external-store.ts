/**
 * "use-sync-external-store/shim" as the web build sees it (vite.config.ts): the shim backports the hook to React
 * before 18, and React 19 has it built in, so this hands out React's own instead of shipping the shim.
 */
export { useSyncExternalStore } from "react";
