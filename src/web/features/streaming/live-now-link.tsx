import { Link } from "wouter";
import { useLiveState } from "./use-live-state";

/** The sidebar's LIVE NOW: shown only while a service is being received, and a way into it. */
export function LiveNowLink() {
  const state = useLiveState();
  const live = state.data?.live;
  if (!live) return null;
  return (
    <Link
      href="/streaming"
      className="mx-3 mt-2 flex items-center gap-2 rounded-lg bg-live px-3 py-2 text-sm font-semibold text-live-foreground hover:opacity-90"
      aria-label={`LIVE NOW: ${live.title}`}
    >
      <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
      LIVE NOW
      <span className="truncate font-normal">{live.title}</span>
    </Link>
  );
}
