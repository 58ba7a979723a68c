import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
  className?: string;
};

/** A page's <h1> and lead text; also sets the browser tab's title. */
export function PageHeader({ title, description, icon: Icon, actions, className }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <div className={cn("mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="flex items-start gap-4">
        {Icon ? (
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground sm:flex">
            <Icon className="size-6" aria-hidden="true" />
          </span>
        ) : null}
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1.5 max-w-2xl text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
