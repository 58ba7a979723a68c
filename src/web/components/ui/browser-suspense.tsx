import { Suspense, type ReactNode } from "react";
import { useHydrated } from "@web/lib/use-hydrated";

/**
 * A Suspense boundary for a part whose code loads after the first paint (decision 0017), drawn only in the browser:
 * the server's render of the page and its hydration draw `fallback` (a placeholder of the same size), and the browser
 * then loads and draws the part as it did before the server drew pages (decision 0032). Server-drawn, such a part
 * would look ready while its code was still on the way, and a click or a keystroke in it would be lost.
 */
export function BrowserSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
