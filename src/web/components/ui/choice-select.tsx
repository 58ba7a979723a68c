import { lazy, Suspense, useState, type ReactNode } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@web/lib/utils";
import { openOnUse } from "./open-on-use";
import { triggerClasses } from "./select-trigger-classes";

const loadMenu = () => import("./select");
const ChoiceSelectMenu = lazy(async () => ({ default: (await loadMenu()).ChoiceSelectMenu }));

type Choice = { value: string; label: string };

export type ChoiceSelectProps = {
  value: string;
  onValueChange: (value: string) => void;
  choices: Choice[];
  /** Its name: one of the two. */
  "aria-labelledby"?: string;
  "aria-label"?: string;
  className?: string;
  /** Shown when no choice has `value`. */
  placeholder?: string;
  /** Drawn in the trigger before the chosen label ("Sort By:"). */
  prefix?: ReactNode;
};

/**
 * A select of plain choices whose Radix parts are loaded and mounted on first use. Until then it is a trigger that
 * looks and reads the same (a collapsed combobox showing the chosen label): mounting a Radix select sets its state
 * again from its layout effects, a chain of synchronous renders that took 200 ms of a phone's main thread for the two
 * selects of /sermons right after the page was taken over, and its code (with the popper and focus scope it brings)
 * was 28 KiB of the page's first load (issue 9). A press, a tap, Enter, Space or an arrow key opens it; the code is
 * fetched at the first sign of use (the pointer over it, focus, a touch).
 */
export function ChoiceSelect(props: ChoiceSelectProps) {
  const { value, choices, placeholder, prefix, className } = props;
  const name = { "aria-labelledby": props["aria-labelledby"], "aria-label": props["aria-label"] };
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const chosen = choices.find((choice) => choice.value === value);
  const trigger = (
    <button
      type="button"
      role="combobox"
      aria-expanded="false"
      aria-autocomplete="none"
      {...name}
      data-state="closed"
      data-placeholder={chosen ? undefined : ""}
      className={cn(triggerClasses, className)}
      {...openOnUse(() => setOpen(true), ["ArrowDown", "ArrowUp"], loadMenu)}
    >
      {prefix}
      <span className="pointer-events-none">{chosen?.label ?? placeholder}</span>
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
  if (open === undefined) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ChoiceSelectMenu {...props} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
