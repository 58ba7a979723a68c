import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { z } from "zod";
import { clientEventSchema } from "@shared/contracts/live";
import { describeEachDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";
import { LiveClient, startLiveTestApp } from "../test/live";
import { validInput } from "../test/valid-input";

type LiveApp = Awaited<ReturnType<typeof startLiveTestApp>>;

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", 2147483648, -1, 0, 1.5, 1e308, "", "ZZZZZZ", "\ud800", null, true, [], {}),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.integer(),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Each client event type of the live protocol, with a payload that is valid apart from one hostile field (or any JSON). */
const events = clientEventSchema.options.map((option) => {
  const type = option.shape.type.value;
  const payloadSchema = option.shape.payload as z.ZodType;
  const valid = validInput(payloadSchema);
  const keys = Object.keys(valid);
  const payload = fc.oneof(
    keys.length ? fc.tuple(fc.constantFrom(...keys), hostile).map(([key, value]) => ({ ...valid, [key]: value })) : fc.constant(valid),
    fc.jsonValue({ maxDepth: 2 }),
  );
  return { type, payload };
});

describeEachDatabase("every live message type under generated bad input", (dialect) => {
  let live: LiveApp;
  let member: Member;
  let client: LiveClient;
  beforeAll(async () => {
    // A generous rate limit: this test sends many frames on purpose.
    live = await startLiveTestApp(dialect, { hub: { ratePerSecond: 10_000, rateBurst: 10_000 } });
    member = await registerMember(live.app);
    client = await LiveClient.connect(live.wsUrl, member.cookie, { origin: live.origin });
  });
  afterAll(async () => {
    await client.close();
    await live.close();
  });

  it("never answers ERROR internal and keeps the connection open", async () => {
    for (const { type, payload } of events) {
      await fc.assert(
        fc.asyncProperty(payload, async (value) => {
          client.send(type, value);
        }),
        { numRuns: 40 },
      );
    }
    // Wait until the hub has answered everything it is going to (no new frame for 500 ms).
    let seen = -1;
    while (seen !== client.events.length) {
      seen = client.events.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const internal = client.events.filter((event) => event.type === "ERROR" && event.payload.code === "internal");
    expect(internal).toEqual([]);
    expect(client.events.some((event) => event.type === "ERROR")).toBe(true);
    expect(client.closeCode).toBeNull();
  });
});
