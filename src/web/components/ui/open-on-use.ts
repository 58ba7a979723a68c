import type { KeyboardEvent, PointerEvent } from "react";

/**
 * The handlers of a stand-in trigger whose Radix part is mounted, open, on first use (ChoiceSelect, MediaMenu): as
 * Radix's own triggers do, a mouse opens it on press, and a tap, Enter or Space on the click that follows; `keys`
 * (arrow keys) open it too.
 */
export function openOnUse(open: () => void, keys: string[]) {
  return {
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      if (event.pointerType !== "mouse" || event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      open();
    },
    onClick: open,
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      if (!keys.includes(event.key)) return;
      event.preventDefault();
      open();
    },
  };
}
