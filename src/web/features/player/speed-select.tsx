import { ChoiceSelect } from "@web/components/ui/choice-select";
import { cn } from "@web/lib/utils";
import { usePlayer } from "./player-provider";
import { PLAYBACK_RATES } from "./track";

const choices = PLAYBACK_RATES.map((rate) => ({ value: String(rate), label: `${rate}×` }));

/** The playback speed menu itself, on Radix's select (loaded by SpeedSelect). */
export function SpeedSelectMenu({ className }: { className?: string }) {
  const player = usePlayer();
  return (
    <ChoiceSelect
      aria-label="Playback speed"
      className={cn("h-8 w-20", className)}
      value={String(player.rate)}
      onValueChange={(value) => player.setRate(Number(value))}
      choices={choices}
    />
  );
}
