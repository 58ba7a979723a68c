/** The Cache Storage names the service worker and the pages share. */
export const DOWNLOADS_CACHE = "gathering-downloads-v1";
/** Public library answers kept for offline reading (network first). */
export const API_CACHE = "gathering-api-v1";
/** The answer the service worker gives, offline, for data this device never saved. */
export const OFFLINE_CODE = "offline";
