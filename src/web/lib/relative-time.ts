import { formatRelativeTime } from "@shared/format";
import { pageNow } from "./initial-state";

/** How long ago `input` was, in the words of formatRelativeTime, counted from the render's time (pageNow). */
export function relativeTime(input: string | Date): string {
  return formatRelativeTime(input, pageNow());
}
