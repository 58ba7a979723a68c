import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent, type MouseEvent } from "react";
import { cn } from "@web/lib/utils";

/**
 * Tabs after the WAI-ARIA tabs pattern, as Radix's do them: automatic activation (a tab is chosen when it gets focus,
 * by a press, Enter or Space too), one tab stop (the chosen tab), Arrow Left and Right going round, Home and End; the
 * chosen panel alone is drawn, named by its tab. Radix's tabs brought their collection, roving focus, presence and
 * id packages, 8 KiB of the first load of /sermons, /music, /podcasts and /events, where tabs are drawn at once
 * (issue 9, decision 0037); the markup and `data-state` attributes are the same.
 */
type TabsContextValue = { baseId: string; value: string; select: (value: string) => void };

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error("A tab or tab panel must be inside <Tabs>");
  return context;
}

/** The ids that tie a tab to its panel. */
const tabId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type TabsProps = Omit<ComponentProps<"div">, "defaultValue" | "dir"> & {
  /** The chosen tab's value, when the caller holds it. */
  value?: string;
  /** The first chosen tab's value, when the tabs hold it themselves. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value: controlled, defaultValue = "", onValueChange, children, ...props }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value, select }}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn("inline-flex h-11 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground", className)}
      {...props}
    />
  );
}

/** Moves focus, and with it the choice, to the tab an arrow key, Home or End names. */
function focusAnother(event: KeyboardEvent<HTMLButtonElement>) {
  const tabs = [
    ...(event.currentTarget.closest('[role="tablist"]')?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? []),
  ];
  const at = tabs.indexOf(event.currentTarget);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined || tabs.length === 0) return;
  event.preventDefault();
  tabs[(next + tabs.length) % tabs.length]?.focus();
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  const state = selected ? "active" : "inactive";
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      data-state={state}
      data-orientation="horizontal"
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all",
        "hover:text-foreground disabled:pointer-events-none disabled:opacity-50",
        "data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        // A press with the main button chooses; a ctrl-press (a context menu on macOS) does not take focus.
        if (event.button === 0 && !event.ctrlKey) tabs.select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === "Enter" || event.key === " ") tabs.select(value);
        else focusAnother(event);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: Omit<ComponentProps<"div">, "value"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      data-state="active"
      data-orientation="horizontal"
      tabIndex={0}
      className={cn("mt-4", className)}
      {...props}
    />
  );
}
