import type { AppContext } from "../../context";
import { createDigestRepository } from "./digest.repository";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Digests go out on Mondays at 08:00 UTC. */
const SEND_HOUR_UTC = 8;

/** The next Monday 08:00 UTC strictly after `now` (ms). */
export function nextDigestTime(now: number): number {
  const date = new Date(now);
  const daysToMonday = (8 - date.getUTCDay()) % 7;
  let candidate = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + daysToMonday, SEND_HOUR_UTC);
  if (candidate <= now) candidate += WEEK_MS;
  return candidate;
}

/** Makes sure the next weekly digest is scheduled (once, whichever instance starts first). */
export async function scheduleWeeklyDigest(ctx: AppContext, after = ctx.clock.now()) {
  const runAt = nextDigestTime(after);
  const weekOf = new Date(runAt).toISOString();
  await ctx.jobs.enqueue("digest.weekly", { weekOf }, { runAt, dedupeKey: `digest:${weekOf}` });
}

const fmt = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});

/** The opt-in weekly email: what was published in the week before, what is coming in the week ahead. */
export function createDigestService(ctx: AppContext) {
  const digest = createDigestRepository(ctx.db);
  const origin = () => ctx.config.publicOrigin ?? "";

  return {
    /** One job per reader (keyed by week and member, so a rerun adds none), then the next week's run. */
    async fanOut(weekOf: string) {
      if (ctx.mailer.enabled) {
        for (const userId of await digest.readerIds()) {
          await ctx.jobs.enqueue("digest.member", { userId, weekOf }, { dedupeKey: `digest:${weekOf}:${userId}` });
        }
      }
      await scheduleWeeklyDigest(ctx, Date.parse(weekOf));
      ctx.jobs.wake();
    },

    /** Writes one member's digest and hands it to the email job; nothing for a member who opted out meanwhile. */
    async sendTo(userId: number, weekOf: string) {
      const reader = await digest.reader(userId);
      if (!reader || reader.weeklyDigest !== 1) return;
      const end = Date.parse(weekOf);
      const iso = (ms: number) => new Date(ms).toISOString();
      const [published, events, unread] = await Promise.all([
        digest.newMedia(iso(end - WEEK_MS), iso(end), 10),
        digest.upcomingEvents(iso(end), iso(end + WEEK_MS), 10),
        digest.unreadCount(userId),
      ]);
      const lines = [`Hello ${reader.displayName},`, "", "Here is your week at church."];
      lines.push("", "New this week:");
      if (published.length === 0) lines.push("- Nothing new was published.");
      for (const item of published) {
        const where = item.type === "sermon" ? "/sermons" : "/podcasts";
        lines.push(`- ${item.title}${item.artist ? ` (${item.artist})` : ""}: ${origin()}${where}`);
      }
      lines.push("", "Coming up:");
      if (events.length === 0) lines.push("- No events are planned for the week ahead.");
      for (const event of events) lines.push(`- ${event.title}, ${fmt.format(new Date(event.startTime))} UTC, ${event.location}`);
      if (unread > 0) lines.push("", `You have ${unread} unread notification${unread === 1 ? "" : "s"}.`);
      lines.push("", `Change what we send you: ${origin()}/settings`);
      await ctx.jobs.enqueue(
        "email.send",
        { to: reader.email, subject: "Your week at church", text: lines.join("\n") },
        { dedupeKey: `email:digest:${weekOf}:${userId}` },
      );
      ctx.jobs.wake();
    },
  };
}
