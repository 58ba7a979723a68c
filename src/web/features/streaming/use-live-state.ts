import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "@web/features/auth/use-auth";
import { routeKey, routeQuery } from "@web/lib/api";
import { pageNow } from "@web/lib/initial-state";

/** Visitors have no live link: they look again this often while a page showing the state is open. */
const VISITOR_REFRESH_MS = 15_000;
/** A member hears changes on the live link; this only catches one missed while the link was down. */
const MEMBER_REFRESH_MS = 60_000;

/**
 * What is live and what comes next. Signed-in members hear STREAM_STATE and STREAM_VIEWERS on the live link (kept
 * open while a page shows the state, and loaded after the first paint); visitors, who have no live link, look again
 * on a slow interval.
 */
export function useLiveState() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const state = useQuery({
    ...routeQuery("GET /api/streaming/state"),
    refetchInterval: userId === null ? VISITOR_REFRESH_MS : MEMBER_REFRESH_MS,
  });
  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./follow-live-state").then(({ followLiveState }) => {
      if (!cancelled) stop = followLiveState(queryClient, routeKey("GET /api/streaming/state"), userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);
  return state;
}

/** The time now, ticking every second while a countdown is shown. */
export function useNow(active: boolean): number {
  // The page's time while it is taken over, so the server's countdown and the browser's first one read the same.
  const [now, setNow] = useState(() => pageNow().getTime());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
