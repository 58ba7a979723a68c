import { describe, expect, it } from "vitest";
import { createTaskQueue } from "./argon2-queue";

describe("the argon2 queue", () => {
  it("runs at most its slots at once, the others in the order they came, and a failure frees its slot", async () => {
    const run = createTaskQueue(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      if (index === 1) throw new Error("wrong password hash");
      return index;
    };
    const results = await Promise.allSettled(Array.from({ length: 7 }, (_, index) => run(task(index))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", ...Array(5).fill("fulfilled")]);
    expect(await run(async () => "after")).toBe("after");
  });
});
