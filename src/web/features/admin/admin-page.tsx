import { useState, type ReactNode } from "react";
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Download, ShieldCheck } from "lucide-react";
import type { AuditEntry } from "@shared/contracts/safety";
import type { AdminMember, MemberStatus, ModerationAction, Subscriber } from "@shared/contracts/moderation";
import type { Report } from "@shared/contracts/posts";
import type { PrayerReport } from "@shared/contracts/prayer";
import { relativeTime } from "@web/lib/relative-time";
import { PageHeader } from "@web/components/layout/page-header";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { LoadMoreButton } from "@web/components/ui/load-more";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { ContactInbox } from "@web/features/contact/contact-inbox";
import { NotFoundPage } from "@web/features/errors/not-found-page";
import { callRoute, errorMessage, routeKey, routeQuery, routeUrl } from "@web/lib/api";
import { listPagesQuery } from "@web/lib/list-pages";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";

const statusLabels: Record<MemberStatus, string> = {
  active: "Active",
  pending: "Waiting for review",
  declined: "Declined",
  suspended: "Suspended",
  banned: "Banned",
  deleting: "Deletion requested",
  deleted: "Deleted",
};
const reasonLabels = { spam: "Spam", harassment: "Harassment", inappropriate: "Inappropriate", other: "Other" } as const;
const targetLabels = { post: "Post", comment: "Comment", message: "Message", member: "Member", media: "Media" } as const;
const dayChoices = [1, 3, 7, 30, 90];

const failed = (fallback: string) => (error: unknown) =>
  toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
const refresh = (...keys: Parameters<typeof routeKey>[0][]) => {
  for (const key of keys) void queryClient.invalidateQueries({ queryKey: routeKey(key) });
};

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** A list read a page at a time: QueryState's loading, error and empty states over every page's items, then Load more. */
function PagedList<T>({
  query,
  error,
  empty,
  loadMore,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  error: string;
  empty: string;
  loadMore: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <QueryState
        query={query}
        loading={<ListSkeleton />}
        error={error}
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={<Empty>{empty}</Empty>}
      >
        {(data) => children(data.pages.flatMap((page) => page.items))}
      </QueryState>
      <LoadMoreButton query={query} label={loadMore} />
    </>
  );
}

function DaysSelect({ id, value, onChange, label }: { id: string; value: number; onChange: (days: number) => void; label: string }) {
  return (
    <>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
      >
        {dayChoices.map((days) => (
          <option key={days} value={days}>
            {days === 1 ? "1 day" : `${days} days`}
          </option>
        ))}
      </select>
    </>
  );
}

// ---------------------------------------------------------------- members

