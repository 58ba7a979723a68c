import { expect, expectNoA11yViolations, expectToast, login, test } from "./fixtures";

const ADMIN = { username: "pastordavid", password: "Blessed2026" };

test("a visitor sends the contact form and the admin sees it in the office inbox and marks it handled", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
  await expect(page.getByText("Gathering Church Office")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Valid email is required")).toBeVisible();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();

  const subject = `Baptism class ${Date.now().toString(36)}`;
  await page.getByLabel("Name", { exact: true }).fill("Lydia Visitor");
  await page.getByLabel("Email", { exact: true }).fill("lydia@example.org");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("When does the next baptism class start?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message Sent");
  await expect(page.getByLabel("Subject")).toHaveValue("");
  await expect(page.getByRole("heading", { name: "Office Inbox" })).toHaveCount(0);

  await login(page, ADMIN);
  await page.goto("/contact");
  const inbox = page.getByRole("list", { name: "Received messages" });
  const item = inbox.getByRole("listitem").filter({ hasText: subject });
  await expect(item).toContainText("lydia@example.org");
  await expectNoA11yViolations(page);
  await item.getByRole("button", { name: /Mark handled/ }).click();
  await expect(item.getByText("Handled")).toBeVisible();
});

test("the advertise form sends an inquiry with its subject prefilled", async ({ page }) => {
  await page.goto("/advertise");
  await expect(page.getByRole("heading", { name: "Advertise With Us", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("Advertising inquiry");
  await expectNoA11yViolations(page);
  await page.getByLabel("Name", { exact: true }).fill("Grace Bookshop");
  await page.getByLabel("Email", { exact: true }).fill("hello@grace-books.example");
  await page.getByLabel("Message").fill("We'd like to sponsor the Christmas concert.");
  await page.getByRole("button", { name: "Send Inquiry" }).click();
  await expectToast(page, "Message Sent");
});

test("privacy and terms have a table of contents and a last-updated date", async ({ page }) => {
  for (const [path, heading, section] of [
    ["/privacy", "Privacy Policy", "Cookies and local storage"],
    ["/terms", "Terms of Service", "Community guidelines"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText(/Last updated:/)).toBeVisible();
    const toc = page.getByRole("navigation", { name: "Table of contents" });
    await toc.getByRole("link", { name: new RegExp(section) }).click();
    await expect(page.getByRole("heading", { name: new RegExp(section), level: 2 })).toBeInViewport();
    await expectNoA11yViolations(page);
  }
});
