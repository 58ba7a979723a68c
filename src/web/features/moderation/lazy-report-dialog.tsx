import { type ComponentProps, lazy } from "react";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

const ReportDialog = lazy(async () => ({ default: (await import("./report-dialog")).ReportDialog }));

/** The report dialog, loaded the first time a member opens it. */
export function LazyReportDialog(props: ComponentProps<typeof ReportDialog>) {
  if (!props.open) return null;
  return (
    <BrowserSuspense fallback={null}>
      <ReportDialog {...props} />
    </BrowserSuspense>
  );
}
