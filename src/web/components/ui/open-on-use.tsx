import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  cloneElement,
  createContext,
  useContext,
  useRef,
  useState,
} from "react";

/**
 * The handlers of a stand-in trigger whose Radix part is mounted, open, on first use (ChoiceSelect, MenuOnUse): as
 * Radix's own triggers do, a mouse opens it on press, and a tap, Enter or Space on the click that follows; `keys`
 * (arrow keys) open it too. `prepare` starts loading its code at the first sign of use (the pointer over it, focus,
 * a touch), so a press seldom waits for it and a page that is only read never loads it (decision 0038).
 */
export function openOnUse(open: (byKeyboard: boolean) => void, keys: string[], prepare: () => unknown) {
  const ready = () => void prepare();
  return {
    onPointerEnter: ready,
    onFocus: ready,
    onPointerDown(event: PointerEvent<HTMLElement>) {
      ready();
      if (event.pointerType !== "mouse" || event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      open(false);
    },
    onClick(event: MouseEvent<HTMLElement>) {
      ready();
      // Enter and Space click with no pointer: detail 0.
      open(event.detail === 0);
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (!keys.includes(event.key)) return;
      event.preventDefault();
      open(true);
    },
  };
}

/**
 * Whether a MenuOnUse was opened from the keyboard, for its menu's first focus (DropdownMenuContent): Radix's menu
 * mounts after that key was pressed, so it can't tell by itself, and the menu button pattern wants the first item
 * focused. Read once.
 */
const OpenedByKeyboard = createContext<{ current: boolean }>({ current: false });
export const useOpenedByKeyboard = () => useContext(OpenedByKeyboard);

/**
 * A menu whose Radix part loads and mounts, open, on first use. Until then `trigger` stands in for it, marked as a
 * closed menu button; `children` receives the trigger to put inside Radix's own (`DropdownMenuTrigger asChild`), so
 * both are drawn alike. A page shows many menus and opens few: Radix's menu, popper and focus scope (28 KiB) are not
 * loaded, nor are its menus' states set as the page is taken over (issue 9).
 */
export function MenuOnUse({
  load,
  trigger,
  children,
}: {
  load: () => Promise<unknown>;
  trigger: ReactElement<Record<string, unknown>>;
  children: (trigger: ReactElement) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const byKeyboard = useRef(false);
  const standIn = cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": "false",
    "data-state": "closed",
    ...openOnUse(
      (keyboard) => {
        byKeyboard.current = keyboard;
        setOpened(true);
      },
      ["ArrowDown"],
      load,
    ),
  });
  if (!opened) return standIn;
  return (
    <OpenedByKeyboard value={byKeyboard}>
      <Suspense fallback={standIn}>{children(trigger)}</Suspense>
    </OpenedByKeyboard>
  );
}
