import { expect, expectNoA11yViolations, expectToast, test } from "./fixtures";

test("subscribing to the newsletter says Subscribed! and clears the field", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/newsletter")) calls.push(request.method());
  });
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const email = footer.getByLabel("Email address");
  const subscribe = footer.getByRole("button", { name: "Subscribe" });

  // An empty field does nothing.
  await subscribe.click();
  expect(calls).toEqual([]);

  await email.fill(`reader_${Date.now()}@example.com`);
  await subscribe.click();
  await expectToast(page, "Subscribed!", "You've been added to our newsletter");
  await expect(email).toHaveValue("");
  expect(calls).toEqual(["POST"]);

  // The rest of the footer.
  for (const heading of ["Quick Links", "Services"]) {
    await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  for (const name of ["Facebook", "Instagram", "YouTube", "X (Twitter)"]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
  await expectNoA11yViolations(page);
});
