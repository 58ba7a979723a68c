import { useId } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import type { DeviceChoice, DeviceKind } from "./use-local-media";

type DeviceSettingsProps = {
  devices: Record<DeviceKind, DeviceChoice[]>;
  selected: Record<DeviceKind, string | undefined>;
  onSelect: (kind: DeviceKind, deviceId: string) => void;
};

const labels: Record<DeviceKind, string> = { video: "Camera", audio: "Microphone" };

/** Which camera and microphone the member sends. */
export function DeviceSettings({ devices, selected, onSelect }: DeviceSettingsProps) {
  const id = useId();
  return (
    <section className="grid gap-3 rounded-xl border p-3 sm:grid-cols-2" aria-label="Camera and microphone">
      {(["video", "audio"] as const).map((kind) => (
        <div key={kind} className="flex flex-col gap-1.5">
          <span id={`${id}-${kind}`} className="text-sm font-medium">
            {labels[kind]}
          </span>
          <Select value={selected[kind] ?? ""} onValueChange={(deviceId) => onSelect(kind, deviceId)} disabled={devices[kind].length === 0}>
            <SelectTrigger aria-labelledby={`${id}-${kind}`}>
              <SelectValue placeholder={`No ${labels[kind].toLowerCase()} found`} />
            </SelectTrigger>
            <SelectContent>
              {devices[kind].map((device) => (
                <SelectItem key={device.deviceId} value={device.deviceId}>
                  {device.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ))}
    </section>
  );
}
