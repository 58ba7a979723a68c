import { expect, expectNoA11yViolations, test } from "./fixtures";

test("an unknown route shows the 404 page with a way home", async ({ page }) => {
  await page.goto("/this/route/does-not-exist");
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText(/route may be missing from the router/)).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
  await expectNoA11yViolations(page);
  await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});
