/**
 * At most `slots` tasks at a time, the rest waiting in order. argon2 runs on the libuv pool's threads (four by default);
 * when members arrive together, every thread hashing would take the process's CPU from its event loop, and every other
 * request would wait behind the sign-ins. Through this queue the sign-ins wait for each other instead.
 */
export function createTaskQueue(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** The argon2 computations of this process: one at a time leaves the event loop its share of a small machine. */
export const argon2Queue = createTaskQueue(1);
