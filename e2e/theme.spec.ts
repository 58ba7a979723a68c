import { expect, expectNoA11yViolations, test } from "./fixtures";

test("the dark theme is kept over a reload", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await expectNoA11yViolations(page);

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  await page.goto("/auth/register");
  await expect(html).toHaveClass(/\bdark\b/);
  await expectNoA11yViolations(page);

  await page.goto("/");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});
