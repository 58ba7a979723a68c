import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { type MediaItem, reportMediaSchema } from "@shared/contracts/content";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { TextareaField } from "@web/components/ui/form-field";
import { callRoute, errorMessage } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";

type ReportMedia = z.output<typeof reportMediaSchema>;

/** Report: the member tells the moderators what is wrong with an item. */
export function ReportDialog({ item, open, onOpenChange }: { item: MediaItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(reportMediaSchema, { defaultValues: { reason: "" } });
  const report = useMutation({
    mutationFn: (input: ReportMedia) => callRoute("POST /api/content/media/:id/report", { params: { id: item.id }, body: input }),
    onSuccess: () => {
      toast({ title: "Report Received", description: "Thank you. Our moderators will review it." });
      reset();
      onOpenChange(false);
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not send the report."), variant: "destructive" }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={handleSubmit((input) => report.mutate(input))} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Report</DialogTitle>
            <DialogDescription>Tell our moderators what is wrong with “{item.title}”.</DialogDescription>
          </DialogHeader>
          <TextareaField
            id={`report-reason-${item.id}`}
            label="Reason"
            error={errors.reason?.message}
            controlProps={{ rows: 3, maxLength: maxLengthOf(reportMediaSchema.shape.reason), ...register("reason") }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={report.isPending}>
              Send Report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
