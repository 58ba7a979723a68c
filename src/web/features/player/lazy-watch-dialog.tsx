import { lazy, type ComponentProps } from "react";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// The dialog (Radix's dialog, focus trap and the item menu) loads on the first Watch, off the first page's path.
const WatchDialog = lazy(async () => ({ default: (await import("./watch-dialog")).WatchDialog }));

/** The sermon's watch dialog, loaded when a member first opens one. */
export function LazyWatchDialog(props: ComponentProps<typeof WatchDialog>) {
  return (
    <BrowserSuspense fallback={null}>
      <WatchDialog {...props} />
    </BrowserSuspense>
  );
}
