import { expect, expectNoA11yViolations, expectToast, test } from "./fixtures";

test("a visitor finds a show's page and hands its feed to a podcast app", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/podcasts");
  await page.getByRole("link", { name: "View Show" }).first().click();
  await expect(page).toHaveURL(/\/podcasts\/shows\/\d+$/);
  const showId = Number(new URL(page.url()).pathname.split("/").pop());
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const episodes = page.getByRole("list", { name: /^Episodes of / });
  await expect(episodes.getByRole("listitem").first()).toBeVisible();

  const feedUrl = `${baseURL}/feeds/shows/${showId}.xml`;
  const hostAndPath = feedUrl.replace(/^https?:\/\//, "");
  const buttons = page.getByRole("region", { name: /^Subscribe to .+ in a podcast app$/ });
  await expect(buttons.getByRole("link", { name: "Apple Podcasts" })).toHaveAttribute("href", `podcasts://${hostAndPath}`);
  await expect(buttons.getByRole("link", { name: "Pocket Casts" })).toHaveAttribute("href", `pktc://subscribe/${hostAndPath}`);
  await expect(buttons.getByRole("link", { name: "Overcast" })).toHaveAttribute(
    "href",
    `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}`,
  );
  await expect(buttons.getByRole("link", { name: "Other podcast app" })).toHaveAttribute("href", `podcast://${hostAndPath}`);

  await buttons.getByRole("button", { name: "Copy feed URL" }).click();
  await expectToast(page, "Feed URL copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

  // What the app would fetch: the show's RSS, whose episodes are the page's.
  const feed = await page.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const xml = await feed.text();
  expect(xml).toContain(`<title>${(await heading.textContent())!.trim().replace(/&/g, "&amp;")}</title>`);
  expect(xml.match(/<enclosure /g)?.length).toBe(await episodes.getByRole("listitem").count());
  await expectNoA11yViolations(page);
});

test("the sermons page offers the sermons feed to podcast apps", async ({ page, baseURL }) => {
  await page.goto("/sermons");
  const buttons = page.getByRole("region", { name: "Subscribe to Sermons in a podcast app" });
  await expect(buttons.getByRole("link", { name: "Overcast" })).toHaveAttribute(
    "href",
    `overcast://x-callback-url/add?url=${encodeURIComponent(`${baseURL}/feeds/sermons.xml`)}`,
  );
  await expect(buttons).toContainText(`${baseURL}/feeds/sermons.xml`);
  const feed = await page.request.get("/feeds/sermons.xml");
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("<podcast:guid>");
  await expectNoA11yViolations(page);
});
