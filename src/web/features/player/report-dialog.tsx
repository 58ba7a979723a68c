import type { MediaItem } from "@shared/contracts/content";
import { ReportDialog as ReasonedReportDialog } from "@web/features/moderation/report-dialog";
import { callRoute } from "@web/lib/api";

/** Report: the member tells the moderators what is wrong with an item, with a reason (decision 0021). */
export function ReportDialog({ item, open, onOpenChange }: { item: MediaItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ReasonedReportDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report"
      description={`Tell our moderators what is wrong with “${item.title}”.`}
      send={(input) => callRoute("POST /api/content/media/:id/report", { params: { id: item.id }, body: input })}
    />
  );
}
