import { lazy, Suspense } from "react";
import { usePlayer } from "./player-provider";

// The bar (with its slider and speed menu) loads only once something plays, keeping it out of the first page's JS.
const GlobalPlayer = lazy(async () => ({ default: (await import("./global-player")).GlobalPlayer }));

/** The persistent now-playing bar, loaded on the first track. */
export function LazyGlobalPlayer() {
  const player = usePlayer();
  if (!player.current) return null;
  return (
    <Suspense fallback={null}>
      <GlobalPlayer />
    </Suspense>
  );
}
