import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Trash2 } from "lucide-react";
import type { MediaItem } from "@shared/contracts/content";
import { PAGE_LIMIT_MAX } from "@shared/constants";
import { formatDuration } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { Badge } from "@web/components/ui/badge";
import { ErrorState } from "@web/components/ui/error-state";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";
import { libraryPathFor } from "./upload-media";

const typeLabels = { sermon: "Sermon", song: "Song", podcast: "Podcast" } as const;
const SHOWN_AT_FIRST = 8;

/** What the signed-in creator has published, newest first, each with a link to it and Delete. */
export function MyPublishedMedia({ userId }: { userId: number }) {
  // What the member uploaded (their profile's Media tab lists the items naming them instead).
  const itemsQuery = routeQuery("GET /api/content/media", { query: { uploadedBy: userId, limit: PAGE_LIMIT_MAX } });
  const items = useQuery(itemsQuery);
  const [pending, setPending] = useState<MediaItem | null>(null);
  const [showAll, setShowAll] = useState(false);
  const remove = useMutation({
    mutationFn: (item: MediaItem) => callRoute("DELETE /api/content/media/:id", { params: { id: item.id } }),
    onSuccess: (_response, item) => {
      queryClient.setQueryData(itemsQuery.queryKey, (list) => list?.filter((entry) => entry.id !== item.id));
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/content/media") });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/content/featured") });
      toast({ title: "Media Deleted", description: `"${item.title}" has been removed from the library.` });
      setPending(null);
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not delete the media."), variant: "destructive" }),
  });

  const heading = (
    <h2 id="my-media-heading" className="mb-3 text-lg font-semibold">
      Your published media
    </h2>
  );
  if (items.isError && !items.data) {
    return (
      <section aria-labelledby="my-media-heading" className="mt-8">
        {heading}
        <ErrorState title="Your published media could not be loaded." onRetry={() => void items.refetch()} retrying={items.isFetching} />
      </section>
    );
  }
  // Nothing published yet (or still loading): the form above is all there is.
  if (!items.data?.length) return null;
  return (
    <section aria-labelledby="my-media-heading" className="mt-8">
      {heading}
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card">
        {(showAll ? items.data : items.data.slice(0, SHOWN_AT_FIRST)).map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-3 p-4">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{item.title}</p>
              <p className="text-sm text-muted-foreground">
                <Badge variant="secondary" className="mr-2">
                  {typeLabels[item.type]}
                </Badge>
                {formatDuration(item.duration)} · {relativeTime(item.createdAt)} · {item.playCount} plays
              </p>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link href={libraryPathFor(item)} aria-label={`View ${item.title}`}>
                View
              </Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setPending(item)} aria-label={`Delete ${item.title}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </li>
        ))}
      </ul>
      {items.data.length > SHOWN_AT_FIRST ? (
        <Button variant="link" className="mt-2 px-0" onClick={() => setShowAll((shown) => !shown)}>
          {showAll ? "Show fewer" : `Show all ${items.data.length}`}
        </Button>
      ) : null}
      <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this media?</DialogTitle>
            <DialogDescription>
              "{pending?.title}" and its file will be removed from the library, with its likes and places in playlists. This can't be
              undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => pending && remove.mutate(pending)}>
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
