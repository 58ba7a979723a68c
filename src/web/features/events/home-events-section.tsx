import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CalendarPlus, ChevronRight } from "lucide-react";
import { HOME_COUNTS } from "@shared/constants";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { eventIcsUrl, formatEventTime, upcomingEventsQuery } from "./use-events";

/** The home dashboard's Upcoming Events: the first 3, with Add to Calendar as a real .ics download. */
export function HomeEventsSection() {
  const query = useQuery(upcomingEventsQuery());
  return (
    <section aria-labelledby="home-events" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h2 id="home-events" className="text-xl font-bold tracking-tight">
          Upcoming Events
        </h2>
        <Link href="/events" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          View all
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <QueryState
        query={query}
        loading={<Skeleton className="h-32 w-full rounded-xl" />}
        error="The events could not be loaded."
        isEmpty={(events) => events.length === 0}
        empty={<Card className="p-6 text-center text-muted-foreground">No upcoming events. Check back soon.</Card>}
      >
        {(events) => (
          <Card className="overflow-hidden">
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-sm">
                <thead className="bg-muted/60 text-left text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Event
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Date &amp; Time
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Location
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-medium">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {events.slice(0, HOME_COUNTS.events).map((event) => (
                    <tr key={event.id} className="border-t border-border">
                      <td className="px-4 py-3 font-medium">
                        <Link href={`/events#event-${event.id}`} className="hover:underline">
                          {event.title}
                        </Link>
                      </td>
                      <td className="px-4 py-3 text-muted-foreground">
                        <time dateTime={event.startTime}>{formatEventTime(event)}</time>
                      </td>
                      <td className="px-4 py-3 text-muted-foreground">{event.location || "To be announced"}</td>
                      <td className="px-4 py-3 text-right">
                        <Button asChild variant="outline" size="sm">
                          <a href={eventIcsUrl(event.id)} download>
                            <CalendarPlus aria-hidden="true" />
                            Add to Calendar<span className="sr-only">: {event.title}</span>
                          </a>
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        )}
      </QueryState>
    </section>
  );
}
