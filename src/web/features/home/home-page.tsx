import { useState } from "react";
import { formatWeekdayTime } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Bell, BookOpen, ChevronRight, LogIn, Mic, Music, Play, Sparkles, UserPlus, Video, type LucideIcon } from "lucide-react";
import { APP_NAME } from "@shared/constants";
import type { StreamService } from "@shared/contracts/streaming";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "@web/features/auth/use-auth";
import { WorshipMusic } from "@web/features/music/worship-music";
import { FeaturedPodcasts } from "@web/features/podcasts/featured-podcasts";
import { RecentSermons } from "@web/features/sermons/recent-sermons";
import { HomeEventsSection } from "@web/features/events/home-events-section";
import { eventIcsUrl, upcomingEventsQuery } from "@web/features/events/use-events";
import { toast } from "@web/lib/use-toast";
import { HomeCommunitySection } from "@web/features/posts/home-community-section";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { formatCountdown } from "@web/features/streaming/countdown";
import { useLiveState, useNow } from "@web/features/streaming/use-live-state";
import { callRoute, routeUrl } from "@web/lib/api";
import { greetingWords, pickGreeting } from "./greeting";
import { pageRandom } from "@web/lib/initial-state";

type QuickLink = { label: string; description: string; href: string; icon: LucideIcon; tint: string };

const quickLinks: QuickLink[] = [
  {
    label: "Video Conferences",
    description: "Meet for study and prayer",
    href: "/video-conference",
    icon: Video,
    tint: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  },
  {
    label: "Podcasts",
    description: "Faith conversations",
    href: "/podcasts",
    icon: Mic,
    tint: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  },
  {
    label: "Sermons",
    description: "Messages from the Word",
    href: "/sermons",
    icon: BookOpen,
    tint: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  },
  {
    label: "Music",
    description: "Worship and praise",
    href: "/music",
    icon: Music,
    tint: "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200",
  },
];

function VisitorBanner() {
  return (
    <section
      aria-labelledby="home-title"
      className="flex flex-col gap-4 rounded-xl border border-border bg-primary-soft p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-card text-primary">
          <Sparkles className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h1 id="home-title" className="text-xl font-bold tracking-tight text-primary-soft-foreground sm:text-2xl">
            Welcome to {APP_NAME}
          </h1>
          <p className="mt-1 text-sm text-foreground/80">
            Sign in or register to unlock all features — post in the community, message friends and join live conferences.
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild>
          <Link href="/auth/login">
            <LogIn aria-hidden="true" />
            Sign In
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/auth/register">
            <UserPlus aria-hidden="true" />
            Register
          </Link>
        </Button>
      </div>
    </section>
  );
}

function Greeting({ displayName }: { displayName: string }) {
  // One pick per visit to the page, not one per render.
  const [greeting] = useState(() => pickGreeting(pageRandom));
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {greetingWords(greeting)}, <span className="text-primary">{displayName}</span>!
      </h1>
      <p className="mt-1.5 text-muted-foreground">Here's what's happening in your church family today.</p>
    </section>
  );
}

/**
 * The hero: LIVE NOW only while a broadcast is being received; otherwise the next scheduled service with a
 * countdown. Join Now opens /streaming either way.
 */
function HeroCard() {
  const state = useLiveState();
  const live = state.data?.live ?? null;
  const next = state.data?.next ?? null;
  const now = useNow(!live && next !== null);
  const title = live?.title ?? next?.title ?? "Sunday Worship Service";
  const startsIn = next ? Date.parse(next.startTime) - now : 0;
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-hero-from via-hero-via to-hero-to p-6 text-white shadow-lg sm:p-10"
    >
      <div aria-hidden="true" className="absolute -top-20 -right-20 size-72 rounded-full bg-white/10 blur-2xl" />
      <div aria-hidden="true" className="absolute -bottom-24 left-1/3 size-72 rounded-full bg-warm/25 blur-3xl" />
      <div className="relative max-w-xl">
        {live ? (
          <Badge variant="live" className="mb-4 px-3 py-1 tracking-wide">
            <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
            LIVE NOW
          </Badge>
        ) : next ? (
          <Badge className="mb-4 bg-white/15 px-3 py-1 tracking-wide text-white" role="timer">
            {startsIn > 0 ? `Starts in ${formatCountdown(startsIn)}` : "Starting soon"}
          </Badge>
        ) : null}
        <h2 id="hero-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mt-3 text-white/90 sm:text-lg">
          {live
            ? "We're live from the sanctuary. Join the congregation for praise, prayer and the Word."
            : next
              ? `Next live service: ${formatWeekdayTime(next.startTime)}.`
              : "Join the congregation for praise, prayer and the Word, streamed live from the sanctuary."}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild size="lg" className="bg-white text-[#2e1a86] hover:bg-white/90">
            <Link href="/streaming">
              <Play aria-hidden="true" className="fill-current" />
              Join Now
            </Link>
          </Button>
          <RemindMeButton next={next} />
        </div>
      </div>
    </section>
  );
}

