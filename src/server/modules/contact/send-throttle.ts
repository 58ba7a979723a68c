/** How many contact messages one address may send per window. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;

/**
 * A per-IP limit on the contact form, kept in memory: a deterrent against a script filling the inbox, not a
 * guarantee across several instances (each counts its own). Old entries are swept as the map grows.
 */
export function createSendThrottle(limit = CONTACT_LIMIT, windowMs = CONTACT_WINDOW_MS) {
  const sent = new Map<string, number[]>();
  return {
    /** Records a send and answers 0, or answers how many ms until the address may send again. */
    take(ip: string, now: number): number {
      if (sent.size > 10_000) {
        for (const [key, times] of sent) if ((times.at(-1) ?? 0) <= now - windowMs) sent.delete(key);
      }
      const recent = (sent.get(ip) ?? []).filter((time) => time > now - windowMs);
      const [oldest = now] = recent;
      if (recent.length >= limit) {
        sent.set(ip, recent);
        return oldest + windowMs - now;
      }
      recent.push(now);
      sent.set(ip, recent);
      return 0;
    },
  };
}
