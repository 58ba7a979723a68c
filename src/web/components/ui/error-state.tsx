import type { ReactNode } from "react";
import { CircleAlert, RotateCcw } from "lucide-react";
import { cn } from "@web/lib/utils";
import { Button } from "./button";

type ErrorStateProps = {
  /** What could not be loaded, e.g. "The sermons could not be loaded." */
  title: ReactNode;
  children?: ReactNode;
  /** Loads it again; shown as Try Again. */
  onRetry: () => void;
  /** True while the retry is under way. */
  retrying?: boolean;
  className?: string;
};

/** What a list or page shows when the API failed: what could not be loaded, and Try Again. */
export function ErrorState({
  title,
  children = "Please check your connection and try again.",
  onRetry,
  retrying = false,
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      data-testid="error-state"
      className={cn(
        "flex flex-col items-center gap-2 rounded-xl border border-dashed border-destructive/40 px-6 py-10 text-center",
        className,
      )}
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {children ? <p className="max-w-md text-sm text-muted-foreground">{children}</p> : null}
      <Button variant="outline" onClick={onRetry} disabled={retrying} className="mt-1">
        <RotateCcw aria-hidden="true" />
        {retrying ? "Trying again…" : "Try Again"}
      </Button>
    </div>
  );
}
