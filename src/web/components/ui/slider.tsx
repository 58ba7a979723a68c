import { lazy, type ComponentProps } from "react";
import { cn } from "@web/lib/utils";
import type { RadixSlider as RadixSliderType } from "./radix-slider";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// Radix's slider loads after the first paint; until then a drawing of the same size and value stands in.
const RadixSlider = lazy(async () => ({ default: (await import("./radix-slider")).RadixSlider }));

type SliderProps = ComponentProps<typeof RadixSliderType>;

/** The track as it will look, without the behaviour, so nothing moves when the real slider arrives. */
function SliderPlaceholder({ className, value, defaultValue, min = 0, max = 100 }: SliderProps) {
  const current = (value ?? defaultValue ?? [min])[0] ?? min;
  const percent = max > min ? ((current - min) / (max - min)) * 100 : 0;
  return (
    <span className={cn("relative flex h-5 w-full items-center", className)} aria-hidden="true">
      <span className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
        <span className="absolute h-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

/**
 * A Radix slider (spec §5 and §9): arrow keys move one step, Shift+arrow and Page Up/Down ten steps,
 * values snap to the step and keep minStepsBetweenThumbs between thumbs. Give it an aria-label.
 */
export function Slider(props: SliderProps) {
  return (
    <BrowserSuspense fallback={<SliderPlaceholder {...props} />}>
      <RadixSlider {...props} />
    </BrowserSuspense>
  );
}