function MemberRow({ member, viewerId }: { member: AdminMember; viewerId: number }) {
  const [days, setDays] = useState(7);
  const change = useMutation({
    mutationFn: (action: "grant" | "revoke" | "suspend" | "ban" | "reinstate") => {
      const params = { userId: member.id };
      switch (action) {
        case "grant":
          return callRoute("PUT /api/care-team/:userId", { params });
        case "revoke":
          return callRoute("DELETE /api/care-team/:userId", { params });
        case "suspend":
          return callRoute("POST /api/admin/members/:userId/suspend", { params, body: { days } });
        case "ban":
          return callRoute("POST /api/admin/members/:userId/ban", { params, body: {} });
        case "reinstate":
          return callRoute("POST /api/admin/members/:userId/reinstate", { params });
      }
    },
    onSuccess: (_, action) => {
      const done = {
        grant: "Added to the care team",
        revoke: "Taken off the care team",
        suspend: "Suspended",
        ban: "Banned",
        reinstate: "Reinstated",
      };
      toast({ title: done[action], description: member.displayName });
      refresh("GET /api/admin/members", "GET /api/admin/audit");
    },
    onError: failed("The member could not be changed."),
  });
  const actionable = member.role !== "admin" && member.id !== viewerId && member.status !== "deleted";
  return (
    <li className="flex flex-col gap-3 border-b border-border py-3 last:border-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <UserAvatar displayName={member.displayName} imageUrl={member.profileImageUrl} size="sm" />
        <div className="min-w-0">
          <p className="truncate font-medium">
            <Link href={`/profile/${member.id}`} className="hover:underline">
              {member.displayName}
            </Link>{" "}
            <span className="text-sm text-muted-foreground">@{member.username}</span>
          </p>
          <p className="flex flex-wrap items-center gap-1.5 text-xs">
            <Badge variant="outline" className="capitalize">
              {member.role}
            </Badge>
            {member.careTeam ? <Badge variant="soft">Care team</Badge> : null}
            <Badge variant={member.status === "active" ? "secondary" : "destructive"}>{statusLabels[member.status]}</Badge>
            {member.suspendedUntil ? (
              <span className="text-muted-foreground">until {new Date(member.suspendedUntil).toLocaleDateString()}</span>
            ) : null}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {member.status !== "deleted" ? (
          <Button
            size="sm"
            variant="outline"
            disabled={change.isPending}
            onClick={() => change.mutate(member.careTeam ? "revoke" : "grant")}
          >
            {member.careTeam ? "Revoke care team" : "Grant care team"}
          </Button>
        ) : null}
        {actionable && (member.status === "suspended" || member.status === "banned") ? (
          <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => change.mutate("reinstate")}>
            Reinstate
          </Button>
        ) : null}
        {actionable && member.status !== "banned" ? (
          <>
            <DaysSelect id={`suspend-days-${member.id}`} value={days} onChange={setDays} label={`Suspend ${member.displayName} for`} />
            <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => change.mutate("suspend")}>
              Suspend
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={change.isPending}
              onClick={() => {
                if (window.confirm(`Ban ${member.displayName}? They will not be able to sign in.`)) change.mutate("ban");
              }}
            >
              Ban
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

function MembersPanel({ viewerId }: { viewerId: number }) {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<MemberStatus | "">("");
  const query = { limit: 25, ...(q.trim() ? { q: q.trim() } : {}), ...(status ? { status } : {}) };
  const members = useInfiniteQuery(listPagesQuery<AdminMember>(routeKey("GET /api/admin/members", { query })));
  return (
    <section aria-labelledby="admin-members-heading" className="grid gap-4">
      <h2 id="admin-members-heading" className="text-lg font-semibold">
        Members
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="admin-member-search">Search members</Label>
          <Input
            id="admin-member-search"
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder="Name or username"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="admin-member-status">Status</Label>
          <select
            id="admin-member-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as MemberStatus | "")}
            className="h-10 rounded-md border border-input bg-background px-2 text-sm"
          >
            <option value="">All</option>
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedList query={members} error="The members could not be loaded." empty="No members match." loadMore="Load more members">
        {(items) => (
          <ul aria-label="Members">
            {items.map((member) => (
              <MemberRow key={member.id} member={member} viewerId={viewerId} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

// ---------------------------------------------------------------- reports

function ReportItem({ report }: { report: Report }) {
  const [days, setDays] = useState(7);
  const act = useMutation({
    mutationFn: (action: ModerationAction) =>
      callRoute("POST /api/moderation/reports/:id/action", {
        params: { id: report.id },
        body: action === "suspend" ? { action, days } : { action },
      }),
    onSuccess: (result, action) => {
      const done = {
        dismiss: "Report Dismissed",
        hide: "Content Hidden",
        warn: "Member Warned",
        suspend: "Member Suspended",
        ban: "Member Banned",
      };
      toast({ title: done[action], description: result.settled > 1 ? `${result.settled} reports closed.` : "The report is closed." });
      refresh("GET /api/moderation/reports", "GET /api/admin/audit", "GET /api/admin/members", "GET /api/posts");
    },
    onError: failed("The report could not be handled."),
  });
  const aboutMember = report.member !== null;
  const label = `${targetLabels[report.targetType]} report ${report.id}`;
  return (
    <li className="grid gap-2 border-b border-border py-4 last:border-0" aria-label={label}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">{targetLabels[report.targetType]}</Badge>
        <Badge variant="destructive">{reasonLabels[report.reason]}</Badge>
        <span className="text-muted-foreground">
          reported by {report.reporter.displayName} · <time dateTime={report.createdAt}>{relativeTime(report.createdAt)}</time>
        </span>
      </p>
      <blockquote className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-wrap">
        {report.excerpt ?? <em className="text-muted-foreground">Already removed.</em>}
      </blockquote>
      {report.hidden ? <Badge variant="secondary">Hidden</Badge> : null}
      {report.details ? <p className="text-sm">“{report.details}”</p> : null}
      <p className="text-sm text-muted-foreground">
        {report.member ? <>About {report.member.displayName}. </> : null}
        {report.link ? (
          <Link href={report.link} className="underline underline-offset-2">
            Open
          </Link>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate("dismiss")}>
          Dismiss
        </Button>
        {report.targetType !== "member" && report.excerpt !== null && !report.hidden ? (
          <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate("hide")}>
            Hide content
          </Button>
        ) : null}
        {aboutMember ? (
          <>
            <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate("warn")}>
              Warn
            </Button>
            <DaysSelect
              id={`report-days-${report.id}`}
              value={days}
              onChange={setDays}
              label={`Suspend ${report.member?.displayName} for`}
            />
            <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate("suspend")}>
              Suspend
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={act.isPending}
              onClick={() => {
                if (window.confirm(`Ban ${report.member?.displayName}? They will not be able to sign in.`)) act.mutate("ban");
              }}
            >
              Ban
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** A hidden item (decision 0024): what it was, who hid it, and "Restore". */
function HiddenItem({ report }: { report: Report }) {
  const restore = useMutation({
    mutationFn: () => callRoute("POST /api/moderation/reports/:id/restore", { params: { id: report.id } }),
    onSuccess: () => {
      toast({ title: "Content Restored", description: "Everyone can see it again." });
      refresh("GET /api/moderation/reports", "GET /api/admin/audit", "GET /api/posts");
    },
    onError: failed("The content could not be restored."),
  });
  const label = `Hidden ${targetLabels[report.targetType].toLowerCase()} ${report.targetId}`;
  return (
    <li className="grid gap-2 border-b border-border py-4 last:border-0" aria-label={label}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">{targetLabels[report.targetType]}</Badge>
        <span className="text-muted-foreground">
          hidden by {report.resolvedBy?.displayName ?? "an admin"}
          {report.resolvedAt ? (
            <>
              {" "}
              · <time dateTime={report.resolvedAt}>{relativeTime(report.resolvedAt)}</time>
            </>
          ) : null}
        </span>
      </p>
      <blockquote className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-wrap">{report.excerpt}</blockquote>
      <div>
        <Button size="sm" variant="outline" disabled={restore.isPending} onClick={() => restore.mutate()}>
          Restore
        </Button>
      </div>
    </li>
  );
}

function ReportsPanel() {
  const reports = useQuery(routeQuery("GET /api/moderation/reports", { query: { status: "open" } }));
  const handled = useQuery(routeQuery("GET /api/moderation/reports", { query: { status: "resolved" } }));
  // One entry per hidden item, however many reports it settled.
  const hidden = (handled.data ?? []).filter(
    (report, index, all) =>
      report.hidden && all.findIndex((other) => other.targetType === report.targetType && other.targetId === report.targetId) === index,
  );
  return (
    <section aria-labelledby="admin-reports-heading" className="grid gap-2">
      <h2 id="admin-reports-heading" className="text-lg font-semibold">
        Moderation queue
      </h2>
      <QueryState
        query={reports}
        loading={<ListSkeleton />}
        error="The reports could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<Empty>No open reports. All clear.</Empty>}
      >
        {(list) => (
          <ul aria-label="Open reports">
            {list.map((report) => (
              <ReportItem key={report.id} report={report} />
            ))}
          </ul>
        )}
      </QueryState>
      <h3 id="admin-hidden-heading" className="mt-4 text-base font-semibold">
        Hidden content
      </h3>
      <p className="text-sm text-muted-foreground">Hidden from everyone but admins here. Restore brings it back where it was.</p>
      {hidden.length === 0 ? (
        <Empty>Nothing is hidden.</Empty>
      ) : (
        <ul aria-labelledby="admin-hidden-heading">
          {hidden.map((report) => (
            <HiddenItem key={report.id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Reports of prayer-wall requests, in the same queue (decision 0024). An anonymous request's author stays hidden: only the
 * care team sees who asked (decision 0016), and the API leaves the author out for admins who are not on it.
 */
function PrayerReportItem({ report }: { report: PrayerReport }) {
  const review = useMutation({
    mutationFn: (decision: "dismiss" | "hide") =>
      callRoute("POST /api/prayer/:id/review", { params: { id: report.request.id }, body: { decision } }),
    onSuccess: (_, decision) => {
      toast({ title: decision === "hide" ? "Prayer Request Hidden" : "Report Dismissed", description: "Its reports are closed." });
      refresh("GET /api/prayer/reports", "GET /api/admin/audit");
    },
    onError: failed("The report could not be handled."),
  });
  // Null for an anonymous request: admins who are not on the care team never learn who asked.
  const author = report.request.author?.displayName ?? "Anonymous";
  return (
    <li className="grid gap-2 border-b border-border py-4 last:border-0" aria-label={`Prayer request report ${report.id}`}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">Prayer request</Badge>
        <Badge variant="destructive">{reasonLabels[report.reason]}</Badge>
        <span className="text-muted-foreground">
          by {author} · reported by {report.reporter.displayName} ·{" "}
          <time dateTime={report.createdAt}>{relativeTime(report.createdAt)}</time>
        </span>
      </p>
      <blockquote className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-wrap">{report.request.content}</blockquote>
      {report.details ? <p className="text-sm">“{report.details}”</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => review.mutate("dismiss")}>
          Dismiss
        </Button>
        {report.request.status !== "hidden" ? (
          <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => review.mutate("hide")}>
            Hide request
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function PrayerReportsPanel() {
  const reports = useQuery(routeQuery("GET /api/prayer/reports"));
  return (
    <section aria-labelledby="admin-prayer-reports-heading" className="mt-6 grid gap-2">
      <h3 id="admin-prayer-reports-heading" className="text-base font-semibold">
        Prayer wall reports
      </h3>
      <QueryState
        query={reports}
        loading={<ListSkeleton />}
        error="The prayer wall reports could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<Empty>No open prayer wall reports.</Empty>}
      >
        {(list) => (
          <ul aria-labelledby="admin-prayer-reports-heading">
            {list.map((report) => (
              <PrayerReportItem key={report.id} report={report} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

// ---------------------------------------------------------------- review

function ReviewPanel() {
  const settings = useQuery(routeQuery("GET /api/admin/settings"));
  const pending = useQuery(routeQuery("GET /api/admin/review"));
  const save = useMutation({
    mutationFn: (requireApproval: boolean) => callRoute("PUT /api/admin/settings", { body: { requireApproval } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(routeKey("GET /api/admin/settings"), saved);
      toast({
        title: "Setting Saved",
        description: saved.requireApproval ? "New members wait for approval." : "New members take part at once.",
      });
      refresh("GET /api/admin/audit");
    },
    onError: failed("The setting could not be saved."),
  });
  const decide = useMutation({
    mutationFn: ({ userId, decision }: { userId: number; decision: "approve" | "decline" }) =>
      callRoute("POST /api/admin/review/:userId", { params: { userId }, body: { decision } }),
    onSuccess: (member, { decision }) => {
      toast({ title: decision === "approve" ? "Member Approved" : "Member Declined", description: member.displayName });
      refresh("GET /api/admin/review", "GET /api/admin/members", "GET /api/admin/audit");
    },
    onError: failed("The decision could not be saved."),
  });
  return (
    <section aria-labelledby="admin-review-heading" className="grid gap-4">
      <h2 id="admin-review-heading" className="text-lg font-semibold">
        New-member review
      </h2>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-4 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={settings.data?.requireApproval ?? false}
          disabled={settings.data === undefined || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <span>
          <span className="font-medium">Require approval before new members can post, comment or message</span>
          <span className="block text-muted-foreground">Members who join while this is on wait here until an admin approves them.</span>
        </span>
      </label>
      <QueryState
        query={pending}
        loading={<ListSkeleton />}
        error="The waiting members could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<Empty>Nobody is waiting for review.</Empty>}
      >
        {(list) => (
          <ul aria-label="Waiting members">
            {list.map((member) => (
              <li key={member.id} className="flex flex-col gap-2 border-b border-border py-3 last:border-0 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <UserAvatar displayName={member.displayName} imageUrl={member.profileImageUrl} size="sm" />
                  <p className="min-w-0 truncate">
                    <span className="font-medium">{member.displayName}</span>{" "}
                    <span className="text-sm text-muted-foreground">
                      @{member.username} · joined {relativeTime(member.createdAt)}
                    </span>
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ userId: member.id, decision: "approve" })}>
                    Approve {member.displayName}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ userId: member.id, decision: "decline" })}
                  >
                    Decline
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

// ---------------------------------------------------------------- newsletter and audit

function NewsletterPanel() {
  const subscribers = useInfiniteQuery(listPagesQuery<Subscriber>(routeKey("GET /api/admin/newsletter", { query: { limit: 50 } })));
  return (
    <section aria-labelledby="admin-newsletter-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-newsletter-heading" className="text-lg font-semibold">
          Newsletter subscribers
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={routeUrl("GET /api/admin/newsletter.csv")} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      <PagedList
        query={subscribers}
        error="The subscribers could not be loaded."
        empty="No subscribers yet."
        loadMore="Load more subscribers"
      >
        {(items) => (
          <ul aria-label="Subscribers" className="divide-y divide-border">
            {items.map((subscriber) => (
              <li key={subscriber.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <span className="break-all">{subscriber.email}</span>
                <time dateTime={subscriber.createdAt} className="text-muted-foreground">
                  {new Date(subscriber.createdAt).toLocaleDateString()}
                </time>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function AuditPanel() {
  const audit = useInfiniteQuery(listPagesQuery<AuditEntry>(routeKey("GET /api/admin/audit", { query: { limit: 25 } })));
  return (
    <section aria-labelledby="admin-audit-heading" className="grid gap-4">
      <h2 id="admin-audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <PagedList query={audit} error="The audit log could not be loaded." empty="Nothing recorded yet." loadMore="Load older entries">
        {(items) => (
          <ol aria-label="Audit entries" className="divide-y divide-border">
            {items.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 py-2 text-sm">
                <span>
                  <span className="font-medium">{entry.actor?.displayName ?? "System"}</span> · <code>{entry.action}</code> ·{" "}
                  {entry.targetType} {entry.targetId}
                </span>
                <span className="text-muted-foreground">
                  <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
                  {entry.detail ? ` · ${entry.detail}` : ""}
                </span>
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </section>
  );
}

const tabs = [
  { value: "members", label: "Members" },
  { value: "reports", label: "Reports" },
  { value: "review", label: "Review" },
  { value: "contact", label: "Contact" },
  { value: "newsletter", label: "Newsletter" },
  { value: "audit", label: "Audit log" },
] as const;

/** /admin: the admins' console. Anyone else finds no such page (the API answers them 401 or 403). */
export function AdminPage() {
  const { user, loading } = useAuth();
  if (loading && !user) return <ListSkeleton />;
  if (user?.role !== "admin") return <NotFoundPage />;
  return (
    <>
      <PageHeader
        title="Admin"
        icon={ShieldCheck}
        description="Members, the moderation and review queues, the contact inbox, subscribers and the audit log."
      />
      <Tabs defaultValue="members" className="grid gap-6">
        <TabsList aria-label="Admin sections" className="h-auto w-full flex-wrap justify-start gap-1 sm:flex-nowrap">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="flex-none sm:flex-1">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <Card className="p-4 sm:p-6">
          <TabsContent value="members">
            <MembersPanel viewerId={user.id} />
          </TabsContent>
          <TabsContent value="reports">
            <ReportsPanel />
            <PrayerReportsPanel />
          </TabsContent>
          <TabsContent value="review">
            <ReviewPanel />
          </TabsContent>
          <TabsContent value="contact">
            <ContactInbox />
          </TabsContent>
          <TabsContent value="newsletter">
            <NewsletterPanel />
          </TabsContent>
          <TabsContent value="audit">
            <AuditPanel />
          </TabsContent>
        </Card>
      </Tabs>
    </>
  );
}
