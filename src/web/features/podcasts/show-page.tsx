import { lazy } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { ArrowLeft, Mic } from "lucide-react";
import { PAGE_LIMIT_MAX } from "@shared/constants";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { EmptyState } from "@web/components/ui/empty-state";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { useAuth } from "@web/features/auth/use-auth";
import { FeedSubscribeButtons } from "@web/features/feeds/subscribe-buttons";
import { MediaList } from "@web/features/player/media-list";
import { routeQuery } from "@web/lib/api";
import { SubscribeButton } from "./podcasts-page";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

const ShowSettingsCard = lazy(() => import("@web/features/feeds/show-settings").then((module) => ({ default: module.ShowSettingsCard })));

/** /podcasts/shows/{id}: one show, its episodes, and the ways to follow it here or in a podcast app. */
export function ShowPage() {
  const id = Number(useParams<{ id: string }>().id);
  const shows = useQuery(routeQuery("GET /api/content/categories", { query: { type: "podcast" } }));
  const episodes = useQuery(routeQuery("GET /api/content/media", { query: { type: "podcast", categoryId: id, limit: PAGE_LIMIT_MAX } }));
  const show = shows.data?.find((category) => category.id === id);
  const { user } = useAuth();

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-4">
        <Link href="/podcasts">
          <ArrowLeft aria-hidden="true" />
          All Podcasts
        </Link>
      </Button>
      <QueryState
        query={shows}
        loading={<SkeletonList count={3} itemClassName="h-16" />}
        error="The show could not be loaded."
        isEmpty={() => !show}
        empty={<EmptyState icon={<Mic />} title="Show not found" />}
      >
        {() =>
          show ? (
            <div className="flex flex-col gap-8">
              <PageHeader
                title={show.name}
                icon={Mic}
                description={show.description}
                actions={<SubscribeButton show={show} />}
                className="mb-0"
              />
              {show.feedUrl ? <FeedSubscribeButtons feedUrl={show.feedUrl} title={show.name} /> : null}
              <section aria-labelledby="show-episodes">
                <h2 id="show-episodes" className="mb-3 text-xl font-bold tracking-tight">
                  Episodes
                </h2>
                <QueryState
                  query={episodes}
                  loading={<SkeletonList count={4} itemClassName="h-16" />}
                  error="The episodes could not be loaded."
                  isEmpty={(list) => list.length === 0}
                  empty={<EmptyState icon={<Mic />} title="No episodes yet" />}
                >
                  {(list) => <MediaList items={list} label={`Episodes of ${show.name}`} />}
                </QueryState>
              </section>
              {user?.role === "admin" ? (
                <BrowserSuspense fallback={null}>
                  <ShowSettingsCard feed={show.id} episodes={episodes.data ?? []} />
                </BrowserSuspense>
              ) : null}
            </div>
          ) : null
        }
      </QueryState>
    </>
  );
}
