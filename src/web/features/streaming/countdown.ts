/**
 * The time left until a service starts, as the hero and /streaming show it: "2d 4h", "3h 05m", "12m 09s", "45s";
 * "Starting now" once it is due.
 */
export function formatCountdown(msLeft: number): string {
  if (msLeft <= 0) return "Starting now";
  const seconds = Math.floor(msLeft / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, "0");
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(rest)}s`;
  return `${rest}s`;
}
