import type { ComponentProps } from "react";
import { cn } from "@web/lib/utils";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

/** `count` placeholders of one shape, laid out by `className` (a grid by default). */
export function SkeletonList({ count, className, itemClassName }: { count: number; className?: string; itemClassName: string }) {
  return (
    <div className={cn("grid gap-2", className)} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}
