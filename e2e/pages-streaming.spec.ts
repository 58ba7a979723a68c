import { expect, expectNoA11yViolations, test } from "./fixtures";

test("/streaming plays the latest sermon video and lists upcoming services", async ({ page }) => {
  await page.goto("/streaming");
  await expect(page.getByRole("heading", { name: "Content Streaming", level: 1 })).toBeVisible();
  const video = page.locator("video");
  await expect(video).toHaveAttribute("src", /\/media\/.+\.(mp4|webm)$/);
  await expect(page.getByRole("link", { name: /Add .+ to calendar/ }).first()).toHaveAttribute("href", /^\/api\/events\/\d+\.ics$/);
  await expect(page.getByRole("link", { name: /Sermons/ }).first()).toBeVisible();
  await expectNoA11yViolations(page);

  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
});
