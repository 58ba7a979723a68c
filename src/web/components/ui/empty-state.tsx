import type { ReactNode } from "react";
import { cn } from "@web/lib/utils";

type EmptyStateProps = {
  icon?: ReactNode;
  title: ReactNode;
  /** A hint under the title. */
  children?: ReactNode;
  /** A button or link that helps the member on. */
  action?: ReactNode;
  className?: string;
};

/** What a list or page shows when it has nothing to show: an icon, a title and a hint, with an optional action. */
export function EmptyState({ icon, title, children, action, className }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-10 text-center", className)}>
      {icon ? <span className="text-muted-foreground [&_svg]:size-8">{icon}</span> : null}
      <p className="font-semibold">{title}</p>
      {children ? <p className="max-w-md text-sm text-muted-foreground">{children}</p> : null}
      {action}
    </div>
  );
}
