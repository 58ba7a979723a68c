import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatCount } from "@shared/format";
import { Link } from "wouter";
import { BarChart3, Flag, Hash, ShieldCheck, UsersRound } from "lucide-react";
import type { Report } from "@shared/contracts/posts";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

function SidebarCard({ title, icon: Icon, children }: { title: string; icon: typeof BarChart3; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const sidebarLoading = <Skeleton className="h-16 w-full" />;

function CommunityStatsCard() {
  const stats = useQuery(routeQuery("GET /api/community/stats"));
  return (
    <SidebarCard title="Community Stats" icon={BarChart3}>
      <QueryState query={stats} loading={sidebarLoading} error="The stats could not be loaded.">
        {(data) => (
          <dl className="grid gap-2 text-sm">
            {(
              [
                ["Members", data.members],
                ["Posts this week", data.postsThisWeek],
                ["Active this week", data.activeMembers],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex items-center justify-between">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-semibold">{formatCount(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
    </SidebarCard>
  );
}

function ActiveGroupsCard() {
  const groups = useQuery(routeQuery("GET /api/community/groups"));
  return (
    <SidebarCard title="Active Groups" icon={UsersRound}>
      <QueryState
        query={groups}
        loading={sidebarLoading}
        error="The groups could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-muted-foreground">No groups yet.</p>}
      >
        {(list) => (
          <ul className="grid gap-3 text-sm">
            {list.map((group) => (
              <li key={group.id} className="flex items-center justify-between gap-2">
                <Link href="/chat" className="min-w-0 truncate font-medium hover:underline">
                  {group.name}
                </Link>
                <span className="shrink-0 text-muted-foreground">
                  {group.members} {group.members === 1 ? "member" : "members"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </SidebarCard>
  );
}

function TrendingTopicsCard() {
  const topics = useQuery(routeQuery("GET /api/community/trending"));
  return (
    <SidebarCard title="Trending Topics" icon={Hash}>
      <QueryState
        query={topics}
        loading={sidebarLoading}
        error="The topics could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-muted-foreground">No trending topics yet. Add a #hashtag to your post.</p>}
      >
        {(list) => (
          <ul className="grid gap-2 text-sm">
            {list.map((topic) => (
              <li key={topic.tag} className="flex items-center justify-between gap-2">
                <span className="font-medium text-primary">#{topic.tag}</span>
                <span className="text-muted-foreground">
                  {topic.posts} {topic.posts === 1 ? "post" : "posts"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </SidebarCard>
  );
}

function GuidelinesCard() {
  return (
    <SidebarCard title="Community Guidelines" icon={ShieldCheck}>
      <ul className="grid list-disc gap-1.5 pl-4 text-sm text-muted-foreground">
        <li>Speak the truth in love and treat everyone with kindness.</li>
        <li>Keep prayer requests about others respectful and private details out.</li>
        <li>No spam, advertising or divisive content.</li>
        <li>Report posts that break these guidelines; moderators will review them.</li>
      </ul>
    </SidebarCard>
  );
}

/** Moderators' queue: open reports with the reported post, to remove the post or dismiss the report. */
function ReportsCard() {
  const queryClient = useQueryClient();
  const reports = useQuery(routeQuery("GET /api/moderation/reports"));
  const act = useMutation({
    mutationFn: ({ report, remove }: { report: Report; remove: boolean }) =>
      remove && report.post
        ? callRoute("DELETE /api/posts/:id", { params: { id: report.post.id } })
        : callRoute("POST /api/moderation/reports/:id/resolve", { params: { id: report.id } }),
    onSuccess: (_answer, { remove }) => {
      toast({
        title: remove ? "Post Removed" : "Report Dismissed",
        description: remove ? "The post has been removed from the community." : "The post stays up.",
      });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/moderation/reports") });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/posts") });
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "The report could not be handled"), variant: "destructive" }),
  });
  return (
    <SidebarCard title="Reported Posts" icon={Flag}>
      <QueryState
        query={reports}
        loading={sidebarLoading}
        error="The reports could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-muted-foreground">No open reports.</p>}
      >
        {(list) => (
          <ul className="grid gap-4 text-sm">
            {list.map((report) => (
              <li key={report.id} className="grid gap-2 border-b border-border pb-3 last:border-0 last:pb-0">
                <p className="line-clamp-3">{report.post ? report.post.content : "This post was already removed."}</p>
                <p className="text-xs text-muted-foreground">
                  {report.post ? `By ${report.post.user.displayName}, ` : ""}reported by {report.reporter.displayName}
                  {report.reason ? `: ${report.reason}` : ""}
                </p>
                <div className="flex gap-2">
                  {report.post ? (
                    <Button size="sm" variant="destructive" disabled={act.isPending} onClick={() => act.mutate({ report, remove: true })}>
                      Remove Post
                    </Button>
                  ) : null}
                  <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate({ report, remove: false })}>
                    Dismiss
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </SidebarCard>
  );
}

/** The community page's side column: stats, groups and topics counted from the data, and the guidelines; moderators also see reports. */
export function CommunitySidebar({ canModerate = false }: { canModerate?: boolean }) {
  return (
    <aside aria-label="Community information" className="flex flex-col gap-4">
      {canModerate ? <ReportsCard /> : null}
      <CommunityStatsCard />
      <ActiveGroupsCard />
      <TrendingTopicsCard />
      <GuidelinesCard />
    </aside>
  );
}
