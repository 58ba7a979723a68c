import type { ComponentProps } from "react";
import { cn } from "@web/lib/utils";

const variants = {
  default: "bg-primary text-primary-foreground",
  soft: "bg-primary-soft text-primary-soft-foreground",
  secondary: "bg-secondary text-secondary-foreground",
  outline: "border border-border text-foreground",
  warm: "bg-warm text-warm-foreground",
  live: "bg-live text-live-foreground",
  destructive: "bg-destructive text-destructive-foreground",
} as const;

export function Badge({ className, variant = "default", ...props }: ComponentProps<"span"> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
