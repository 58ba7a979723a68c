import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "../db/schema";
import { tooManyRequests } from "../http/errors";
import { createThrottleRepository } from "./throttle.repository";

/** A limit: at most `limit` hits per subject in each window of `windowMs`. */
export interface ThrottleRule {
  /** Names the rule in keys and logs, e.g. "register-ip". */
  name: string;
  limit: number;
  windowMs: number;
  /** The 429's message. */
  message: string;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends (when a refused subject may try again). */
  retryAfterMs: number;
}

/**
 * One way to throttle anything: fixed windows counted atomically in the database, so the limit holds across
 * instances and under concurrency (decision 0008). A hit is reserved before the work it guards runs.
 */
export function createThrottle(db: Kysely<DB>, clock: Clock) {
  const repository = createThrottleRepository(db);
  const windowOf = (rule: ThrottleRule) => {
    const now = clock.now();
    const windowStart = now - (now % rule.windowMs);
    return { now, windowStart, windowEnd: windowStart + rule.windowMs };
  };
  const keyOf = (rule: ThrottleRule, subject: string | number) => `${rule.name}:${subject}`;

  return {
    /** Counts a hit for `subject` and says whether it was within the limit. */
    async hit(rule: ThrottleRule, subject: string | number): Promise<ThrottleVerdict> {
      const { now, windowStart, windowEnd } = windowOf(rule);
      const count = await repository.increment(keyOf(rule, subject), windowStart, windowEnd);
      return { allowed: count <= rule.limit, count, retryAfterMs: windowEnd - now };
    },

    /** Counts a hit and throws 429 with Retry-After when it is over the limit. */
    async take(rule: ThrottleRule, subject: string | number): Promise<void> {
      const verdict = await this.hit(rule, subject);
      if (!verdict.allowed) throw tooManyRequests(rule.message, verdict.retryAfterMs / 1000);
    },

    /** Hits counted for `subject` in the current window, without counting one. */
    async peek(rule: ThrottleRule, subject: string | number): Promise<ThrottleVerdict> {
      const { now, windowStart, windowEnd } = windowOf(rule);
      const count = await repository.count(keyOf(rule, subject), windowStart);
      return { allowed: count < rule.limit, count, retryAfterMs: windowEnd - now };
    },

    /** Gives back one hit of the current window: a reservation that turned out not to count (a sign-in that succeeded, say). */
    async release(rule: ThrottleRule, subject: string | number): Promise<void> {
      await repository.decrement(keyOf(rule, subject), windowOf(rule).windowStart);
    },

    /** Forgets a subject's hits (a successful sign-in clears its failures, say). */
    async reset(rule: ThrottleRule, subject: string | number): Promise<void> {
      await repository.clear(keyOf(rule, subject));
    },

    /** Removes ended windows; run by housekeeping. */
    purgeExpired: () => repository.purgeExpired(clock.now()),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
