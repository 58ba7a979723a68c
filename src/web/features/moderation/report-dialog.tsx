import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { REPORT_DETAILS_MAX, type ReportReason } from "@shared/contracts/reports";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { errorMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

export const reportReasons: { value: ReportReason; label: string }[] = [
  { value: "spam", label: "Spam" },
  { value: "harassment", label: "Harassment" },
  { value: "inappropriate", label: "Inappropriate" },
  { value: "other", label: "Other" },
];

export type ReportInput = { reason: ReportReason; details: string };

type ReportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Report post", "Report comment", … */
  title: string;
  /** What is reported, in a sentence. */
  description: string;
  /** Sends the report; the dialog closes and thanks the member when it resolves. */
  send: (input: ReportInput) => Promise<unknown>;
  /** The toast's title once sent. */
  sentTitle?: string;
};

/** One report dialog for posts, comments, messages, members and media: a reason and optional details (decision 0021). */
export function ReportDialog({ open, onOpenChange, title, description, send, sentTitle = "Report Received" }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason>("spam");
  const [details, setDetails] = useState("");
  const report = useMutation({
    mutationFn: () => send({ reason, details }),
    onSuccess: () => {
      toast({ title: sentTitle, description: "Thank you. Our moderators will review it." });
      setReason("spam");
      setDetails("");
      onOpenChange(false);
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not send the report."), variant: "destructive" }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {reportReasons.map((option) => (
              <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="report-reason"
                  value={option.value}
                  checked={reason === option.value}
                  onChange={() => setReason(option.value)}
                  className="size-4 accent-primary"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="report-details">Details (optional)</Label>
            <Textarea
              id="report-details"
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={report.isPending}>
              {report.isPending ? "Sending…" : "Send Report"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
