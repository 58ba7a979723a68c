/** Where the server reads the time: the system clock in production, a clock the test drives in tests. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** The current time as an ISO 8601 string, the form timestamps are stored in (decision 0001). */
  iso(): string;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  iso: () => new Date().toISOString(),
};

export interface ManualClock extends Clock {
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the clock to a point in time. */
  set(time: number | string | Date): void;
}

/** A clock that only moves when told to, so tests order events without sleeping. */
export function createManualClock(start: number | string | Date = "2026-01-04T10:00:00.000Z"): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => current,
    iso: () => new Date(current).toISOString(),
    advance: (ms) => {
      current += ms;
    },
    set: (time) => {
      current = new Date(time).getTime();
    },
  };
}
