import { expect, expectNoA11yViolations, expectToast, login, test } from "./fixtures";

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

test("an admin fills in a show's directory details and attaches a transcript, and the feed carries both", async ({ page, baseURL }) => {
  test.slow();
  await login(page, { username: "pastordavid", password: "Blessed2026" });
  await page.goto("/podcasts");
  await page.getByRole("link", { name: "View Show" }).first().click();
  await expect(page).toHaveURL(/\/podcasts\/shows\/\d+$/);
  const showId = Number(new URL(page.url()).pathname.split("/").pop());
  const author = `Pastor David and the team ${Date.now().toString(36)}`;

  const details = page.getByRole("form", { name: "Directory details" });
  await expect(details.getByLabel("Author")).toBeVisible();
  await details.getByLabel("Author").fill(author);
  await details.getByLabel("Owner name").fill("Grace Church Office");
  await details.getByLabel("Owner email").fill("not an address");
  await details.getByRole("button", { name: "Save Details" }).click();
  await expect(details.getByText("Please enter the owner's email address.")).toBeVisible();
  await details.getByLabel("Owner email").fill("office@church.example.org");
  await details.getByLabel("Category", { exact: true }).selectOption("Religion & Spirituality");
  await details.getByLabel("Subcategory").fill("Christianity");
  await details.getByRole("button", { name: "Save Details" }).click();
  await expectToast(page, "Feed Details Saved");

  const transcript = page.getByRole("form", { name: "Attach a transcript" });
  const episode = await transcript.getByLabel("Episode").locator("option:checked").textContent();
  await transcript.getByLabel("Transcript text").fill("WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nWelcome, and grace to you.\n");
  await transcript.getByRole("button", { name: "Attach Transcript" }).click();
  await expectToast(page, "Transcript Attached");
  await expectNoA11yViolations(page);

  const xml = await (await page.request.get(`${baseURL}/feeds/shows/${showId}.xml`)).text();
  expect(xml).toContain(`<itunes:author>${author}</itunes:author>`);
  expect(xml).toContain(
    "<itunes:owner><itunes:name>Grace Church Office</itunes:name><itunes:email>office@church.example.org</itunes:email></itunes:owner>",
  );
  const item = xml.split("<item>").find((part) => part.includes(`<title>${episode!.trim()}</title>`))!;
  const transcriptUrl = /<podcast:transcript url="([^"]+)" type="text\/vtt"\/>/.exec(item)?.[1];
  expect(transcriptUrl).toMatch(/\/media\/published\/transcript-[\w-]+\.vtt$/);
  const served = await page.request.get(transcriptUrl!);
  expect(served.headers()["content-type"]).toContain("text/vtt");
  expect(await served.text()).toContain("Welcome, and grace to you.");

  // The details stay.
  await page.reload();
  await expect(page.getByRole("form", { name: "Directory details" }).getByLabel("Author")).toHaveValue(author);
  // The sermons feed has the same card on Podcast Hosting.
  await page.goto("/podcasts/host");
  await expect(page.getByRole("form", { name: "Directory details" }).getByLabel("Owner email")).toBeVisible();
  await page.goBack();
  // Members don't see the card.
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("form", { name: "Directory details" })).toHaveCount(0);
});
