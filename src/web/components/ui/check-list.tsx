import { Check, type LucideIcon } from "lucide-react";
import { cn } from "@web/lib/utils";

/** A short list of points, each behind an icon (a check by default): benefits, guidelines, formats. */
export function CheckList({
  items,
  icon: Icon = Check,
  iconClassName = "text-primary",
  className,
}: {
  items: readonly string[];
  icon?: LucideIcon;
  iconClassName?: string;
  className?: string;
}) {
  return (
    <ul className={cn("flex flex-col gap-2 text-sm", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Icon className={cn("mt-0.5 size-4 shrink-0", iconClassName)} aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
