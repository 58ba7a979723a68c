import { useState } from "react";
import { Flag } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { useAuth } from "@web/features/auth/use-auth";
import { callRoute } from "@web/lib/api";
import { LazyReportDialog } from "./lazy-report-dialog";

/** Report a member from their profile, with a reason; shown to signed-in members on someone else's profile. */
export function ReportMemberButton({ userId, displayName }: { userId: number; displayName: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || user.id === userId) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" />
        Report
      </Button>
      <LazyReportDialog
        open={open}
        onOpenChange={setOpen}
        title={`Report ${displayName}`}
        description={`Tell our moderators what is wrong with ${displayName}'s behaviour or profile.`}
        sentTitle="Member Reported"
        send={(input) => callRoute("POST /api/users/:id/report", { params: { id: userId }, body: input })}
      />
    </>
  );
}
