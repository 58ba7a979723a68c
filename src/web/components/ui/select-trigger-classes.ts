/** The classes of a select's trigger: Radix's (./select.tsx) and ChoiceSelect's stand-in (./choice-select.tsx). */
export const triggerClasses =
  "flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm " +
  "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[placeholder]:text-muted-foreground";
