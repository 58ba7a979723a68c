import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useSearch } from "wouter";
import { BookOpen, CalendarDays, MessageSquare, Mic, Music, Search, SearchX, Users } from "lucide-react";
import { z } from "zod";
import { type SearchResults, searchQuerySchema } from "@shared/contracts/search";
import { formatLongDate } from "@shared/format";
import { relativeTime } from "@web/lib/relative-time";
import { PageHeader } from "@web/components/layout/page-header";
import { UserAvatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { EmptyState } from "@web/components/ui/empty-state";
import { MediaList } from "@web/features/player/media-list";
import { routeQuery } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";

function Group({ id, title, icon, count, children }: { id: string; title: string; icon: ReactNode; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-labelledby={`results-${id}`} className="flex flex-col gap-3">
      <h2 id={`results-${id}`} className="flex items-center gap-2 text-lg font-semibold [&_svg]:size-5 [&_svg]:text-primary">
        {icon}
        {title} <span className="text-sm font-normal text-muted-foreground">({count})</span>
      </h2>
      {children}
    </section>
  );
}

function totalOf(data: SearchResults): number {
  return data.sermons.length + data.songs.length + data.podcasts.length + data.posts.length + data.members.length + data.events.length;
}

/** The results, grouped by kind. */
function Results({ data }: { data: SearchResults }) {
  return (
    <div className="flex flex-col gap-8" aria-live="polite">
      <Group id="sermons" title="Sermons" icon={<BookOpen />} count={data.sermons.length}>
        <MediaList items={data.sermons} label="Sermon results" />
      </Group>
      <Group id="songs" title="Songs" icon={<Music />} count={data.songs.length}>
        <MediaList items={data.songs} label="Song results" />
      </Group>
      <Group id="podcasts" title="Podcasts" icon={<Mic />} count={data.podcasts.length}>
        <MediaList items={data.podcasts} label="Podcast results" />
      </Group>
      <Group id="posts" title="Posts" icon={<MessageSquare />} count={data.posts.length}>
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {data.posts.map((post) => (
            <li key={post.id}>
              <Link href={`/community/${post.id}`} className="flex gap-3 p-3 hover:bg-muted/50">
                <UserAvatar displayName={post.user.displayName} imageUrl={post.user.profileImageUrl} size="sm" />
                <span className="min-w-0">
                  <span className="block text-sm font-medium">
                    {post.user.displayName} <span className="font-normal text-muted-foreground">· {relativeTime(post.createdAt)}</span>
                  </span>
                  <span className="line-clamp-2 text-sm text-muted-foreground">{post.content}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Group>
      <Group id="members" title="Members" icon={<Users />} count={data.members.length}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.members.map((member) => (
            <li key={member.id}>
              <Link
                href={`/profile/${member.id}`}
                className="flex items-center gap-3 rounded-xl border border-border bg-card p-3 hover:bg-muted/50"
              >
                <UserAvatar displayName={member.displayName} imageUrl={member.profileImageUrl} />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{member.displayName}</span>
                  <span className="block truncate text-sm text-muted-foreground">@{member.username}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Group>
      <Group id="events" title="Events" icon={<CalendarDays />} count={data.events.length}>
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {data.events.map((event) => (
            <li key={event.id}>
              <Link href="/events" className="block p-3 hover:bg-muted/50">
                <span className="block font-medium">{event.title}</span>
                <span className="text-sm text-muted-foreground">
                  {formatLongDate(event.startTime)} · {event.location}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Group>
    </div>
  );
}

/** The search field of the contract's query (`q`); blank text does nothing (spec §5, as in the header). */
const refineSchema = z.object({ q: searchQuerySchema.shape.q });

function RefineSearchForm({ q, onSearch }: { q: string; onSearch: (terms: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(refineSchema, { defaultValues: { q } });
  return (
    <form onSubmit={handleSubmit((input) => input.q && onSearch(input.q))} noValidate className="mb-8 flex max-w-xl items-start gap-2">
      <FormField id="refine-search" label="Search terms" hideLabel error={errors.q?.message} className="flex-1 gap-1">
        {(aria) => (
          <Input
            {...aria}
            type="search"
            placeholder="Refine your search..."
            maxLength={maxLengthOf(searchQuerySchema.shape.q)}
            {...register("q")}
          />
        )}
      </FormField>
      <Button type="submit">Search</Button>
    </form>
  );
}

/** /search?q=: the header search's results, ranked by the database's full-text search and grouped by kind. */
export function SearchPage() {
  const q = new URLSearchParams(useSearch()).get("q")?.trim() ?? "";
  const [, navigate] = useLocation();
  const results = useQuery({ ...routeQuery("GET /api/search", { query: { q } }), enabled: q.length > 0 });

  return (
    <>
      <PageHeader
        title={q ? `Search results for “${q}”` : "Search"}
        icon={Search}
        description="Sermons, songs, podcasts, posts, members and events."
      />
      <RefineSearchForm key={q} q={q} onSearch={(terms) => navigate(`/search?q=${encodeURIComponent(terms)}`)} />
      {!q ? (
        <EmptyState icon={<Search />} title="What are you looking for?">
          Type a word from a title, a speaker, a song, a member's name or an event.
        </EmptyState>
      ) : (
        <QueryState
          query={results}
          loading={<SkeletonList count={4} className="gap-3" itemClassName="h-16 w-full" />}
          error="Search is unavailable right now"
          isEmpty={(data) => totalOf(data) === 0}
          empty={
            <EmptyState icon={<SearchX />} title="No results found">
              Nothing matches “{q}”. Try fewer or different words.
            </EmptyState>
          }
        >
          {(data) => <Results data={data} />}
        </QueryState>
      )}
    </>
  );
}
