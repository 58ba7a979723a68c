import type { ComponentProps } from "react";
import { Button } from "./button";

/** The part of an infinite query a "load more" button reads. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The next page of a paged list, on demand: shown only while there is one, disabled while it loads, and labelled
 * `loadingLabel` meanwhile.
 */
export function LoadMoreButton({
  query,
  label,
  loadingLabel = "Loading…",
  ...buttonProps
}: { query: PagedQuery; label: string; loadingLabel?: string } & Omit<ComponentProps<typeof Button>, "onClick" | "children">) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      {...buttonProps}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? loadingLabel : label}
    </Button>
  );
}
