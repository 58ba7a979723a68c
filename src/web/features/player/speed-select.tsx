import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { cn } from "@web/lib/utils";
import { usePlayer } from "./player-provider";
import { PLAYBACK_RATES } from "./track";

/** The playback speed menu itself, on Radix's select (loaded by SpeedSelect). */
export function SpeedSelectMenu({ className }: { className?: string }) {
  const player = usePlayer();
  return (
    <Select value={String(player.rate)} onValueChange={(value) => player.setRate(Number(value))}>
      <SelectTrigger className={cn("h-8 w-20", className)} aria-label="Playback speed">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PLAYBACK_RATES.map((rate) => (
          <SelectItem key={rate} value={String(rate)}>
            {rate}×
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
