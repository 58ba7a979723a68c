import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CheckCircle2, Flag, HandHeart } from "lucide-react";
import type { CareTeamMember } from "@shared/contracts/safety";
import { type PrayerRequest, type ReportReason, prayerMessages } from "@shared/contracts/prayer";
import { relativeTime } from "@web/lib/relative-time";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";

const refreshPrayer = () => queryClient.invalidateQueries({ queryKey: routeKey("GET /api/prayer") });
const failed = (fallback: string) => (error: unknown) =>
  toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });

const reasons: { value: ReportReason; label: string }[] = [
  { value: "spam", label: "Spam" },
  { value: "harassment", label: "Harassment" },
  { value: "inappropriate", label: "Inappropriate" },
  { value: "other", label: "Other" },
];

type PrayerCardProps = { request: PrayerRequest; careTeam: boolean; team?: CareTeamMember[]; canReview: boolean };

/** One prayer request: who asked (or Anonymous), how many prayed, and what the viewer may do with it. */
export function PrayerCard({ request, careTeam, team, canReview }: PrayerCardProps) {
  const [answering, setAnswering] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [testimony, setTestimony] = useState("");
  const [reason, setReason] = useState<ReportReason>("spam");
  const [details, setDetails] = useState("");
  const name = request.author?.displayName ?? "Anonymous";
  const headingId = `prayer-${request.id}-title`;

  const prayed = useMutation({
    mutationFn: () => callRoute("POST /api/prayer/:id/prayed", { params: { id: request.id } }),
    onSuccess: () => void refreshPrayer(),
    onError: failed("Could not record your prayer."),
  });
  const answer = useMutation({
    mutationFn: () => callRoute("POST /api/prayer/:id/answered", { params: { id: request.id }, body: testimony ? { testimony } : {} }),
    onSuccess: () => {
      setAnswering(false);
      toast({ title: "Marked Answered", description: "Praise God! Thank you for sharing." });
      void refreshPrayer();
    },
    onError: failed("Could not mark the request answered."),
  });
  const report = useMutation({
    mutationFn: () => callRoute("POST /api/prayer/:id/report", { params: { id: request.id }, body: { reason, details } }),
    onSuccess: () => {
      setReporting(false);
      toast({ title: "Request Reported", description: "Thank you. The care team will look at it." });
    },
    onError: failed("Could not send the report."),
  });
  const review = useMutation({
    mutationFn: (decision: "publish" | "hide") =>
      callRoute("POST /api/prayer/:id/review", { params: { id: request.id }, body: { decision } }),
    onSuccess: (updated) => {
      toast({ title: updated.status === "published" ? "Request Published" : "Request Hidden" });
      void refreshPrayer();
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/prayer/reports") });
    },
    onError: failed("Could not review the request."),
  });
  const assign = useMutation({
    mutationFn: (userId: number | null) => callRoute("PUT /api/prayer/:id/assignee", { params: { id: request.id }, body: { userId } }),
    onSuccess: () => void refreshPrayer(),
    onError: failed("Could not assign the request."),
  });

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <article aria-labelledby={headingId} className="flex flex-col gap-3">
          <header className="flex items-center gap-3">
            <UserAvatar displayName={name} imageUrl={request.author?.profileImageUrl ?? null} size="sm" />
            <div className="min-w-0 flex-1">
              <h3 id={headingId} className="truncate text-sm font-semibold">
                {request.mine ? `${name} (you)` : name}
              </h3>
              <p className="text-xs text-muted-foreground">
                <time dateTime={request.createdAt}>{relativeTime(request.createdAt)}</time>
              </p>
            </div>
            <div className="flex flex-wrap gap-1">
              {request.visibility === "private" ? <Badge variant="secondary">Care team only</Badge> : null}
              {request.anonymous ? <Badge variant="secondary">Anonymous</Badge> : null}
              {request.status === "held" ? <Badge variant="secondary">Waiting for review</Badge> : null}
              {request.status === "hidden" ? <Badge variant="secondary">Hidden</Badge> : null}
              {request.answeredAt ? <Badge>Answered</Badge> : null}
            </div>
          </header>
          <p className="whitespace-pre-wrap text-sm">{request.content}</p>
          {request.testimony ? (
            <p className="rounded-md bg-muted p-3 text-sm">
              <span className="font-semibold">Testimony: </span>
              {request.testimony}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {request.prayedCount === 1 ? "1 person prayed" : `${request.prayedCount} people prayed`}
            </p>
            {!request.mine && request.status === "published" ? (
              <Button
                size="sm"
                variant={request.prayedByMe ? "secondary" : "default"}
                disabled={request.prayedByMe || prayed.isPending}
                onClick={() => prayed.mutate()}
              >
                <HandHeart aria-hidden="true" />
                {request.prayedByMe ? "You prayed" : "I Prayed"}
              </Button>
            ) : null}
            {request.mine && !request.answeredAt ? (
              <Button size="sm" variant="outline" onClick={() => setAnswering((open) => !open)} aria-expanded={answering}>
                <CheckCircle2 aria-hidden="true" />
                Mark Answered
              </Button>
            ) : null}
            {!request.mine && request.visibility === "wall" ? (
              <Button size="sm" variant="ghost" onClick={() => setReporting((open) => !open)} aria-expanded={reporting}>
                <Flag aria-hidden="true" />
                Report
              </Button>
            ) : null}
            {canReview && request.visibility === "wall" && request.status !== "published" ? (
              <Button size="sm" onClick={() => review.mutate("publish")} disabled={review.isPending}>
                Publish
              </Button>
            ) : null}
            {canReview && request.visibility === "wall" && request.status !== "hidden" ? (
              <Button size="sm" variant="outline" onClick={() => review.mutate("hide")} disabled={review.isPending}>
                Hide
              </Button>
            ) : null}
          </div>
          {answering ? (
            <form
              className="flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                answer.mutate();
              }}
            >
              <Label htmlFor={`testimony-${request.id}`}>Testimony (optional)</Label>
              <Textarea
                id={`testimony-${request.id}`}
                rows={3}
                maxLength={2000}
                value={testimony}
                onChange={(event) => setTestimony(event.target.value)}
                placeholder="How did God answer?"
              />
              <Button type="submit" size="sm" className="self-start" disabled={answer.isPending}>
                Save Answer
              </Button>
            </form>
          ) : null}
          {reporting ? (
            <form
              className="flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                report.mutate();
              }}
            >
              <Label htmlFor={`report-reason-${request.id}`}>Reason</Label>
              <select
                id={`report-reason-${request.id}`}
                className="h-9 rounded-md border border-input bg-card px-2 text-sm"
                value={reason}
                onChange={(event) => setReason(event.target.value as ReportReason)}
              >
                {reasons.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <Label htmlFor={`report-details-${request.id}`}>Details (optional)</Label>
              <Textarea
                id={`report-details-${request.id}`}
                rows={2}
                maxLength={500}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
              />
              <Button type="submit" size="sm" variant="destructive" className="self-start" disabled={report.isPending}>
                Send Report
              </Button>
            </form>
          ) : null}
          {careTeam ? <CareTools request={request} team={team ?? []} onAssign={(userId) => assign.mutate(userId)} /> : null}
        </article>
      </CardContent>
    </Card>
  );
}

