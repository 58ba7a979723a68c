import { startTransition, useEffect, useRef, useState } from "react";

// True while a render must draw what the server knows: always in the server's render, and in the browser while it
// hydrates the page the server drew (main.tsx starts it, the page's Interactive effect in app.tsx ends it).
let hydrating = typeof window === "undefined";

export function startHydrating(): void {
  hydrating = true;
}

export function endHydrating(): void {
  hydrating = false;
}

/** Whether a render now must draw what the server drew (see above). */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * `serverValue` in the server's render and in the hydration that takes it over (decision 0032), and `browserValue()`
 * from then on, switched to as a transition: React redraws what changed in slices, instead of in one long task
 * right after the hydration. A part first drawn later gets `browserValue()` at once.
 */
export function useBrowserValue<T>(serverValue: T, browserValue: () => T): T {
  const startedHydrating = useRef(hydrating);
  const [value, setValue] = useState(() => (hydrating ? serverValue : browserValue()));
  useEffect(() => {
    if (startedHydrating.current) startTransition(() => setValue(browserValue()));
    // Once, after the hydration: the values this serves do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}

/**
 * False in the server's render of a page and while the browser hydrates it, true from then on: for what must not be
 * there before the browser can answer it (a file input, whose files the hydration would drop; a part that loads later).
 */
export function useHydrated(): boolean {
  return useBrowserValue(false, () => true);
}
