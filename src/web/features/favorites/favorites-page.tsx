import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Heart, LogIn } from "lucide-react";
import type { MediaItem, MediaType } from "@shared/contracts/content";
import { messages } from "@shared/messages";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { mediaKeys } from "@web/features/player/media-api";
import { EmptyState } from "@web/features/player/media-card";
import { MediaList } from "@web/features/player/media-list";

const tabs: { value: "all" | MediaType; label: string }[] = [
  { value: "all", label: "All" },
  { value: "sermon", label: "Sermons" },
  { value: "song", label: "Music" },
  { value: "podcast", label: "Podcasts" },
];

/** /favorites: everything the member saved, by kind, ready to play. */
export function FavoritesPage() {
  const { user, loading } = useAuth();
  const favorites = useQuery<MediaItem[]>({ queryKey: mediaKeys.favorites, enabled: Boolean(user) });
  const header = <PageHeader title="Favorites" icon={Heart} description="The sermons, songs and podcasts you have saved, ready to play." />;

  if (!user) {
    return (
      <>
        {header}
        {loading ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <EmptyState
            icon={<LogIn />}
            title={messages.signInRequired}
            action={
              <Button asChild>
                <Link href="/auth/login">Sign In</Link>
              </Button>
            }
          >
            Sign in to save sermons, songs and podcasts to your favorites.
          </EmptyState>
        )}
      </>
    );
  }

  const items = favorites.data ?? [];
  return (
    <>
      {header}
      {favorites.isLoading ? (
        <div className="grid gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
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
      ) : (
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
      )}
    </>
  );
}
