import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { userMessages } from "@shared/contracts/users";
import { messages } from "@shared/messages";
import { type TestApp, buildTestApp, describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";

describeEachDatabase("users", (dialect) => {
  let t: TestApp;
  let ruth: Member;
  let boaz: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ruth = await registerMember(t.app, { displayName: "Ruth Moabite", username: "ruth" });
    boaz = await registerMember(t.app, { displayName: "Boaz of Bethlehem", username: "boaz" });
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const patch = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: "PATCH", url, payload: payload as object, headers: cookie ? { cookie } : {} });

  it("shows a profile to anyone, with counts but without the email", async () => {
    const response = await get(`/api/users/${ruth.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ruth.user.id, displayName: "Ruth Moabite", postCount: 0, favoriteCount: 0 });
    expect(response.json()).not.toHaveProperty("email");
    expect(response.json()).not.toHaveProperty("passwordHash");
  });

  it("shows the email only to its owner", async () => {
    expect((await get(`/api/users/${ruth.user.id}`, ruth.cookie)).json().email).toBe(ruth.user.email);
    expect((await get(`/api/users/${ruth.user.id}`, boaz.cookie)).json()).not.toHaveProperty("email");
  });

  it("counts a member's posts and favorites from the data", async () => {
    const now = new Date().toISOString();
    await t.database.db.insertInto("posts").values({ userId: boaz.user.id, content: "Hello", imageUrl: null, createdAt: now }).execute();
    const media = await t.database.db
      .insertInto("media")
      .values({
        title: "Psalm",
        description: "",
        type: "song",
        categoryId: null,
        artist: "Choir",
        thumbnailUrl: null,
        mediaUrl: "/media/x.mp3",
        mimeType: "audio/mpeg",
        duration: 60,
        uploadedBy: null,
        createdAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.database.db.insertInto("favorites").values({ userId: boaz.user.id, mediaId: media.id, createdAt: now }).execute();
    const profile = (await get(`/api/users/${boaz.user.id}`)).json();
    expect(profile.postCount).toBe(1);
    expect(profile.favoriteCount).toBe(1);
    const favorites = await get(`/api/users/${boaz.user.id}/favorites`);
    expect(favorites.statusCode).toBe(200);
    expect(favorites.json().map((item: { title: string }) => item.title)).toEqual(["Psalm"]);
  });

  it("keeps the stored counts equal to the rows, whatever writes them", async () => {
    // Any order of new, deleted, hidden, restored and re-attributed posts and added or removed favorites, written
    // straight to the tables as any module might: the counts each profile shows stay what counting the rows gives.
    const db = t.database.db;
    const naomi = await registerMember(t.app, { displayName: "Naomi", username: "naomi" });
    const orpah = await registerMember(t.app, { displayName: "Orpah", username: "orpah" });
    const members = [naomi.user.id, orpah.user.id];
    const now = new Date().toISOString();
    const media = await db
      .insertInto("media")
      .values(
        [1, 2, 3].map((n) => ({
          title: `Hymn ${n}`,
          description: "",
          type: "song" as const,
          categoryId: null,
          artist: "Choir",
          thumbnailUrl: null,
          mediaUrl: `/media/hymn-${n}.mp3`,
          mimeType: "audio/mpeg",
          duration: 60,
          uploadedBy: null,
          createdAt: now,
        })),
      )
      .returning("id")
      .execute();
    const member = fc.constantFrom(...members);
    const step = fc.oneof(
      fc.record({ kind: fc.constant("post" as const), member }),
      fc.record({ kind: fc.constantFrom("delete" as const, "hide" as const, "restore" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("move" as const), pick: fc.nat(), member }),
      fc.record({
        kind: fc.constantFrom("favorite" as const, "unfavorite" as const),
        member,
        media: fc.constantFrom(...media.map((m) => m.id)),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const posts = await db.selectFrom("posts").select("id").where("userId", "in", members).orderBy("id").execute();
          const target = "pick" in s && posts.length > 0 ? posts[s.pick % posts.length]!.id : null;
          if (s.kind === "post")
            await db.insertInto("posts").values({ userId: s.member, content: "Amen", imageUrl: null, createdAt: now }).execute();
          if (s.kind === "delete" && target) await db.deleteFrom("posts").where("id", "=", target).execute();
          if (s.kind === "hide" && target) await db.updateTable("posts").set({ hiddenAt: now }).where("id", "=", target).execute();
          if (s.kind === "restore" && target) await db.updateTable("posts").set({ hiddenAt: null }).where("id", "=", target).execute();
          if (s.kind === "move" && target) await db.updateTable("posts").set({ userId: s.member }).where("id", "=", target).execute();
          if (s.kind === "favorite")
            await db
              .insertInto("favorites")
              .values({ userId: s.member, mediaId: s.media, createdAt: now })
              .onConflict((c) => c.doNothing())
              .execute();
          if (s.kind === "unfavorite")
            await db.deleteFrom("favorites").where("userId", "=", s.member).where("mediaId", "=", s.media).execute();
        }
        for (const id of members) {
          const counted = await db
            .selectFrom("users")
            .select((eb) => [
              eb
                .selectFrom("posts")
                .select((p) => p.fn.countAll<number>().as("n"))
                .whereRef("posts.userId", "=", "users.id")
                .where("hiddenAt", "is", null)
                .as("posts"),
              eb
                .selectFrom("favorites")
                .select((f) => f.fn.countAll<number>().as("n"))
                .whereRef("favorites.userId", "=", "users.id")
                .as("favorites"),
            ])
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          const profile = (await get(`/api/users/${id}`)).json();
          expect(profile.postCount).toBe(Number(counted.posts));
          expect(profile.favoriteCount).toBe(Number(counted.favorites));
        }
      }),
      { numRuns: 25 },
    );
  });

  it("answers 404 for an unknown member and 400 for a malformed id", async () => {
    const unknown = await get("/api/users/999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(userMessages.notFound);
    expect((await get("/api/users/999999/favorites")).statusCode).toBe(404);
    expect((await get("/api/users/not-a-number")).statusCode).toBe(400);
  });

  it("lists contacts only for a signed-in member, without the member themself or any email", async () => {
    expect((await get("/api/users")).statusCode).toBe(401);
    const response = await get("/api/users", ruth.cookie);
    expect(response.statusCode).toBe(200);
    const contacts = response.json() as Array<Record<string, unknown>>;
    expect(contacts.some((c) => c.id === ruth.user.id)).toBe(false);
    const boazContact = contacts.find((c) => c.id === boaz.user.id);
    expect(boazContact).toMatchObject({ displayName: "Boaz of Bethlehem", lastMessage: null, unreadCount: 0 });
    expect(boazContact).not.toHaveProperty("email");
  });

  it("reflects the last message and unread count in the contact list", async () => {
    const now = Date.now();
    await t.database.db
      .insertInto("messages")
      .values([
        {
          senderId: boaz.user.id,
          receiverId: ruth.user.id,
          groupId: null,
          roomCode: null,
          content: "Shalom",
          createdAt: new Date(now - 2000).toISOString(),
          readAt: null,
        },
        {
          senderId: boaz.user.id,
          receiverId: ruth.user.id,
          groupId: null,
          roomCode: null,
          content: "See you at the harvest",
          createdAt: new Date(now - 1000).toISOString(),
          readAt: null,
        },
      ])
      .execute();
    const contacts = (await get("/api/users", ruth.cookie)).json() as Array<Record<string, unknown>>;
    expect(contacts[0]).toMatchObject({ id: boaz.user.id, lastMessage: "See you at the harvest", unreadCount: 2 });
    const fromBoaz = (await get("/api/users", boaz.cookie)).json() as Array<Record<string, unknown>>;
    expect(fromBoaz.find((c) => c.id === ruth.user.id)).toMatchObject({ lastMessage: "See you at the harvest", unreadCount: 0 });
  });

  it("filters contacts by display name or username, case-insensitively", async () => {
    const byName = (await get("/api/users?q=BETHLEHEM", ruth.cookie)).json() as Array<{ id: number }>;
    expect(byName.map((c) => c.id)).toEqual([boaz.user.id]);
    const byUsername = (await get("/api/users?q=boa", ruth.cookie)).json() as Array<{ id: number }>;
    expect(byUsername.map((c) => c.id)).toContain(boaz.user.id);
  });

  it("lets a member update their own display name, bio and email", async () => {
    const response = await patch(
      `/api/users/${ruth.user.id}`,
      { displayName: "Ruth B.", bio: "Gleaner", email: "ruth.b@example.org" },
      ruth.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: "Ruth B.", bio: "Gleaner", email: "ruth.b@example.org" });
    expect((await get(`/api/users/${ruth.user.id}`)).json().displayName).toBe("Ruth B.");
  });

  it("ignores fields a member may not set on their profile", async () => {
    const response = await patch(
      `/api/users/${ruth.user.id}`,
      { accountType: "premium", role: "admin", postCount: 99, bio: "Still me" },
      ruth.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ accountType: "free", role: "member", postCount: 0, bio: "Still me" });
  });

  it("answers 401 without a session and 403 for another member's profile", async () => {
    expect((await patch(`/api/users/${ruth.user.id}`, { bio: "x" })).statusCode).toBe(401);
    const forbidden = await patch(`/api/users/${ruth.user.id}`, { bio: "hacked" }, boaz.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect((await get(`/api/users/${ruth.user.id}`)).json().bio).not.toBe("hacked");
  });

  it("answers 400 with the spec's messages for bad values, and 409 for a taken email", async () => {
    const badEmail = await patch(`/api/users/${ruth.user.id}`, { email: "nope" }, ruth.cookie);
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(messages.emailInvalid);
    const blankName = await patch(`/api/users/${ruth.user.id}`, { displayName: "  " }, ruth.cookie);
    expect(blankName.json().message).toBe(messages.displayNameRequired);
    const taken = await patch(`/api/users/${ruth.user.id}`, { email: boaz.user.email?.toUpperCase() }, ruth.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.emailTaken);
  });

  it("answers 400 for a malformed body", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${ruth.user.id}`,
      headers: { cookie: ruth.cookie, "content-type": "application/json" },
      payload: "[1,2",
    });
    expect(response.statusCode).toBe(400);
  });
});
