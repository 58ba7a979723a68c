import { lazy } from "react";
import { CalendarPlus, Clock, MapPin, Users } from "lucide-react";
import type { ChurchEvent } from "@shared/contracts/events";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { RsvpButtons } from "./rsvp-buttons";
import { eventIcsUrl, formatEventDate, formatEventTime } from "./use-events";

// The form is validated by the contract (zod): it loads when an admin opens it.
const EventForm = lazy(async () => ({ default: (await import("./event-form")).EventForm }));

/** An event's details, with its RSVP and calendar buttons. */
export function EventDetailsDialog({ event, onClose }: { event: ChurchEvent; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{event.title}</DialogTitle>
          <DialogDescription>{formatEventDate(event)}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 text-sm">
          <p className="flex items-center gap-2">
            <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
            {formatEventTime(event)}
          </p>
          <p className="flex items-center gap-2">
            <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
            {event.location || "To be announced"}
          </p>
          <p className="flex items-center gap-2">
            <Users className="size-4 text-muted-foreground" aria-hidden="true" />
            {event.goingCount} going
          </p>
          {event.description ? <p className="mt-2 whitespace-pre-wrap">{event.description}</p> : null}
        </div>
        <DialogFooter>
          {Date.parse(event.endTime) > Date.now() ? <RsvpButtons event={event} /> : null}
          <Button asChild variant="outline" size="sm">
            <a href={eventIcsUrl(event.id)} download>
              <CalendarPlus aria-hidden="true" />
              Add to Calendar
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The form of a new event, or of the one being edited (admins). */
export function EventEditDialog({ editing, onClose }: { editing: ChurchEvent | "new"; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing === "new" ? "New Event" : "Edit Event"}</DialogTitle>
          <DialogDescription>Members see changes at once; calendar subscribers within the hour.</DialogDescription>
        </DialogHeader>
        <BrowserSuspense fallback={<Spinner label="Loading form…" />}>
          <EventForm event={editing === "new" ? undefined : editing} onDone={onClose} />
        </BrowserSuspense>
      </DialogContent>
    </Dialog>
  );
}
