import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { LiveState } from "@shared/contracts/streaming";
import { liveLink } from "@web/lib/live";

/**
 * Keeps the live state's query true for a signed-in member: STREAM_STATE refreshes it, STREAM_VIEWERS updates the
 * count, and a link that (re)connects refreshes it in case it missed a change. Loaded after the first paint (the live
 * link brings its event schemas); answers the function that stops following.
 */
export function followLiveState(queryClient: QueryClient, key: QueryKey, userId: number): () => void {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  let connected = liveLink.getConnected();
  const stops = [
    liveLink.retain(userId),
    liveLink.on("STREAM_STATE", refresh),
    liveLink.on("STREAM_VIEWERS", ({ streamId, viewers }) => {
      queryClient.setQueryData<LiveState>(key, (current) =>
        current?.live?.streamId === streamId ? { ...current, live: { ...current.live, viewers } } : current,
      );
    }),
    liveLink.subscribeStatus(() => {
      const now = liveLink.getConnected();
      if (now && !connected) refresh();
      connected = now;
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
