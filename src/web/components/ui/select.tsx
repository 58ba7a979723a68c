import { useState, type ComponentProps, type ReactNode } from "react";
import { Select as SelectPrimitive } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import { cn } from "@web/lib/utils";
import { openOnUse } from "./open-on-use";

export const Select = SelectPrimitive.Root;
export const SelectValue = SelectPrimitive.Value;

const triggerClasses =
  "flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm " +
  "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[placeholder]:text-muted-foreground";

export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger className={cn(triggerClasses, className)} {...props}>
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({ className, children, position = "popper", ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        sideOffset={4}
        className={cn(
          "relative z-50 max-h-80 min-w-[8rem] overflow-hidden rounded-md border border-border bg-popover text-popover-foreground shadow-md",
          position === "popper" && "w-full min-w-[var(--radix-select-trigger-width)]",
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex w-full cursor-pointer items-center rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none",
        "data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

type Choice = { value: string; label: string };

type ChoiceSelectProps = {
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
 * A select of plain choices whose Radix parts are mounted on first use. Until then it is a trigger that looks and
 * reads the same (a collapsed combobox showing the chosen label): mounting a Radix select sets its state again from
 * its layout effects, a chain of synchronous renders that took 200 ms of a phone's main thread for the two selects
 * of /sermons right after the page was taken over (issue 9). A press, a tap, Enter, Space or an arrow key opens it.
 */
export function ChoiceSelect({ value, onValueChange, choices, placeholder, prefix, className, ...name }: ChoiceSelectProps) {
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const chosen = choices.find((choice) => choice.value === value);
  if (open === undefined) {
    return (
      <button
        type="button"
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="none"
        {...name}
        data-state="closed"
        data-placeholder={chosen ? undefined : ""}
        className={cn(triggerClasses, className)}
        {...openOnUse(() => setOpen(true), ["ArrowDown", "ArrowUp"])}
      >
        {prefix}
        <span className="pointer-events-none">{chosen?.label ?? placeholder}</span>
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </button>
    );
  }
  return (
    <Select value={value} onValueChange={onValueChange} open={open} onOpenChange={setOpen}>
      <SelectTrigger className={className} {...name}>
        {prefix}
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
