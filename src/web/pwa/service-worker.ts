/** The app's one service worker (decisions 0013 and 0019): offline shell, downloads and Web Push. */
export const SERVICE_WORKER_URL = "/app-sw.js";
export const APP_SCOPE = "/";
/** The scope of the push-only worker earlier versions registered; its registration is removed at start. */
export const RETIRED_PUSH_SCOPE = "/push/";
