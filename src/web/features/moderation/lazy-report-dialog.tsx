import { type ComponentProps, Suspense, lazy } from "react";

const ReportDialog = lazy(async () => ({ default: (await import("./report-dialog")).ReportDialog }));

/** The report dialog, loaded the first time a member opens it. */
export function LazyReportDialog(props: ComponentProps<typeof ReportDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}
