import { expect, expectNoA11yViolations, newMember, test } from "./fixtures";

test("home shows the first 2 posts with author labels and comment links, and 3 upcoming events", async ({ page, playwright, baseURL }) => {
  // Two fresh authors, so these are the two newest posts whatever else the database holds.
  const pastor = await playwright.request.newContext({ baseURL });
  const member = await playwright.request.newContext({ baseURL });
  const pastorMember = { ...newMember(), displayName: `Pastor Grace ${Date.now().toString(36)}` };
  const plainMember = newMember();
  for (const [context, who] of [
    [pastor, pastorMember],
    [member, plainMember],
  ] as const) {
    const response = await context.post("/api/auth/register", {
      data: { username: who.username, email: who.email, password: who.password, displayName: who.displayName },
    });
    expect(response.status()).toBe(201);
  }
  const quiet = (await (await member.post("/api/posts", { data: { content: "A quiet post without comments" } })).json()).id as number;
  const busy = (await (await pastor.post("/api/posts", { data: { content: "Youth night was a blessing!" } })).json()).id as number;
  await member.post(`/api/posts/${busy}/comments`, { data: { content: "It really was" } });
  await pastor.post(`/api/posts/${busy}/comments`, { data: { content: "Thanks for coming" } });

  await page.goto("/");
  const community = page.getByRole("region", { name: "Community" });
  await expect(community.getByRole("link", { name: /View all/ })).toHaveAttribute("href", "/community");
  const cards = community.getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(pastorMember.displayName);
  await expect(cards.nth(0)).toContainText("Youth Pastor");
  await expect(cards.nth(0).getByRole("link", { name: "View 2 comments" })).toHaveAttribute("href", `/community/${busy}`);
  await expect(cards.nth(1)).toContainText(plainMember.displayName);
  await expect(cards.nth(1)).toContainText("Member");
  await expect(cards.nth(1).getByRole("link", { name: /View \d+ comments/ })).toHaveCount(0);
  await expect(cards.nth(1).getByRole("link", { name: "Write a comment" })).toHaveAttribute("href", `/community/${quiet}`);

  const events = page.getByRole("region", { name: "Upcoming Events" });
  for (const column of ["Event", "Date & Time", "Location", "Actions"]) {
    await expect(events.getByRole("columnheader", { name: column })).toBeVisible();
  }
  const rows = events.getByRole("row");
  await expect(rows).toHaveCount(4);
  const download = rows.nth(1).getByRole("link", { name: /^Add to Calendar/ });
  await expect(download).toHaveAttribute("href", /^\/api\/events\/\d+\.ics$/);
  await expect(events.getByRole("link", { name: /View all/ })).toHaveAttribute("href", "/events");

  await expectNoA11yViolations(page);

  await cards.nth(0).getByRole("link", { name: "View 2 comments" }).click();
  await expect(page).toHaveURL(`/community/${busy}`);
  // A visitor following the link sees that post and its comments, with the sign-in prompt.
  await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
  await expect(page.getByRole("article")).toContainText("Youth night was a blessing!");
  await expect(page.getByText("Thanks for coming")).toBeVisible();
  await pastor.dispose();
  await member.dispose();
});
