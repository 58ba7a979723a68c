import { afterAll, beforeAll, expect, it } from "vitest";
import { createManualClock } from "../../clock";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { registerMember } from "../../test/factories";
import { createMedia } from "../../test/media-factories";

describeEachDatabase("favorites", (dialect) => {
  let t: TestApp;
  let sermon: number;
  let song: number;
  const clock = createManualClock();
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, undefined, clock);
    sermon = await createMedia(t.ctx.db, "sermon");
    song = await createMedia(t.ctx.db, "song");
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

  it("adds favorites, newest first, shows them on the member's profile list and counts them", async () => {
    const member = await registerMember(t.app);
    expect((await call("POST", `/api/favorites/${sermon}`, member.cookie)).json()).toEqual({ favorited: true });
    clock.advance(1_000);
    await call("POST", `/api/favorites/${song}`, member.cookie);
    // Adding twice changes nothing.
    expect((await call("POST", `/api/favorites/${song}`, member.cookie)).statusCode).toBe(200);
    const own = (await call("GET", "/api/favorites", member.cookie)).json();
    expect(own.map((item: { id: number }) => item.id)).toEqual([song, sermon]);
    expect(own[0].favorited).toBe(true);
    const publicList = (await call("GET", `/api/users/${member.user.id}/favorites`)).json();
    expect(publicList.map((item: { id: number }) => item.id)).toEqual([song, sermon]);
    expect((await call("GET", `/api/users/${member.user.id}`)).json().favoriteCount).toBe(2);
  });

  it("removes a favorite, and removing it again is harmless", async () => {
    const member = await registerMember(t.app);
    await call("POST", `/api/favorites/${sermon}`, member.cookie);
    expect((await call("DELETE", `/api/favorites/${sermon}`, member.cookie)).json()).toEqual({ favorited: false });
    expect((await call("DELETE", `/api/favorites/${sermon}`, member.cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/favorites", member.cookie)).json()).toEqual([]);
  });

  it("keeps each member's favorites their own", async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    await call("POST", `/api/favorites/${sermon}`, a.cookie);
    expect((await call("GET", "/api/favorites", b.cookie)).json()).toEqual([]);
    await call("DELETE", `/api/favorites/${sermon}`, b.cookie);
    expect((await call("GET", "/api/favorites", a.cookie)).json()).toHaveLength(1);
  });

  it("requires sign-in, an existing item and a numeric id", async () => {
    const member = await registerMember(t.app);
    expect((await call("GET", "/api/favorites")).statusCode).toBe(401);
    expect((await call("POST", `/api/favorites/${sermon}`)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/favorites/${sermon}`)).statusCode).toBe(401);
    expect((await call("POST", "/api/favorites/999999", member.cookie)).statusCode).toBe(404);
    expect((await call("POST", "/api/favorites/abc", member.cookie)).statusCode).toBe(400);
    expect((await call("GET", "/api/users/999999/favorites")).statusCode).toBe(404);
  });
});
