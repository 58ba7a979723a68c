import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { BarChart3, Flag, Hash, ShieldCheck, UsersRound } from "lucide-react";
import type { ActiveGroup, CommunityStats, Report, TrendingTopic } from "@shared/contracts/posts";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { apiRequest, errorMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { POSTS_KEY } from "./use-posts";

const numberFormat = new Intl.NumberFormat("en-US");

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

function CommunityStatsCard() {
  const { data, isPending } = useQuery<CommunityStats>({ queryKey: ["/api/community/stats"] });
  const rows: [string, number | undefined][] = [
    ["Members", data?.members],
    ["Posts this week", data?.postsThisWeek],
    ["Active this week", data?.activeMembers],
  ];
  return (
    <SidebarCard title="Community Stats" icon={BarChart3}>
      <dl className="grid gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{isPending ? <Skeleton className="h-4 w-10" /> : numberFormat.format(value ?? 0)}</dd>
          </div>
        ))}
      </dl>
    </SidebarCard>
  );
}

function ActiveGroupsCard() {
  const { data, isPending } = useQuery<ActiveGroup[]>({ queryKey: ["/api/community/groups"] });
  return (
    <SidebarCard title="Active Groups" icon={UsersRound}>
      {isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">No groups yet.</p>
      ) : (
        <ul className="grid gap-3 text-sm">
          {data.map((group) => (
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
    </SidebarCard>
  );
}

function TrendingTopicsCard() {
  const { data, isPending } = useQuery<TrendingTopic[]>({ queryKey: ["/api/community/trending"] });
  return (
    <SidebarCard title="Trending Topics" icon={Hash}>
      {isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">No trending topics yet. Add a #hashtag to your post.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {data.map((topic) => (
            <li key={topic.tag} className="flex items-center justify-between gap-2">
              <span className="font-medium text-primary">#{topic.tag}</span>
              <span className="text-muted-foreground">
                {topic.posts} {topic.posts === 1 ? "post" : "posts"}
              </span>
            </li>
          ))}
        </ul>
      )}
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

const REPORTS_KEY = "/api/moderation/reports";

/** Moderators' queue: open reports with the reported post, to remove the post or dismiss the report. */
function ReportsCard() {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery<Report[]>({ queryKey: [REPORTS_KEY] });
  const act = useMutation({
    mutationFn: ({ report, remove }: { report: Report; remove: boolean }) =>
      remove && report.post
        ? apiRequest("DELETE", `${POSTS_KEY}/${report.post.id}`)
        : apiRequest("POST", `${REPORTS_KEY}/${report.id}/resolve`),
    onSuccess: (_answer, { remove }) => {
      toast({
        title: remove ? "Post Removed" : "Report Dismissed",
        description: remove ? "The post has been removed from the community." : "The post stays up.",
      });
      void queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] });
      void queryClient.invalidateQueries({ queryKey: [POSTS_KEY] });
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "The report could not be handled"), variant: "destructive" }),
  });
  return (
    <SidebarCard title="Reported Posts" icon={Flag}>
      {isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">No open reports.</p>
      ) : (
        <ul className="grid gap-4 text-sm">
          {data.map((report) => (
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
