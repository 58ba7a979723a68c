import { expect, expectNoA11yViolations, expectToast, login, newMember, test } from "./fixtures";

test("a member reports a post and a moderator removes it from the community", async ({ page, playwright, baseURL }) => {
  const author = newMember();
  const reporter = newMember();
  const content = `Buy cheap sunglasses ${Date.now()}`;
  const authorApi = await playwright.request.newContext({ baseURL });
  await authorApi.post("/api/auth/register", {
    data: { username: author.username, email: author.email, password: author.password, displayName: author.displayName },
  });
  await authorApi.post("/api/posts", { data: { content } });
  await authorApi.dispose();

  const reporterApi = await playwright.request.newContext({ baseURL });
  await reporterApi.post("/api/auth/register", {
    data: { username: reporter.username, email: reporter.email, password: reporter.password, displayName: reporter.displayName },
  });
  await reporterApi.dispose();
  await login(page, reporter);
  await page.goto("/community");
  const card = page.getByRole("article").filter({ hasText: content });
  await card.getByRole("button", { name: "Post options" }).click();
  await page.getByRole("menuitem", { name: "Report post" }).click();
  const dialog = page.getByRole("dialog", { name: "Report post" });
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByLabel("Details (optional)").fill("Selling sunglasses");
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await expectToast(page, "Post Reported");

  await page.context().clearCookies();
  await login(page, { username: "pastordavid", password: "Blessed2026" });
  await page.goto("/community");
  const queue = page.getByRole("complementary", { name: "Community information" });
  const report = queue.getByRole("listitem").filter({ hasText: content });
  await expect(report).toContainText(`reported by ${reporter.displayName}`);
  await expectNoA11yViolations(page);
  await report.getByRole("button", { name: "Remove Post" }).click();
  await expectToast(page, "Post Removed");
  await expect(page.getByRole("article").filter({ hasText: content })).toHaveCount(0);
  await expect(queue.getByRole("listitem").filter({ hasText: content })).toHaveCount(0);
});
