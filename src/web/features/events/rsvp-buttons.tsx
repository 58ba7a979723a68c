import { Link } from "wouter";
import { Check, X } from "lucide-react";
import type { ChurchEvent } from "@shared/contracts/events";
import { Button } from "@web/components/ui/button";
import { useAuth } from "@web/features/auth/use-auth";
import { useRsvp } from "./use-events";

/** Going and Not Going for an event that has not ended, or a way to sign in to answer. */
export function RsvpButtons({ event }: { event: ChurchEvent }) {
  const { user } = useAuth();
  const rsvp = useRsvp();
  if (!user) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link href="/auth/login">Sign in to RSVP</Link>
      </Button>
    );
  }
  const pending = rsvp.isPending && rsvp.variables?.eventId === event.id;
  return (
    <div role="group" aria-label={`RSVP for ${event.title}`} className="flex gap-2">
      <Button
        size="sm"
        variant={event.myRsvp === "going" ? "default" : "outline"}
        aria-pressed={event.myRsvp === "going"}
        disabled={pending}
        onClick={() => rsvp.mutate({ eventId: event.id, status: "going" })}
      >
        <Check aria-hidden="true" />
        Going
      </Button>
      <Button
        size="sm"
        variant={event.myRsvp === "not_going" ? "secondary" : "outline"}
        aria-pressed={event.myRsvp === "not_going"}
        disabled={pending}
        onClick={() => rsvp.mutate({ eventId: event.id, status: "not_going" })}
      >
        <X aria-hidden="true" />
        Not Going
      </Button>
    </div>
  );
}
