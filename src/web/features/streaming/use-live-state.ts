import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { LiveState } from "@shared/contracts/streaming";
import { routeKey, routeQuery } from "@web/lib/api";
import { useLiveEvent, useLiveLink } from "@web/lib/live";

/** Visitors have no live link: they look again this often while a page showing the state is open. */
const VISITOR_REFRESH_MS = 15_000;

/**
 * What is live and what comes next. Signed-in members hear STREAM_STATE and STREAM_VIEWERS on the live link (kept
 * open while a page shows the state); visitors, who have no live link, look again on a slow interval.
 */
export function useLiveState() {
  const queryClient = useQueryClient();
  const { connected } = useLiveLink();
  const key = routeKey("GET /api/streaming/state");
  const state = useQuery({ ...routeQuery("GET /api/streaming/state"), refetchInterval: connected ? false : VISITOR_REFRESH_MS });
  useLiveEvent("STREAM_STATE", () => void queryClient.invalidateQueries({ queryKey: key }));
  // A link that (re)connects may have missed a change.
  useEffect(() => {
    if (connected) void queryClient.invalidateQueries({ queryKey: key });
  }, [connected]); // eslint-disable-line react-hooks/exhaustive-deps -- the key is the same every render
  useLiveEvent("STREAM_VIEWERS", ({ streamId, viewers }) =>
    queryClient.setQueryData<LiveState>(key, (current) =>
      current?.live?.streamId === streamId ? { ...current, live: { ...current.live, viewers } } : current,
    ),
  );
  return state;
}

/** The time now, ticking every second while a countdown is shown. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
