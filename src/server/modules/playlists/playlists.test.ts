import { afterAll, beforeAll, expect, it } from "vitest";
import { playlistMessages } from "@shared/contracts/playlists";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { createMedia } from "../../test/media-factories";

describeEachDatabase("playlists", (dialect) => {
  let t: TestApp;
  let owner: Member;
  let stranger: Member;
  const songs: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await registerMember(t.app);
    stranger = await registerMember(t.app);
    for (let i = 0; i < 3; i++) songs.push(await createMedia(t.ctx.db, "song"));
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const create = async (member: Member, name = "Sunday Morning") => (await call("POST", "/api/playlists", member.cookie, { name })).json();
  const mediaIds = (playlist: { playlistItems: { media: { id: number } }[] }) => playlist.playlistItems.map((item) => item.media.id);

  it("creates a playlist, adds songs in order and lists it with its playlistItems", async () => {
    const created = await call("POST", "/api/playlists", owner.cookie, {
      name: "  Evening Worship ",
      description: "Quiet songs",
      userId: stranger.user.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: "Evening Worship", description: "Quiet songs", userId: owner.user.id, playlistItems: [] });
    const id = created.json().id;
    for (const song of songs)
      expect((await call("POST", `/api/playlists/${id}/items`, owner.cookie, { mediaId: song })).statusCode).toBe(201);
    const list = (await call("GET", `/api/playlists?userId=${owner.user.id}`)).json();
    const found = list.find((playlist: { id: number }) => playlist.id === id);
    expect(mediaIds(found)).toEqual(songs);
    expect(found.playlistItems.map((item: { position: number }) => item.position)).toEqual([0, 1, 2]);
    // Without userId, the signed-in member's own; a visitor has none.
    expect((await call("GET", "/api/playlists", owner.cookie)).json().map((p: { id: number }) => p.id)).toContain(id);
    expect((await call("GET", "/api/playlists")).json()).toEqual([]);
    expect(mediaIds((await call("GET", `/api/playlists/${id}`)).json())).toEqual(songs);
  });

  it("refuses a song already in the playlist and an unknown song", async () => {
    const playlist = await create(owner);
    await call("POST", `/api/playlists/${playlist.id}/items`, owner.cookie, { mediaId: songs[0] });
    const again = await call("POST", `/api/playlists/${playlist.id}/items`, owner.cookie, { mediaId: songs[0] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(playlistMessages.alreadyInPlaylist);
    expect((await call("POST", `/api/playlists/${playlist.id}/items`, owner.cookie, { mediaId: 999999 })).statusCode).toBe(404);
  });

  it("renames, removes and reorders items", async () => {
    const playlist = await create(owner);
    let current = playlist;
    for (const song of songs) current = (await call("POST", `/api/playlists/${playlist.id}/items`, owner.cookie, { mediaId: song })).json();
    const renamed = await call("PATCH", `/api/playlists/${playlist.id}`, owner.cookie, { name: "Renamed" });
    expect(renamed.json().name).toBe("Renamed");
    const itemIds = current.playlistItems.map((item: { id: number }) => item.id);
    const reordered = await call("PUT", `/api/playlists/${playlist.id}/items/order`, owner.cookie, {
      itemIds: [itemIds[2], itemIds[0], itemIds[1]],
    });
    expect(mediaIds(reordered.json())).toEqual([songs[2], songs[0], songs[1]]);
    const removed = await call("DELETE", `/api/playlists/${playlist.id}/items/${itemIds[0]}`, owner.cookie);
    expect(mediaIds(removed.json())).toEqual([songs[2], songs[1]]);
    expect((await call("DELETE", `/api/playlists/${playlist.id}/items/${itemIds[0]}`, owner.cookie)).statusCode).toBe(404);
    const bad = await call("PUT", `/api/playlists/${playlist.id}/items/order`, owner.cookie, { itemIds: [itemIds[2]] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(playlistMessages.orderMismatch);
  });

  it("deletes a playlist", async () => {
    const playlist = await create(owner);
    expect((await call("DELETE", `/api/playlists/${playlist.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call("GET", `/api/playlists/${playlist.id}`)).statusCode).toBe(404);
  });

  it("lets only the owner change a playlist", async () => {
    const playlist = await create(owner);
    const item = (await call("POST", `/api/playlists/${playlist.id}/items`, owner.cookie, { mediaId: songs[0] })).json().playlistItems[0];
    const attempts = [
      call("PATCH", `/api/playlists/${playlist.id}`, stranger.cookie, { name: "Mine now" }),
      call("DELETE", `/api/playlists/${playlist.id}`, stranger.cookie),
      call("POST", `/api/playlists/${playlist.id}/items`, stranger.cookie, { mediaId: songs[1] }),
      call("DELETE", `/api/playlists/${playlist.id}/items/${item.id}`, stranger.cookie),
      call("PUT", `/api/playlists/${playlist.id}/items/order`, stranger.cookie, { itemIds: [item.id] }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
    const unchanged = (await call("GET", `/api/playlists/${playlist.id}`)).json();
    expect(unchanged.name).toBe("Sunday Morning");
    expect(mediaIds(unchanged)).toEqual([songs[0]]);
  });

  it("requires sign-in and valid input with clear messages", async () => {
    expect((await call("POST", "/api/playlists", undefined, { name: "x" })).statusCode).toBe(401);
    expect((await call("PATCH", "/api/playlists/1", undefined, { name: "x" })).statusCode).toBe(401);
    const blank = await call("POST", "/api/playlists", owner.cookie, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(playlistMessages.nameRequired);
    expect((await call("POST", "/api/playlists", owner.cookie, {})).json().message).toBe(playlistMessages.nameRequired);
    expect((await call("POST", "/api/playlists", owner.cookie, { name: "x".repeat(101) })).json().message).toBe(
      playlistMessages.nameTooLong,
    );
    expect((await call("PATCH", "/api/playlists/999999", owner.cookie, { name: "x" })).statusCode).toBe(404);
    expect((await call("GET", "/api/playlists?userId=abc")).statusCode).toBe(400);
    const playlist = await create(owner);
    expect((await call("POST", `/api/playlists/${playlist.id}/items`, owner.cookie, { mediaId: "one" })).statusCode).toBe(400);
  });
});
