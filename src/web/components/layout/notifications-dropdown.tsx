import type { ReactElement } from "react";
import { Link } from "wouter";
import { Check } from "lucide-react";
import type { NotificationList } from "@shared/contracts/notifications";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { relativeTime } from "@web/lib/relative-time";
import { formatShortDateTime } from "@shared/format";

export type NotificationsDropdownProps = {
  trigger: ReactElement;
  /** A member's notifications, or (for a visitor) the next events. */
  signedIn: boolean;
  unread: number;
  items: NotificationList["items"];
  /** Marks these entries read, or all of them. */
  markRead: (ids?: number[]) => void;
};

/** The bell's menu once first used: Radix's menu, open (NotificationsMenu in ./notifications-menu.tsx). */
export function NotificationsDropdown({ trigger, signedIn, unread, items, markRead }: NotificationsDropdownProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-2rem)]">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel>{signedIn ? "Notifications" : "Upcoming Events"}</DropdownMenuLabel>
          {signedIn && unread > 0 ? (
            <DropdownMenuItem
              className="text-xs font-medium text-primary"
              onSelect={(event) => {
                // The menu stays open, showing the entries read.
                event.preventDefault();
                markRead();
              }}
            >
              <Check aria-hidden="true" />
              Mark all as read
            </DropdownMenuItem>
          ) : null}
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2.5 py-6 text-center text-sm text-muted-foreground">You're all caught up.</p>
        ) : (
          // The list scrolls past a screenful; it takes focus so a keyboard can scroll it too.
          <div
            role="group"
            aria-label="Your notifications"
            tabIndex={0}
            className="max-h-96 overflow-y-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {items.map((item) => {
              const content = (
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="flex items-center gap-2 font-medium">
                    {item.readAt || item.startsAt ? null : <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
                    <span className="truncate">{item.title}</span>
                  </span>
                  <span className="line-clamp-2 text-xs text-muted-foreground">{item.body}</span>
                  {item.startsAt ? (
                    <time dateTime={item.startsAt} className="text-xs text-muted-foreground">
                      Starts {formatShortDateTime(item.startsAt)}
                    </time>
                  ) : (
                    <span className="text-xs text-muted-foreground">{relativeTime(item.createdAt)}</span>
                  )}
                </span>
              );
              const unreadEntry = signedIn && !item.readAt && !item.startsAt;
              const entry = item.link ? (
                <DropdownMenuItem key={item.id} asChild className="min-w-0 flex-1" onSelect={() => unreadEntry && markRead([item.id])}>
                  <Link href={item.link}>{content}</Link>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem key={item.id} className="min-w-0 flex-1" onSelect={() => unreadEntry && markRead([item.id])}>
                  {content}
                </DropdownMenuItem>
              );
              if (!unreadEntry) return entry;
              return (
                <div key={item.id} className="flex items-start gap-1" data-testid="notification-entry">
                  {entry}
                  <DropdownMenuItem
                    className="shrink-0 p-2"
                    aria-label={`Mark as read: ${item.title}`}
                    title="Mark as read"
                    onSelect={(event) => {
                      event.preventDefault();
                      markRead([item.id]);
                    }}
                  >
                    <Check aria-hidden="true" />
                  </DropdownMenuItem>
                </div>
              );
            })}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
