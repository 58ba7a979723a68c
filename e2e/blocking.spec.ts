import { expect, expectNoA11yViolations, expectToast, login, newMember, test } from "./fixtures";

test("a member blocks another from their profile, their posts leave the feed, and /settings unblocks them", async ({
  page,
  playwright,
  baseURL,
}) => {
  // Several sign-ins and axe passes on a small, shared machine.
  test.slow();
  const owner = newMember();
  const other = newMember();
  const content = `Buy my course today ${Date.now()}`;
  const api = await playwright.request.newContext({ baseURL });
  const registered = await api.post("/api/auth/register", {
    data: { username: other.username, email: other.email, password: other.password, displayName: other.displayName },
  });
  const otherId = ((await registered.json()) as { id: number }).id;
  await api.post("/api/posts", { data: { content } });
  await api.dispose();
  await page.request.post("/api/auth/register", {
    data: { username: owner.username, email: owner.email, password: owner.password, displayName: owner.displayName },
  });
  await page.context().clearCookies();

  await login(page, owner);
  await page.goto("/community");
  await expect(page.getByRole("article").filter({ hasText: content })).toBeVisible();

  await page.goto(`/profile/${otherId}`);
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await expectToast(page, "Member Blocked");
  await expect(page.getByRole("button", { name: "Unblock", exact: true })).toBeVisible();

  await page.goto("/community");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: content })).toHaveCount(0);

  await page.goto("/settings");
  const blocked = page.getByRole("list", { name: "Blocked members" });
  await expect(blocked.getByRole("listitem")).toHaveText([new RegExp(other.displayName)]);
  await expectNoA11yViolations(page);
  await blocked.getByRole("button", { name: `Unblock ${other.displayName}` }).click();
  await expectToast(page, "Member Unblocked");
  await expect(page.getByText("You haven't blocked anyone.")).toBeVisible();

  await page.goto("/community");
  await expect(page.getByRole("article").filter({ hasText: content })).toBeVisible();
});
