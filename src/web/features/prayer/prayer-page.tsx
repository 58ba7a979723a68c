import { useQuery } from "@tanstack/react-query";
import { HandHeart } from "lucide-react";
import type { PrayerRequest } from "@shared/contracts/prayer";
import { PageHeader } from "@web/components/layout/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { routeQuery } from "@web/lib/api";
import { RequireMember } from "@web/features/auth/require-member";
import { PrayerCard } from "./prayer-card";
import { PrayerForm } from "./prayer-form";

const LIST_LIMIT = 50;

/** /prayer: ask for prayer, pray for others on the wall, and (care team) follow every request up. */
export function PrayerPage() {
  return (
    <>
      <PageHeader
        title="Prayer Requests"
        icon={HandHeart}
        description="Share what is on your heart. Pray for one another, and let the care team walk with you."
      />
      <RequireMember reason="Sign in to ask for prayer and to pray for others." loading={<Spinner label="Loading…" className="py-16" />}>
        {(user) => <PrayerBoard isAdmin={user.role === "admin"} />}
      </RequireMember>
    </>
  );
}

function PrayerBoard({ isAdmin }: { isAdmin: boolean }) {
  const status = useQuery(routeQuery("GET /api/care-team/me"));
  const careTeam = status.data?.careTeam ?? false;
  const team = useQuery({ ...routeQuery("GET /api/care-team"), enabled: careTeam });
  const canReview = careTeam || isAdmin;
  const list = (scope: "wall" | "mine" | "care" | "held", empty: string) => (
    <PrayerList scope={scope} empty={empty} careTeam={careTeam} team={team.data} canReview={canReview} />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <Tabs defaultValue="wall" className="min-w-0">
        <TabsList aria-label="Prayer requests">
          <TabsTrigger value="wall">Prayer Wall</TabsTrigger>
          <TabsTrigger value="mine">My Requests</TabsTrigger>
          {careTeam ? <TabsTrigger value="care">Care Team</TabsTrigger> : null}
          {canReview ? <TabsTrigger value="review">Review</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="wall">{list("wall", "No prayer requests on the wall yet. Be the first to share one.")}</TabsContent>
        <TabsContent value="mine">{list("mine", "You have not asked for prayer yet.")}</TabsContent>
        {careTeam ? <TabsContent value="care">{list("care", "No prayer requests yet.")}</TabsContent> : null}
        {canReview ? (
          <TabsContent value="review" className="flex flex-col gap-6">
            <section aria-labelledby="held-heading" className="flex flex-col gap-3">
              <h2 id="held-heading" className="text-lg font-semibold">
                Waiting for Review
              </h2>
              {list("held", "No requests are waiting for review.")}
            </section>
            <PrayerReports careTeam={careTeam} />
          </TabsContent>
        ) : null}
      </Tabs>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle className="text-base">Ask for Prayer</CardTitle>
          <CardDescription>
            New members' wall requests appear once the care team has read them. Private requests reach only the care team.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PrayerForm />
        </CardContent>
      </Card>
    </div>
  );
}

type PrayerListProps = {
  scope: "wall" | "mine" | "care" | "held";
  empty: string;
  careTeam: boolean;
  team: Parameters<typeof PrayerCard>[0]["team"];
  canReview: boolean;
};

function PrayerList({ scope, empty, careTeam, team, canReview }: PrayerListProps) {
  const requests = useQuery(routeQuery("GET /api/prayer", { query: { scope, limit: LIST_LIMIT } }));
  return (
    <QueryState
      query={requests}
      loading={<Skeleton className="h-40 w-full" />}
      error="The prayer requests could not be loaded."
      isEmpty={(items: PrayerRequest[]) => items.length === 0}
      empty={<EmptyState icon={<HandHeart />} title={empty} />}
    >
      {(items) => (
        <ul className="flex flex-col gap-4" aria-label={scope === "wall" ? "Prayer wall" : "Prayer requests"}>
          {items.map((request) => (
            <li key={request.id}>
              <PrayerCard request={request} careTeam={careTeam} team={team} canReview={canReview} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function PrayerReports({ careTeam }: { careTeam: boolean }) {
  const reports = useQuery(routeQuery("GET /api/prayer/reports"));
  return (
    <section aria-labelledby="reports-heading" className="flex flex-col gap-3">
      <h2 id="reports-heading" className="text-lg font-semibold">
        Reported Requests
      </h2>
      <QueryState
        query={reports}
        loading={<Skeleton className="h-24 w-full" />}
        error="The reports could not be loaded."
        isEmpty={(items) => items.length === 0}
        empty={<p className="text-sm text-muted-foreground">No open reports.</p>}
      >
        {(items) => (
          <ul className="flex flex-col gap-4" aria-label="Reported requests">
            {items.map((report) => (
              <li key={report.id} className="flex flex-col gap-2">
                <p className="text-sm">
                  Reported as <strong>{report.reason}</strong> by {report.reporter.displayName}
                  {report.details ? `: ${report.details}` : ""}
                </p>
                <PrayerCard request={report.request} careTeam={careTeam} canReview />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
