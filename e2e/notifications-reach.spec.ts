import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect, expectNoA11yViolations, expectToast, newMember, register, test } from "./fixtures";

/*
 * Reaching a member outside the tab: a notification that arrives live, the push service worker showing a push, and a
 * password reset by a link followed from a real email. The journey server sends mail to SMTP_URL (playwright.config.ts);
 * this file runs the SMTP server that receives it.
 */

const smtpPort = Number(process.env.E2E_PORT ?? 3100) + 2000;
const inbox: ParsedMail[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test("a new member's bell counts up live when someone comments on their post", async ({ page, browser }) => {
  await register(page);
  const post = await (await page.request.post("/api/posts", { data: { content: "First week here: where is the choir room?" } })).json();
  await page.goto("/community");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  const before = (await (await page.request.get("/api/notifications")).json()).unreadCount as number;
  await expect(bell).toHaveAccessibleName(`Notifications, ${before} unread`);

  const neighbour = await browser.newContext();
  const other = await neighbour.newPage();
  const friend = await register(other);
  const comment = await other.request.post(`/api/posts/${post.id}/comments`, { data: { content: "Down the hall, second door" } });
  expect(comment.status()).toBe(201);
  await neighbour.close();

  // No reload: the notification arrived over /ws.
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  await bell.click();
  const item = page.getByRole("menuitem").filter({ hasText: "New Comment" }).first();
  await expect(item).toContainText(`${friend.displayName} commented on your post`);
  await item.click();
  await expect(page).toHaveURL(`/community/${post.id}`);
});

test("settings keep notification choices per category, and offer notifications on this device", async ({ page }) => {
  await register(page);
  await page.goto("/settings");
  const card = page.getByRole("table", { name: "Where each kind of notification reaches you" });
  const likes = card.getByRole("checkbox", { name: "Likes by device notification" });
  await expect(likes).not.toBeChecked();
  await expect(card.getByRole("checkbox", { name: "Comments by device notification" })).toBeChecked();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith("/api/notifications/preferences") && response.request().method() === "PUT",
  );
  await likes.check();
  expect((await saved).status()).toBe(200);
  const digest = page.getByRole("switch", { name: "Weekly digest" });
  await digest.click();
  await expect(digest).toBeChecked();
  await page.reload();
  await expect(card.getByRole("checkbox", { name: "Likes by device notification" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Weekly digest" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test.describe("with service workers allowed", () => {
  // The journeys block service workers (playwright.config.ts); this one registers the push worker itself.
  test.use({ serviceWorkers: "allow" });

  test("the push service worker shows a pushed notification and opens its page when clicked", async ({ page, context }) => {
    await context.grantPermissions(["notifications"]);
    await register(page);
    await page.goto("/settings");
    const registrationScope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register("/push-sw.js", { scope: "/push/" });
      await new Promise<void>((resolve) => {
        const worker = registration.installing ?? registration.waiting ?? registration.active;
        if (worker?.state === "activated") return resolve();
        worker?.addEventListener("statechange", () => worker.state === "activated" && resolve());
      });
      return registration.scope;
    });
    expect(registrationScope).toMatch(/\/push\/$/);

    // Deliver a push to the worker the way the browser does when its push service hands one over.
    const cdp = await context.newCDPSession(page);
    await cdp.send("ServiceWorker.enable");
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const found = registrations.find((entry) => entry.scopeURL.endsWith("/push/"));
        if (found) resolve(found.registrationId);
      });
    });
    const origin = new URL(page.url()).origin;
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId,
      data: JSON.stringify({ title: "New Comment", body: "Boaz commented on your post", link: "/community", tag: "notification-comment" }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration("/push/");
          return (await registration?.getNotifications())?.map((notification) => `${notification.title}: ${notification.body}`) ?? [];
        }),
      )
      .toEqual(["New Comment: Boaz commented on your post"]);
  });
});

test("a member resets a forgotten password with the link in the email that arrives", async ({ page }) => {
  // Three pages, an email and argon2 twice: more than one ordinary journey's time on a busy machine.
  test.slow();
  const member = newMember();
  await register(page, { member });
  await page.context().clearCookies();

  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Forgot Password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(member.email.toUpperCase());
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account uses that address" })).toBeVisible();
  await expectNoA11yViolations(page);

  await expect
    .poll(() => inbox.filter((mail) => mail.to && JSON.stringify(mail.to).includes(member.email)).length, { timeout: 15_000 })
    .toBe(1);
  const mail = inbox.find((entry) => JSON.stringify(entry.to).includes(member.email))!;
  expect(mail.subject).toBe("Reset your password");
  const link = mail.text!.split(/\s+/).find((word) => word.includes("/reset-password?token="))!;
  await page.goto(link, { waitUntil: "load" });
  await expect(page.getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Renewed2Grace");
  await page.getByLabel("Confirm new password").fill("Renewed2Grace");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/\?password-reset=1$/);
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
  expect((await page.request.get("/api/auth/current")).status()).toBe(200);

  // The link worked once.
  const again = await page.context().newPage();
  await again.goto(link);
  await again.getByLabel("New password", { exact: true }).fill("Another2Grace");
  await again.getByLabel("Confirm new password").fill("Another2Grace");
  await again.getByRole("button", { name: "Set new password" }).click();
  await expectToast(again, "Error", "This link has expired or has already been used.");
});

test("without email, Forgot password points to the church office", async ({ page }) => {
  // The journey server sends email; this screen is shown as a server without SMTP answers.
  await page.route("**/api/auth/password-reset", (route) =>
    route.request().method() === "GET" ? route.fulfill({ json: { available: false } }) : route.continue(),
  );
  await page.goto("/forgot-password");
  await expect(page.getByText("This site can't send email")).toBeVisible();
  await page.getByRole("link", { name: "Contact the church office" }).click();
  await expect(page).toHaveURL("/contact");
});
