import { expect, expectNoA11yViolations, expectToast, test } from "./fixtures";
import { type SignedIn, expectConnected, memberInOwnContext } from "./live-helpers";

/** A stranger writes from the chat page; the message waits in the owner's requests folder. */
async function writeTo(sender: SignedIn, owner: SignedIn, text: string) {
  await sender.page.goto(`/chat?user=${owner.id}`);
  await expectConnected(sender.page);
  const panel = sender.page.getByRole("region", { name: `Conversation with ${owner.displayName}` });
  await panel.getByLabel(`Message ${owner.displayName}`).fill(text);
  await panel.getByRole("button", { name: "Send message" }).click();
  await expect(panel.getByText(text)).toBeVisible();
}

test("who may message me: a stranger's message waits in Message Requests, out of the conversation list; accept and decline", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await memberInOwnContext(browser, baseURL!);
  const lydia = await memberInOwnContext(browser, baseURL!);
  const simon = await memberInOwnContext(browser, baseURL!);

  // The owner lets only connections write directly.
  await owner.page.goto("/settings");
  const choice = owner.page.getByRole("radio", { name: "Members I've talked to or share a group with" });
  await expect(owner.page.getByRole("radio", { name: "Everyone" })).toBeChecked();
  await choice.check();
  await expectToast(owner.page, "Saved");
  await owner.page.reload();
  await expect(choice).toBeChecked();
  await expectNoA11yViolations(owner.page);

  // With the chat open, a request arrives live but stays out of the conversations.
  await owner.page.goto("/chat");
  await expectConnected(owner.page);
  await writeTo(lydia, owner, "Could we pray together on Sunday?");
  await expectToast(owner.page, "New Message Request");
  const folder = owner.page.getByRole("list", { name: "Message requests" });
  await expect(folder.getByRole("listitem")).toHaveText([new RegExp(`${lydia.displayName}.*Could we pray together on Sunday\\?`)]);
  const conversations = owner.page.getByRole("list", { name: "Conversations" });
  const lydiaRow = conversations.getByRole("button").filter({ hasText: lydia.displayName });
  await expect(lydiaRow).not.toContainText("Could we pray together");
  await expect(lydiaRow.getByTestId("unread-badge")).toHaveCount(0);
  await writeTo(simon, owner, "Great deals on sandals");
  await expect(folder.getByRole("listitem")).toHaveCount(2);
  await expectNoA11yViolations(owner.page);

  // Accepting opens the conversation; declining removes the request and stops the sender.
  await folder.getByRole("button", { name: `Accept ${lydia.displayName}` }).click();
  await expectToast(owner.page, "Request Accepted");
  await expect(
    owner.page.getByRole("region", { name: `Conversation with ${lydia.displayName}` }).getByText("Could we pray together on Sunday?"),
  ).toBeVisible();
  await expect(lydiaRow).toContainText("Could we pray together on Sunday?");
  await folder.getByRole("button", { name: `Decline ${simon.displayName}` }).click();
  await expectToast(owner.page, "Request Declined");
  await expect(owner.page.getByRole("heading", { name: "Message Requests" })).toHaveCount(0);

  const simonPanel = simon.page.getByRole("region", { name: `Conversation with ${owner.displayName}` });
  await simonPanel.getByLabel(`Message ${owner.displayName}`).fill("Hello again?");
  await simonPanel.getByRole("button", { name: "Send message" }).click();
  await expectToast(simon.page, "Error", "This member is not accepting message requests.");

  // Lydia now reaches the inbox directly.
  const lydiaPanel = lydia.page.getByRole("region", { name: `Conversation with ${owner.displayName}` });
  await lydiaPanel.getByLabel(`Message ${owner.displayName}`).fill("Thank you for accepting!");
  await lydiaPanel.getByRole("button", { name: "Send message" }).click();
  await expect(
    owner.page.getByRole("region", { name: `Conversation with ${lydia.displayName}` }).getByText("Thank you for accepting!"),
  ).toBeVisible();

  for (const member of [owner, lydia, simon]) await member.context.close();
});
