import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { History, RotateCcw, Trash2, X } from "lucide-react";
import { formatDuration } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { RequireMember } from "@web/features/auth/require-member";
import { useAuth } from "@web/features/auth/use-auth";
import { invalidateMedia, mediaQueries } from "@web/features/player/media-api";
import { EmptyState } from "@web/components/ui/empty-state";
import { MediaList } from "@web/features/player/media-list";
import { usePlayer } from "@web/features/player/player-provider";
import { startPosition, toTrack } from "@web/features/player/track";
import { callRoute, errorMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

/** /history: what the member played, most recent first, resuming where they stopped. */
export function HistoryPage() {
  const { user } = useAuth();
  const player = usePlayer();
  const queryClient = useQueryClient();
  const history = useQuery({ ...mediaQueries.history(), enabled: Boolean(user) });
  const remove = useMutation({
    /** Forgets one item, or with no id the whole history. */
    mutationFn: (mediaId?: number) =>
      mediaId === undefined ? callRoute("DELETE /api/history") : callRoute("DELETE /api/history/:mediaId", { params: { mediaId } }),
    onSuccess: () => invalidateMedia(queryClient),
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "Could not update your history."), variant: "destructive" }),
  });
  const entries = history.data ?? [];

  return (
    <>
      <PageHeader
        title="History"
        icon={History}
        description="Pick up where you left off: everything you have watched and listened to."
        actions={
          entries.length > 0 ? (
            <Button variant="outline" onClick={() => remove.mutate(undefined)} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              Clear History
            </Button>
          ) : undefined
        }
      />
      <RequireMember reason="Sign in to keep your listening history and resume where you stopped.">
        {() => (
          <QueryState
            query={history}
            loading={<SkeletonList count={4} itemClassName="h-16 w-full" />}
            error="Your history could not be loaded."
            isEmpty={(entries) => entries.length === 0}
            empty={
              <EmptyState
                icon={<History />}
                title="Nothing played yet"
                action={
                  <Button asChild>
                    <Link href="/sermons">Browse sermons</Link>
                  </Button>
                }
              >
                Sermons, songs and podcasts you play will appear here.
              </EmptyState>
            }
          >
            {(entries) => (
              <MediaList
                items={entries.map((entry) => ({ ...entry.media, resumePosition: entry.position }))}
                label="Listening history"
                extra={(item, index) => {
                  const entry = entries[index];
                  if (!entry) return null;
                  const resumeAt = startPosition({ resumePosition: entry.position, duration: item.duration });
                  return (
                    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      <span>Played {relativeTime(entry.playedAt)}</span>
                      {resumeAt > 0 ? (
                        <>
                          <span data-testid="resume-position">Stopped at {formatDuration(resumeAt)}</span>
                          <div className="h-1 w-24 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                            <div
                              className="h-full bg-primary"
                              style={{ width: `${Math.min(100, (resumeAt / Math.max(1, item.duration)) * 100)}%` }}
                            />
                          </div>
                          <button
                            type="button"
                            className="inline-flex cursor-pointer items-center gap-1 font-medium text-primary hover:underline"
                            onClick={() =>
                              player.playTrack(
                                toTrack(item),
                                entries.map((e) => toTrack({ ...e.media, resumePosition: e.position })),
                              )
                            }
                          >
                            <RotateCcw className="size-3" aria-hidden="true" />
                            Resume at {formatDuration(resumeAt)}
                          </button>
                        </>
                      ) : null}
                      <button
                        type="button"
                        className="inline-flex cursor-pointer items-center gap-1 hover:text-foreground"
                        onClick={() => remove.mutate(entry.mediaId)}
                        aria-label={`Remove ${item.title} from history`}
                      >
                        <X className="size-3" aria-hidden="true" />
                        Remove
                      </button>
                    </div>
                  );
                }}
              />
            )}
          </QueryState>
        )}
      </RequireMember>
    </>
  );
}
