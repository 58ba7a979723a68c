import { lazy } from "react";
import { usePlayer } from "./player-provider";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// The bar (with its slider and speed menu) loads only once something plays, keeping it out of the first page's JS.
const GlobalPlayer = lazy(async () => ({ default: (await import("./global-player")).GlobalPlayer }));

/** The persistent now-playing bar, loaded on the first track. */
export function LazyGlobalPlayer() {
  const player = usePlayer();
  if (!player.current) return null;
  return (
    <BrowserSuspense fallback={null}>
      <GlobalPlayer />
    </BrowserSuspense>
  );
}
