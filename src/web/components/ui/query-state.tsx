import type { ReactNode } from "react";
import { ErrorState } from "./error-state";

/** What QueryState reads of a TanStack query (plain or infinite): its data, whether it failed, and how to load it again. */
export type QueryStatus<T> = {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
};

type QueryStateProps<T> = {
  query: QueryStatus<T>;
  /** Shown until the first answer: a skeleton of what will come. */
  loading: ReactNode;
  /** The title of the error state, e.g. "The sermons could not be loaded." */
  error: ReactNode;
  /** True when the answer has nothing to show; `empty` is shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * The one pattern for a list or page that loads: a skeleton while it loads, the error with Try Again when
 * the API fails, the empty state when there is nothing, and the content otherwise. A failed load never
 * passes for an empty list.
 */
export function QueryState<T>({ query, loading, error, isEmpty, empty = null, children }: QueryStateProps<T>) {
  if (query.data === undefined) {
    if (query.isError) return <ErrorState title={error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    return <>{loading}</>;
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
