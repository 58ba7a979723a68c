import { expect, expectNoA11yViolations, expectToast, test } from "./fixtures";
import { expectConnected, memberInOwnContext } from "./live-helpers";

test.describe("Messaging (/chat)", () => {
  test("a signed-out visitor sees Sign In Required and the three feature cards", async ({ page }) => {
    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: "Messaging", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
    await expect(page.getByText("Please sign in to use chat.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" }).last()).toHaveAttribute("href", "/auth/login");
    for (const title of ["Direct Messages", "Group Chats", "Notifications"])
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a message sent by one member appears live for the other, whose unread badge clears when opened", async ({ browser, baseURL }) => {
    const ruth = await memberInOwnContext(browser, baseURL!);
    const boaz = await memberInOwnContext(browser, baseURL!);

    await boaz.page.goto("/chat");
    await expectConnected(boaz.page);
    await expect(boaz.page.getByRole("heading", { name: "Your Messages" })).toBeVisible();

    // The profile page's Message button opens /chat?user={id} with the conversation chosen.
    await ruth.page.goto(`/chat?user=${boaz.id}`);
    await expectConnected(ruth.page);
    const panel = ruth.page.getByRole("region", { name: `Conversation with ${boaz.displayName}` });
    await expect(panel).toBeVisible();
    // Strangers see no status of each other (not a guess of "Offline"); the first message makes them contacts.
    await expect(panel.getByTestId("peer-status")).toHaveText("");
    const send = panel.getByRole("button", { name: "Send message" });
    await expect(send).toBeDisabled();
    await panel.getByLabel(`Message ${boaz.displayName}`).fill("   ");
    await expect(send).toBeDisabled();
    await panel.getByLabel(`Message ${boaz.displayName}`).fill("Peace be with you, Boaz!");
    await send.click();
    await expect(panel.getByText("Peace be with you, Boaz!")).toBeVisible();
    await expect(panel.getByTestId("peer-status")).toHaveText("Online");

    // Live, without reloading: the contact shows the last message and an unread badge.
    const contact = boaz.page.getByRole("button", { name: new RegExp(ruth.displayName) });
    await expect(contact).toContainText("Peace be with you, Boaz!");
    await expect(contact.getByTestId("unread-badge")).toHaveText("1");

    await contact.click();
    await expect(contact).toHaveAttribute("aria-current", "true");
    const boazPanel = boaz.page.getByRole("region", { name: `Conversation with ${ruth.displayName}` });
    await expect(boazPanel.getByText("Peace be with you, Boaz!")).toBeVisible();
    await expect(contact.getByTestId("unread-badge")).toHaveCount(0);
    // Read receipt for the sender.
    await expect(panel.getByText("· Seen")).toBeVisible();

    // Typing indicator, then a reply arriving live in the open conversation.
    await boazPanel.getByLabel(`Message ${ruth.displayName}`).fill("And also with");
    await expect(panel.getByText(`${boaz.displayName} is typing…`)).toBeVisible();
    await boazPanel.getByLabel(`Message ${ruth.displayName}`).fill("And also with you!");
    await boazPanel.getByLabel(`Message ${ruth.displayName}`).press("Enter");
    await expect(panel.getByText("And also with you!")).toBeVisible();

    // Search filters contacts by display name or username, case-insensitively.
    await boaz.page.getByLabel("Search messages or contacts").fill(ruth.username.toUpperCase());
    await expect(boaz.page.getByRole("button", { name: new RegExp(ruth.displayName) })).toBeVisible();
    await boaz.page.getByLabel("Search messages or contacts").fill("no-such-member-xyz");
    await expect(boaz.page.getByText("No contacts found.")).toBeVisible();

    await expectNoA11yViolations(boaz.page);
    await ruth.context.close();
    await boaz.context.close();
  });

  test("the profile page's Message button opens /chat with that member's conversation", async ({ browser, baseURL }) => {
    const ruth = await memberInOwnContext(browser, baseURL!);
    const boaz = await memberInOwnContext(browser, baseURL!);
    await ruth.page.goto(`/profile/${boaz.id}`);
    await ruth.page.getByRole("button", { name: "Message", exact: true }).click();
    await expect(ruth.page).toHaveURL(`/chat?user=${boaz.id}`);
    await expect(ruth.page.getByRole("region", { name: `Conversation with ${boaz.displayName}` })).toBeVisible();
    await expect(ruth.page.getByRole("button", { name: new RegExp(boaz.displayName) })).toHaveAttribute("aria-current", "true");
    await ruth.context.close();
    await boaz.context.close();
  });

  test("a member joins a group and chats in it live; settings toggles persist", async ({ browser, baseURL }) => {
    const ruth = await memberInOwnContext(browser, baseURL!);
    const boaz = await memberInOwnContext(browser, baseURL!);
    const groups = await (await ruth.page.request.get("/api/groups")).json();
    const group = groups[0];

    for (const member of [ruth, boaz]) {
      await member.page.goto("/chat");
      await expectConnected(member.page);
      await member.page.getByRole("button", { name: `Join ${group.name}` }).click();
      await expectToast(member.page, "Joined Group");
      await expect(member.page.getByRole("region", { name: `Conversation with ${group.name}` })).toBeVisible();
    }
    await expect(boaz.page.getByText(`${group.memberCount + 2} members`).first()).toBeVisible();

    const ruthPanel = ruth.page.getByRole("region", { name: `Conversation with ${group.name}` });
    await ruthPanel.getByLabel(`Message ${group.name}`).fill("Praying for you all this week");
    await ruthPanel.getByRole("button", { name: "Send message" }).click();
    await expect(
      boaz.page.getByRole("region", { name: `Conversation with ${group.name}` }).getByText("Praying for you all this week"),
    ).toBeVisible();

    // View All lists every group.
    await boaz.page.getByRole("button", { name: "View All" }).click();
    const dialog = boaz.page.getByRole("dialog", { name: "All Groups" });
    for (const g of groups) await expect(dialog.getByText(g.name, { exact: true })).toBeVisible();
    await boaz.page.keyboard.press("Escape");

    // Message Settings persist across a reload.
    const toggle = boaz.page.getByRole("switch", { name: "Online status" });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect.poll(async () => (await (await boaz.page.request.get("/api/messages/settings")).json()).onlineStatus).toBe(false);
    await boaz.page.reload();
    await expect(boaz.page.getByRole("switch", { name: "Online status" })).toHaveAttribute("aria-checked", "false");

    await ruth.context.close();
    await boaz.context.close();
  });
});
