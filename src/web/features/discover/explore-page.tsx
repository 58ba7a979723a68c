import { Link } from "wouter";
import { BookOpen, ChevronRight, Mic, Music, Telescope } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { Card } from "@web/components/ui/card";
import { DiscoverSections } from "./discover-sections";

const libraries = [
  { href: "/sermons", label: "Sermons", text: "Messages from our pastors and guest speakers", icon: BookOpen },
  { href: "/music", label: "Music", text: "Worship songs and hymns", icon: Music },
  { href: "/podcasts", label: "Podcasts", text: "Faith conversations and teaching", icon: Mic },
];

/**
 * /explore, where "Explore content" on an empty favorites list leads (spec §2): the three libraries and what
 * /discover shows, so a member finds something to play and save.
 */
export function ExplorePage() {
  return (
    <>
      <PageHeader
        title="Explore"
        icon={Telescope}
        description="Find sermons, songs and podcasts to play, and save the ones you love to your favorites."
      />
      <nav aria-label="Libraries" className="mb-10">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {libraries.map(({ href, label, text, icon: Icon }) => (
            <li key={href}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <Link href={href} className="flex h-full items-center gap-3 rounded-xl p-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{label}</span>
                    <span className="block text-sm text-muted-foreground">{text}</span>
                  </span>
                  <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </nav>
      <DiscoverSections idPrefix="explore" />
    </>
  );
}
