import type { CSSProperties, KeyboardEvent } from "react";
import { cn } from "@web/lib/utils";

type SliderProps = {
  "aria-label": string;
  min?: number;
  max?: number;
  step?: number;
  /** One value, in a list as Radix's slider took it. */
  value: number[];
  onValueChange: (value: number[]) => void;
  disabled?: boolean;
  className?: string;
};

/** Ten steps at once with Shift or the Page keys (spec §9). */
const BIG_STEP = 10;

/** `value` on the step's grid from `min`, rounded to the step's decimals (spec §5): never 0.30000000000000004. */
export function snapToStep(value: number, step: number, min: number): number {
  const decimals = (String(step).split(".")[1] ?? "").length;
  return Number((min + Math.round((value - min) / step) * step).toFixed(decimals));
}

/**
 * A slider on the browser's own range input (decision 0034): a pointer drags it and the keys move it one step, or ten
 * with Shift or Page Up and Page Down; Home and End go to the ends. Styled by `.slider` in styles.css. Give it an
 * aria-label.
 */
export function Slider({ className, min = 0, max = 100, step = 1, value, onValueChange, ...props }: SliderProps) {
  const current = Math.min(Math.max(value[0] ?? min, min), max);
  const percent = max > min ? ((current - min) / (max - min)) * 100 : 0;
  const change = (next: number) => {
    const snapped = Math.min(Math.max(snapToStep(next, step, min), min), max);
    if (snapped !== current) onValueChange([snapped]);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The input's own Page keys move a tenth of the range; Shift does nothing of its own.
    const big = step * BIG_STEP;
    const moves: Record<string, number> = event.shiftKey
      ? { PageUp: big, PageDown: -big, ArrowRight: big, ArrowUp: big, ArrowLeft: -big, ArrowDown: -big }
      : { PageUp: big, PageDown: -big };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    change(current + move);
  };
  return (
    <input
      type="range"
      className={cn("slider", className)}
      min={min}
      max={max}
      step={step}
      value={current}
      aria-valuenow={current}
      style={{ "--slider-fill": `${percent}%` } as CSSProperties}
      onChange={(event) => change(Number(event.target.value))}
      onKeyDown={handleKeyDown}
      {...props}
    />
  );
}