/**
 * Remind Me: the next scheduled live service (or, with none scheduled, the next worship service on the calendar)
 * as a calendar file with an alarm, which every calendar app turns into a reminder; for a signed-in member, also a
 * notification shortly before a scheduled live service.
 */
function RemindMeButton({ next }: { next: StreamService | null }) {
  const { user } = useAuth();
  const { data } = useQuery(upcomingEventsQuery());
  const event = data?.find((item) => /worship/i.test(item.title)) ?? data?.[0];
  const reminder = next
    ? { title: next.title, url: routeUrl("GET /api/streaming/services/:id(^\\d+).ics", { params: { id: next.id } }) }
    : event
      ? { title: event.title, url: eventIcsUrl(event.id) }
      : null;
  const handleRemind = () => {
    if (!reminder) {
      toast({ title: "No Upcoming Service", description: "There is no service on the calendar yet. Please check back soon." });
      return;
    }
    const link = document.createElement("a");
    link.href = reminder.url;
    link.download = "";
    link.click();
    // A signed-in member is also notified (by push where allowed) shortly before a scheduled live service.
    if (user && next) void callRoute("POST /api/streaming/services/:id/remind", { params: { id: next.id } }).catch(() => undefined);
    toast({ title: "Reminder Set", description: `${reminder.title} has been added to your calendar.` });
  };
  return (
    <Button
      size="lg"
      variant="outline"
      className="border-white/60 bg-white/10 text-white hover:bg-white/20 hover:text-white"
      onClick={handleRemind}
    >
      <Bell aria-hidden="true" />
      Remind Me
    </Button>
  );
}

function QuickLinks() {
  return (
    <nav aria-label="Quick links">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {quickLinks.map(({ label, description, href, icon: Icon, tint }) => (
          <li key={href}>
            <Card className="group h-full transition-shadow hover:shadow-md">
              <Link href={href} className="flex h-full flex-col gap-3 rounded-xl p-4 sm:flex-row sm:items-center sm:p-5">
                <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${tint}`}>
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{label}</span>
                  <span className="block text-sm text-muted-foreground">{description}</span>
                </span>
                <ChevronRight
                  className="hidden size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 sm:block"
                  aria-hidden="true"
                />
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The home dashboard of spec §2. */
export function HomePage() {
  const { user, loading, likelyMember } = useAuth();
  useDocumentTitle("Home");

  // While the session check runs, lay out what this browser showed last time, so nothing below moves when it answers.
  return (
    <div className="flex flex-col gap-8">
      {user ? (
        <Greeting displayName={user.displayName} />
      ) : loading && likelyMember ? (
        <Skeleton className="h-[3.875rem] w-full rounded-xl sm:h-[4.125rem]" />
      ) : (
        <VisitorBanner />
      )}
      <HeroCard />
      <QuickLinks />

      {/* Slot: Recent Sermons — the first 3 sermons, "View all" to /sermons. */}
      <RecentSermons />
      {/* Slot: Featured Podcasts — the first highlighted, the next 2 listed, "View all" to /podcasts. */}
      <FeaturedPodcasts />
      {/* Slot: Worship Music — a player plus the first 4 songs, "View all" to /music. */}
      <WorshipMusic />
      {/* Slot: Community — the first 2 posts, "View all" to /community. */}
      <HomeCommunitySection />
      {/* Slot: Upcoming Events — the first 3 events, "View all" to /events. */}
      <HomeEventsSection />
    </div>
  );
}
