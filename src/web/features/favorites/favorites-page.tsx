import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Heart } from "lucide-react";
import type { MediaItem, MediaType } from "@shared/contracts/content";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { RequireMember } from "@web/features/auth/require-member";
import { useAuth } from "@web/features/auth/use-auth";
import { mediaQueries } from "@web/features/player/media-api";
import { EmptyState } from "@web/components/ui/empty-state";
import { MediaList } from "@web/features/player/media-list";

const tabs: { value: "all" | MediaType; label: string }[] = [
  { value: "all", label: "All" },
  { value: "sermon", label: "Sermons" },
  { value: "song", label: "Music" },
  { value: "podcast", label: "Podcasts" },
];

/** /favorites: everything the member saved, by kind, ready to play. */
export function FavoritesPage() {
  const { user } = useAuth();
  const favorites = useQuery({ ...mediaQueries.favorites(), enabled: Boolean(user) });
  return (
    <>
      <PageHeader title="Favorites" icon={Heart} description="The sermons, songs and podcasts you have saved, ready to play." />
      <RequireMember reason="Sign in to save sermons, songs and podcasts to your favorites.">
        {() => (
          <QueryState
            query={favorites}
            loading={<SkeletonList count={4} itemClassName="h-16 w-full" />}
            error="Your favorites could not be loaded."
            isEmpty={(items) => items.length === 0}
            empty={
              <EmptyState
                icon={<Heart />}
                title="No favorites yet"
                action={
                  <Button asChild>
                    <Link href="/explore">Explore content</Link>
                  </Button>
                }
              >
                Open the menu on any sermon, song or podcast and choose Add to Favorites.
              </EmptyState>
            }
          >
            {(items) => <FavoritesTabs items={items} />}
          </QueryState>
        )}
      </RequireMember>
    </>
  );
}

function FavoritesTabs({ items }: { items: MediaItem[] }) {
  return (
    <Tabs defaultValue="all">
      <TabsList>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label} ({tab.value === "all" ? items.length : items.filter((item) => item.type === tab.value).length})
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => {
        const shown = tab.value === "all" ? items : items.filter((item) => item.type === tab.value);
        return (
          <TabsContent key={tab.value} value={tab.value}>
            {shown.length === 0 ? (
              <EmptyState title={`No ${tab.label.toLowerCase()} in your favorites yet`} />
            ) : (
              <MediaList items={shown} label={`Favorite ${tab.label.toLowerCase()}`} />
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
