import { useState } from "react";
import { Flag } from "lucide-react";
import { callRoute } from "@web/lib/api";
import { LazyReportDialog } from "./lazy-report-dialog";

/** A small Report link under a message someone sent me; it opens the report dialog. */
export function ReportMessageButton({ messageId, senderName }: { messageId: number; senderName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="ml-1 inline-flex min-h-6 cursor-pointer items-center gap-0.5 rounded underline-offset-2 hover:underline"
        // Not the sender's name: it would make every received message a second control named after the contact.
        aria-label="Report message"
        onClick={() => setOpen(true)}
      >
        <Flag className="size-3" aria-hidden="true" />
        Report
      </button>
      <LazyReportDialog
        open={open}
        onOpenChange={setOpen}
        title="Report message"
        description={`Tell our moderators what is wrong with this message from ${senderName}.`}
        sentTitle="Message Reported"
        send={(input) => callRoute("POST /api/messages/:id/report", { params: { id: messageId }, body: input })}
      />
    </>
  );
}
