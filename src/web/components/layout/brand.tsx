import { Link } from "wouter";
import { APP_NAME } from "@shared/constants";
import { cn } from "@web/lib/utils";

/** The logo mark and name, linking home. */
export function Brand({ className }: { className?: string }) {
  return (
    // Named even where a narrow header hides the text (below 464px, where it would push the actions onto a row of their own), so the link is never nameless.
    <Link href="/" aria-label={APP_NAME} className={cn("flex items-center gap-2.5 rounded-lg font-bold tracking-tight", className)}>
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span className="text-lg">{APP_NAME}</span>
    </Link>
  );
}
