import { useCallback, useRef } from "react";

/**
 * Makes the ids a component gives the chat messages it sends, so the server's echo replaces the pending copy.
 * Unique within the tab: the prefix, the time, a count kept per component, and a random tail.
 */
export function useClientIds(prefix: string): () => string {
  const sent = useRef(0);
  return useCallback(() => {
    sent.current += 1;
    return `${prefix}${Date.now().toString(36)}-${sent.current}-${Math.random().toString(36).slice(2, 8)}`;
  }, [prefix]);
}
