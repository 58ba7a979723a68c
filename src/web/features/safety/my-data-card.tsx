import { type FormEvent, useState } from "react";
import { Download, Trash2 } from "lucide-react";
import { DELETION_GRACE_DAYS } from "@shared/contracts/mydata";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Field } from "@web/components/ui/form-field";
import { callRoute, routeUrl, serverMessage } from "@web/lib/api";

/** /settings: download everything I created, or delete my account after a grace period. */
export function MyDataCard() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function handleDelete(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { scheduledFor } = await callRoute("POST /api/me/deletion", { body: { password } });
      // The server signed the member out everywhere; the home page loads afresh, signed out.
      window.location.assign(`/?deletion=${encodeURIComponent(scheduledFor ?? "")}`);
    } catch (failure) {
      setError(serverMessage(failure, "Your account could not be deleted. Please try again."));
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Download className="size-4" aria-hidden="true" />
          My Data
        </CardTitle>
        <CardDescription>Download everything you created, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button asChild variant="outline" className="self-start">
          <a href={routeUrl("GET /api/me/export")} download>
            <Download aria-hidden="true" />
            Download My Data
          </a>
        </Button>
        {confirming ? (
          <form onSubmit={handleDelete} noValidate className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">
              Your account will be deleted in {DELETION_GRACE_DAYS} days; signing in before then cancels the deletion. Afterwards your
              posts, comments and prayer requests are removed, and messages you sent stay with the people you wrote to, shown as from a
              deleted member.
            </p>
            <Field
              id="delete-password"
              label="Confirm with your password"
              error={error}
              controlProps={{
                type: "password",
                autoComplete: "current-password",
                value: password,
                onChange: (event) => setPassword(event.target.value),
              }}
            />
            <div className="flex gap-2">
              <Button type="submit" variant="destructive" disabled={busy}>
                <Trash2 aria-hidden="true" />
                Delete My Account
              </Button>
              <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="ghost" className="self-start text-destructive" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Delete Account…
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
