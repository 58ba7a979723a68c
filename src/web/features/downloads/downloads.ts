import type { MediaItem } from "@shared/contracts/content";
import { sizedImage } from "@shared/images";
import { DOWNLOADS_CACHE } from "@web/pwa/cache-names";

/** What the downloads page shows of a saved item; the file itself lives in Cache Storage under its media URL. */
export interface SavedDownload {
  id: number;
  title: string;
  artist: string;
  type: MediaItem["type"];
  mediaUrl: string;
  mimeType: string;
  thumbnailUrl: string | null;
  duration: number;
  /** Bytes held on this device. */
  size: number;
  savedAt: string;
}

const INDEX_KEY = "gathering.downloads";
const CHANGED = "gathering:downloads-changed";

/** True where the browser can keep files for offline listening. */
export const canDownload = () => typeof caches !== "undefined" && typeof navigator !== "undefined" && "serviceWorker" in navigator;

function readIndex(): SavedDownload[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(INDEX_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as SavedDownload[]) : [];
  } catch {
    return [];
  }
}

let snapshot: SavedDownload[] | null = null;
/** The saved items, newest first; the same array until they change (for useSyncExternalStore). */
export function listDownloads(): SavedDownload[] {
  snapshot ??= readIndex();
  return snapshot;
}

function writeIndex(items: SavedDownload[]) {
  localStorage.setItem(INDEX_KEY, JSON.stringify(items));
  snapshot = items;
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `listener` whenever the downloads change, in this tab or another. */
export function subscribeDownloads(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== INDEX_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener("storage", onStorage);
  };
}

const artworkUrls = (url: string | null) => (url ? [url, ...(sizedImage(url)?.variants.map((variant) => variant.url) ?? [])] : []);

/** Fetches the whole file and keeps it for offline listening; answers what was saved. */
export async function saveDownload(item: MediaItem): Promise<SavedDownload> {
  const response = await fetch(item.mediaUrl, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`The file could not be downloaded (${response.status}).`);
  const blob = await response.blob();
  const cache = await caches.open(DOWNLOADS_CACHE);
  const type = response.headers.get("content-type") ?? item.mimeType;
  await cache.put(
    item.mediaUrl,
    new Response(blob, { headers: { "content-type": type, "content-length": String(blob.size), "accept-ranges": "bytes" } }),
  );
  // The artwork and its copies, since a <picture> offline asks for the copy that fits its box, not the original.
  await Promise.all(artworkUrls(item.thumbnailUrl).map((url) => cache.add(url).catch(() => undefined)));
  const saved: SavedDownload = {
    id: item.id,
    title: item.title,
    artist: item.artist,
    type: item.type,
    mediaUrl: item.mediaUrl,
    mimeType: type,
    thumbnailUrl: item.thumbnailUrl,
    duration: item.duration,
    size: blob.size,
    savedAt: new Date().toISOString(),
  };
  writeIndex([saved, ...listDownloads().filter((other) => other.id !== item.id)]);
  return saved;
}

/** Removes a saved file and its entry. */
export async function removeDownload(saved: SavedDownload): Promise<void> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.delete(saved.mediaUrl);
  await Promise.all(artworkUrls(saved.thumbnailUrl).map((url) => cache.delete(url)));
  writeIndex(listDownloads().filter((other) => other.id !== saved.id));
}

/** A size in B, KB, MB or GB with one decimal where it helps. */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 || value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