/** The care team's follow-up: who is assigned, and private notes. */
function CareTools({
  request,
  team,
  onAssign,
}: {
  request: PrayerRequest;
  team: CareTeamMember[];
  onAssign: (userId: number | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const notesQuery = routeQuery("GET /api/prayer/:id/notes", { params: { id: request.id } });
  const notes = useQuery({ ...notesQuery, enabled: open });
  const addNote = useMutation({
    mutationFn: () => callRoute("POST /api/prayer/:id/notes", { params: { id: request.id }, body: { content: note } }),
    onSuccess: () => {
      setNote("");
      void queryClient.invalidateQueries({ queryKey: notesQuery.queryKey });
    },
    onError: failed(prayerMessages.noteRequired),
  });
  return (
    <section aria-label="Care team follow-up" className="flex flex-col gap-2 border-t border-border pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={`assignee-${request.id}`}>Assigned to</Label>
        <select
          id={`assignee-${request.id}`}
          className="h-9 rounded-md border border-input bg-card px-2 text-sm"
          value={request.assignee?.id ?? ""}
          onChange={(event) => onAssign(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">Nobody yet</option>
          {team.map((member) => (
            <option key={member.id} value={member.id}>
              {member.displayName}
            </option>
          ))}
        </select>
        <Button size="sm" variant="ghost" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
          {open ? "Hide Notes" : "Follow-up Notes"}
        </Button>
      </div>
      {open ? (
        <div className="flex flex-col gap-2">
          <ul className="flex flex-col gap-1 text-sm" aria-label="Follow-up notes">
            {(notes.data ?? []).map((item) => (
              <li key={item.id} className="rounded-md bg-muted p-2">
                <span className="font-semibold">{item.author?.displayName ?? "Former member"}: </span>
                {item.content}
              </li>
            ))}
          </ul>
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              addNote.mutate();
            }}
          >
            <Label htmlFor={`note-${request.id}`}>Add a private note</Label>
            <Textarea id={`note-${request.id}`} rows={2} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
            <Button type="submit" size="sm" className="self-start" disabled={addNote.isPending}>
              Save Note
            </Button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
