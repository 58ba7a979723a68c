import { afterAll, assert, beforeAll, expect, it } from "vitest";
import { historyMessages } from "@shared/contracts/history";
import { messages } from "@shared/messages";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { registerMember } from "../../test/factories";
import { createMedia } from "../../test/media-factories";

describeEachDatabase("history", (dialect) => {
  let t: TestApp;
  const media: number[] = [];
  const clock = createManualClock();
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    for (let i = 0; i < 5; i++) media.push(await createMedia(t.ctx.db, i % 2 ? "song" : "sermon"));
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const tick = () => clock.advance(1_000);

  it("lists what the member played, most recent first, with the position to resume from", async () => {
    const member = await registerMember(t.app);
    await call("POST", `/api/content/media/${media[0]}/play`, member.cookie);
    tick();
    await call("POST", `/api/content/media/${media[1]}/play`, member.cookie);
    tick();
    expect((await call("PUT", `/api/history/${media[0]}`, member.cookie, { position: 95.5 })).statusCode).toBe(204);
    const history = (await call("GET", "/api/history", member.cookie)).json();
    expect(history.map((entry: { mediaId: number }) => entry.mediaId)).toEqual([media[0], media[1]]);
    expect(history[0]).toMatchObject({ position: 95.5, media: { id: media[0], resumePosition: 95.5 } });
    // Saving a position does not count a play.
    expect((await call("GET", `/api/content/media/${media[0]}`)).json().playCount).toBe(1);
  });

  it("pages with a cursor", async () => {
    const member = await registerMember(t.app);
    for (const id of media) {
      await call("POST", `/api/content/media/${id}/play`, member.cookie);
      tick();
    }
    const first = await call("GET", "/api/history?limit=3", member.cookie);
    expect(first.json()).toHaveLength(3);
    const [, next] = /<([^>]+)>/.exec(first.headers.link as string) ?? [];
    assert.isDefined(next);
    const second = await call("GET", next, member.cookie);
    expect(second.json().map((e: { mediaId: number }) => e.mediaId)).toEqual([media[1], media[0]]);
    expect(second.headers.link).toBeUndefined();
    const forged = await call("GET", "/api/history?cursor=zzz", member.cookie);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(messages.invalidCursor);
  });

  it("removes one entry and clears the rest, only for this member", async () => {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    await call("POST", `/api/content/media/${media[2]}/play`, other.cookie);
    await call("POST", `/api/content/media/${media[2]}/play`, member.cookie);
    await call("POST", `/api/content/media/${media[3]}/play`, member.cookie);
    expect((await call("DELETE", `/api/history/${media[3]}`, member.cookie)).statusCode).toBe(204);
    expect((await call("GET", "/api/history", member.cookie)).json()).toHaveLength(1);
    expect((await call("DELETE", "/api/history", member.cookie)).statusCode).toBe(204);
    expect((await call("GET", "/api/history", member.cookie)).json()).toEqual([]);
    expect((await call("GET", "/api/history", other.cookie)).json()).toHaveLength(1);
  });

  it("requires sign-in, a known item and a valid position", async () => {
    const member = await registerMember(t.app);
    expect((await call("GET", "/api/history")).statusCode).toBe(401);
    expect((await call("PUT", `/api/history/${media[0]}`, undefined, { position: 1 })).statusCode).toBe(401);
    expect((await call("DELETE", "/api/history")).statusCode).toBe(401);
    expect((await call("PUT", "/api/history/999999", member.cookie, { position: 1 })).statusCode).toBe(404);
    const negative = await call("PUT", `/api/history/${media[0]}`, member.cookie, { position: -3 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe(historyMessages.positionNegative);
    const missing = await call("PUT", `/api/history/${media[0]}`, member.cookie, {});
    expect(missing.json().message).toBe(historyMessages.positionRequired);
  });
});
