import { afterAll, beforeAll, expect, it } from "vitest";
import { createManualClock } from "../../clock";
import { describeEachDatabase } from "../../test/app";
import { type Member, registerMember } from "../../test/factories";
import { LiveClient, startLiveTestApp } from "../../test/live";
import { createCategory, createMedia } from "../../test/media-factories";
import { type TestSubscription, startPushService } from "../../test/push-service";

type Instance = Awaited<ReturnType<typeof startLiveTestApp>>;

describeEachDatabase("notifications beyond the tab: live, push and categories", (dialect) => {
  let t: Instance;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const clock = createManualClock("2026-03-02T09:00:00.000Z");
  let ruth: Member;
  let boaz: Member;
  let naomi: Member;
  let phone: TestSubscription;
  let laptop: TestSubscription;

  const as = (member: Member | null) => (member ? { cookie: member.cookie } : {});
  const call = (member: Member | null, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: as(member), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const post = async (member: Member, content: string) => (await call(member, "POST", "/api/posts", { content })).json().id as number;
  const bell = async (member: Member) => (await call(member, "GET", "/api/notifications")).json();
  const pushesTo = (subscription: TestSubscription) => pushService.received.filter((push) => push.endpoint === subscription.endpoint);
  const waitOffline = (member: Member) => expect.poll(() => t.ctx.live.isOnline(member.user.id)).toBe(false);

  beforeAll(async () => {
    pushService = await startPushService();
    t = await startLiveTestApp(dialect, { clock });
    ruth = await registerMember(t.app, { displayName: "Ruth" });
    boaz = await registerMember(t.app, { displayName: "Boaz" });
    naomi = await registerMember(t.app, { displayName: "Naomi" });
    phone = pushService.subscribe();
    laptop = pushService.subscribe();
    for (const device of [phone, laptop]) expect((await call(ruth, "POST", "/api/push/subscriptions", device)).statusCode).toBe(204);
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  it("tells a member of a comment live on /ws while a tab is open, and sends no push then", async () => {
    const client = await LiveClient.connect(t.wsUrl, ruth.cookie, { origin: t.origin });
    const postId = await post(ruth, "Harvest thanks");
    await call(boaz, "POST", `/api/posts/${postId}/comments`, { content: "Amen to that" });
    const live = await client.next("NOTIFICATION");
    expect(live.notification).toMatchObject({
      category: "comment",
      title: "New Comment",
      body: 'Boaz commented on your post: "Amen to that"',
      link: `/community/${postId}`,
      readAt: null,
    });
    expect(live.unreadCount).toBe((await bell(ruth)).unreadCount);
    await t.ctx.jobs.runDue();
    expect(pushService.received).toEqual([]);
    client.socket.close();
    await waitOffline(ruth);
  });

  it("pushes to every device of a member who is away, encrypted as RFC 8291 says and signed with the server's VAPID key", async () => {
    const postId = await post(ruth, "Gleaning schedule");
    await call(boaz, "POST", `/api/posts/${postId}/comments`, { content: "I can help on Tuesday" });
    await t.ctx.jobs.runDue();
    expect(pushService.errors).toEqual([]);
    const { publicKey } = (await call(null, "GET", "/api/push/key")).json();
    for (const device of [phone, laptop]) {
      const [push] = pushesTo(device);
      expect(push?.message).toEqual({
        title: "New Comment",
        body: 'Boaz commented on your post: "I can help on Tuesday"',
        link: `/community/${postId}`,
        tag: "notification-comment",
      });
      expect(push?.vapidKey).toBe(publicKey);
      expect(push?.claims.aud).toBe(pushService.origin);
      expect(push?.claims.sub).toMatch(/^(mailto:|https?:)/);
      expect(push?.ttl).toBe("86400");
    }
    // A second run of the jobs sends nothing again.
    await t.ctx.jobs.runDue();
    expect(pushService.received).toHaveLength(2);
  });

  it("keeps one VAPID key pair in the database", async () => {
    const first = (await call(null, "GET", "/api/push/key")).json().publicKey;
    const stored = await t.ctx.db.selectFrom("app_secrets").select("value").where("name", "=", "vapid").executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).publicKey).toBe(first);
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it("names MAIL_FROM's address as the VAPID contact when the site is on plain http, which push services refuse", async () => {
    const config = t.ctx.config as { publicOrigin?: string; mailFrom: string; vapidSubject?: string };
    const before = { publicOrigin: config.publicOrigin, mailFrom: config.mailFrom, vapidSubject: config.vapidSubject };
    Object.assign(config, { publicOrigin: "http://church.lan", mailFrom: "Gathering <office@church.lan>", vapidSubject: undefined });
    try {
      pushService.received.length = 0;
      const postId = await post(ruth, "Choir robes");
      await call(boaz, "POST", `/api/posts/${postId}/comments`, { content: "In the closet" });
      await t.ctx.jobs.runDue();
      expect(pushService.errors).toEqual([]);
      expect(pushesTo(phone).map((push) => push.claims.sub)).toEqual(["mailto:office@church.lan"]);
    } finally {
      Object.assign(config, before);
    }
  });

  it("removes a subscription the push service answers 410 for, and keeps the member's other devices", async () => {
    pushService.answer(laptop.endpoint, 410);
    pushService.received.length = 0;
    const postId = await post(ruth, "Lost and found");
    await call(boaz, "POST", `/api/posts/${postId}/comments`, { content: "Found a scarf" });
    await t.ctx.jobs.runDue();
    const endpoints = await t.ctx.db.selectFrom("push_subscriptions").select("endpoint").where("userId", "=", ruth.user.id).execute();
    expect(endpoints.map((row) => row.endpoint)).toEqual([phone.endpoint]);
    expect(pushesTo(phone)).toHaveLength(1);
  });

  it("pushes only the categories a member keeps on: likes stay off until turned on, comments can be turned off", async () => {
    pushService.received.length = 0;
    const postId = await post(ruth, "Choir practice moved");
    await call(boaz, "POST", `/api/posts/${postId}/like`);
    await t.ctx.jobs.runDue();
    expect(pushService.received).toEqual([]);
    expect((await bell(ruth)).items[0]).toMatchObject({ category: "like", title: "New Like", link: `/community/${postId}` });

    const saved = await call(ruth, "PUT", "/api/notifications/preferences", {
      categories: { like: { push: true }, comment: { push: false } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().categories.like).toEqual({ push: true, email: false });
    expect(saved.json().categories.comment).toEqual({ push: false, email: false });
    await call(naomi, "POST", `/api/posts/${postId}/like`);
    await call(naomi, "POST", `/api/posts/${postId}/comments`, { content: "Thanks for the heads-up" });
    await t.ctx.jobs.runDue();
    expect(pushService.received.map((push) => push.message.title)).toEqual(["New Like"]);
  });

  it("tells the author of a like once per member, however often it is toggled", async () => {
    const postId = await post(ruth, "Potluck");
    for (let i = 0; i < 3; i += 1) await call(boaz, "POST", `/api/posts/${postId}/like`);
    const likes = (await bell(ruth)).items.filter(
      (item: { link: string; category: string }) => item.category === "like" && item.link === `/community/${postId}`,
    );
    expect(likes).toHaveLength(1);
  });

  it("tells earlier commenters of a reply and members of an @mention, each once, never the writer", async () => {
    const postId = await post(ruth, "Prayer for the harvest");
    await call(boaz, "POST", `/api/posts/${postId}/comments`, { content: "Praying" });
    await call(naomi, "POST", `/api/posts/${postId}/comments`, { content: `Me too @${boaz.username} and @${naomi.username}` });
    const boazItems = (await bell(boaz)).items.filter((item: { link: string }) => item.link === `/community/${postId}`);
    expect(boazItems).toEqual([expect.objectContaining({ category: "reply", title: "You Were Mentioned" })]);
    expect((await bell(naomi)).items.some((item: { link: string }) => item.link === `/community/${postId}`)).toBe(false);

    const mentionPost = await post(boaz, `Welcome @${naomi.username.toUpperCase()}!`);
    expect((await bell(naomi)).items[0]).toMatchObject({
      category: "reply",
      title: "You Were Mentioned",
      link: `/community/${mentionPost}`,
    });
  });

  it("tells a member of a direct message only when they are away", async () => {
    const sender = await LiveClient.connect(t.wsUrl, boaz.cookie, { origin: t.origin });
    const before = (await bell(ruth)).unreadCount;
    sender.send("CHAT_MESSAGE", { receiverId: ruth.user.id, message: "Are you coming Sunday?" });
    await sender.next("CHAT_MESSAGE_SENT");
    // The sender's acknowledgement leaves before the away member's notification is stored.
    await expect.poll(async () => (await bell(ruth)).items[0]?.category).toBe("message");
    const away = await bell(ruth);
    expect(away.unreadCount).toBe(before + 1);
    expect(away.items[0]).toMatchObject({
      category: "message",
      title: "New message from Boaz",
      body: "Are you coming Sunday?",
      link: "/chat",
    });

    const reader = await LiveClient.connect(t.wsUrl, ruth.cookie, { origin: t.origin });
    sender.send("CHAT_MESSAGE", { receiverId: ruth.user.id, message: "See you there" });
    await reader.next("CHAT_MESSAGE");
    expect((await bell(ruth)).unreadCount).toBe(before + 1);
    sender.socket.close();
    reader.socket.close();
    await waitOffline(ruth);
  });

  it("tells every member of a new sermon, and only a show's subscribers of its new episode", async () => {
    const sermon = await createMedia(t.ctx.db, "sermon", { title: "The Kinsman Redeemer", artist: "Pastor Eli" });
    const showId = await createCategory(t.ctx.db, "podcast", "Field Notes");
    await t.ctx.db
      .insertInto("podcast_subscriptions")
      .values({ userId: naomi.user.id, categoryId: showId, createdAt: clock.iso() })
      .execute();
    const episode = await createMedia(t.ctx.db, "podcast", { title: "Episode 1", categoryId: showId });
    for (const mediaId of [sermon, episode])
      await t.ctx.jobs.enqueue("media.published", { mediaId }, { dedupeKey: `media-published:${mediaId}` });
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.enqueue("media.published", { mediaId: sermon });
    await t.ctx.jobs.runDue();
    for (const member of [ruth, boaz, naomi]) {
      const sermons = (await bell(member)).items.filter((item: { category: string }) => item.category === "sermon");
      expect(sermons).toEqual([
        expect.objectContaining({ title: "New Sermon", body: "The Kinsman Redeemer by Pastor Eli", link: "/sermons" }),
      ]);
    }
    const episodes = async (member: Member) =>
      (await bell(member)).items.filter((item: { category: string }) => item.category === "episode");
    expect(await episodes(naomi)).toEqual([expect.objectContaining({ title: "New episode of Field Notes", body: "Episode 1" })]);
    expect(await episodes(ruth)).toEqual([]);
  });

  it("reminds the members going an hour before an event, unless it moved or was cancelled", async () => {
    await t.ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", boaz.user.id).execute();
    const at = (ms: number) => new Date(clock.now() + ms).toISOString();
    const create = async (title: string, startsIn: number) =>
      (
        await call(boaz, "POST", "/api/events", {
          title,
          description: "",
          location: "Barn",
          startTime: at(startsIn),
          endTime: at(startsIn + 3_600_000),
        })
      ).json().id as number;
    const supper = await create("Harvest Supper", 5 * 3_600_000);
    const moved = await create("Moved Meeting", 5 * 3_600_000);
    const cancelled = await create("Cancelled Choir", 5 * 3_600_000);
    for (const id of [supper, moved, cancelled]) await call(ruth, "PUT", `/api/events/${id}/rsvp`, { status: "going" });
    expect(
      (await call(boaz, "PATCH", `/api/events/${moved}`, { startTime: at(10 * 3_600_000), endTime: at(11 * 3_600_000) })).statusCode,
    ).toBe(200);
    expect((await call(boaz, "POST", `/api/events/${cancelled}/cancel`)).statusCode).toBe(200);

    clock.advance(3 * 3_600_000);
    await t.ctx.jobs.runDue();
    const early = (await bell(ruth)).items.filter((item: { title: string }) => item.title === "Starting Soon");
    expect(early).toEqual([]);
    clock.advance(3_600_000);
    await t.ctx.jobs.runDue();
    const reminders = (await bell(ruth)).items.filter((item: { title: string }) => item.title === "Starting Soon");
    // The moved event's reminder comes an hour before its new start.
    clock.advance(5 * 3_600_000);
    await t.ctx.jobs.runDue();
    const later = (await bell(ruth)).items.filter((item: { title: string }) => item.title === "Starting Soon");
    expect(later.map((item: { link: string }) => item.link)).toEqual([`/events#event-${moved}`, `/events#event-${supper}`]);
    expect(reminders).toEqual([
      expect.objectContaining({
        category: "event",
        body: "Harvest Supper starts within the hour at Barn.",
        link: `/events#event-${supper}`,
      }),
    ]);
  });

  it("answers preferences with defaults, and refuses unknown categories, bad values and visitors", async () => {
    const fresh = await registerMember(t.app);
    const defaults = (await call(fresh, "GET", "/api/notifications/preferences")).json();
    expect(defaults.categories.comment).toEqual({ push: true, email: false });
    expect(defaults.categories.like).toEqual({ push: false, email: false });
    expect(defaults).toMatchObject({ weeklyDigest: false, emailEnabled: false });
    expect(Object.keys(defaults.categories).sort()).toEqual(["comment", "episode", "event", "like", "live", "message", "reply", "sermon"]);
    expect((await call(fresh, "PUT", "/api/notifications/preferences", { categories: { gossip: { push: true } } })).statusCode).toBe(400);
    expect((await call(fresh, "PUT", "/api/notifications/preferences", { weeklyDigest: "yes" })).statusCode).toBe(400);
    expect((await call(null, "GET", "/api/notifications/preferences")).statusCode).toBe(401);
    expect((await call(null, "PUT", "/api/notifications/preferences", {})).statusCode).toBe(401);
  });

  it("keeps a subscription per device, refuses malformed ones and visitors, and forgets one on request", async () => {
    const tablet = pushService.subscribe();
    expect((await call(null, "POST", "/api/push/subscriptions", tablet)).statusCode).toBe(401);
    const bad = await call(naomi, "POST", "/api/push/subscriptions", { ...tablet, keys: { p256dh: "short", auth: tablet.keys.auth } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("keys.p256dh must be a base64url P-256 public key");
    expect((await call(naomi, "POST", "/api/push/subscriptions", tablet)).statusCode).toBe(204);
    expect((await call(naomi, "POST", "/api/push/subscriptions", tablet)).statusCode).toBe(204);
    const count = async () =>
      (await t.ctx.db.selectFrom("push_subscriptions").select("id").where("userId", "=", naomi.user.id).execute()).length;
    expect(await count()).toBe(1);
    expect((await call(naomi, "POST", "/api/push/subscriptions/remove", { endpoint: tablet.endpoint })).statusCode).toBe(204);
    expect(await count()).toBe(0);
  });
});
