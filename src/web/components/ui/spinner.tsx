import { LoaderCircle } from "lucide-react";
import { cn } from "@web/lib/utils";

/** A small busy indicator with a text for screen readers. */
export function Spinner({ label = "Loading…", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 text-muted-foreground", className)}>
      <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
