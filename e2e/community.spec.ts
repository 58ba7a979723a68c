import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, expectToast, register, test } from "./fixtures";

async function currentUserId(page: Page): Promise<number> {
  const response = await page.request.get("/api/auth/current");
  return (await response.json()).id as number;
}

async function createPost(request: APIRequestContext, content: string): Promise<number> {
  const response = await request.post("/api/posts", { data: { content } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as number;
}

test("a visitor sees Sign In Required, a 2-post preview and Join Our Community", async ({ page }) => {
  await page.goto("/community");
  await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In", exact: true }).last()).toHaveAttribute("href", "/auth/login");
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Join Our Community" })).toHaveAttribute("href", "/auth/register");
  // A visitor cannot post, like or comment.
  await expect(page.getByRole("button", { name: "Post", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Like/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("a member posts, likes, opens the detail, comments and goes back to the feed", async ({ page }) => {
  await register(page);
  await page.goto("/community");
  const composer = page.getByLabel("Share with the community");
  const postButton = page.getByRole("button", { name: "Post", exact: true });
  await expect(postButton).toBeDisabled();
  await composer.fill("   ");
  await expect(postButton).toBeDisabled();
  const content = `Thankful for this church family ${Date.now()} #Gratitude`;
  await composer.fill(content);
  await expect(postButton).toBeEnabled();
  await postButton.click();
  await expectToast(page, "Post Created", "Your post has been shared with the community.");
  await expect(composer).toHaveValue("");

  const card = page.getByRole("article").filter({ hasText: content });
  await expect(card).toBeVisible();
  await expect(card).toContainText("just now");
  await expect(page.getByRole("article").first()).toContainText(content);

  const like = card.getByRole("button", { name: /^Like/ });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(card.getByRole("button", { name: "Like (1)" })).toHaveAttribute("aria-pressed", "true");
  await card.getByRole("button", { name: "Like (1)" }).click();
  await expect(card.getByRole("button", { name: "Like (0)" })).toHaveAttribute("aria-pressed", "false");
  await card.getByRole("button", { name: "Like (0)" }).click();
  await expect(card.getByRole("button", { name: "Like (1)" })).toBeVisible();
  await expectNoA11yViolations(page);

  await card.getByRole("button", { name: /^Comment/ }).click();
  await expect(page).toHaveURL(/\/community\/\d+$/);
  await expect(page.getByRole("heading", { name: "Post Details" })).toBeVisible();
  await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();
  const commentButton = page.getByRole("button", { name: "Comment", exact: true });
  await expect(commentButton).toBeDisabled();
  await page.getByLabel("Add a comment").fill("Amen to that!");
  await commentButton.click();
  await expectToast(page, "Comment Added", "Your comment has been posted.");
  await expect(page.getByRole("listitem").filter({ hasText: "Amen to that!" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Back to Feed" }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole("article").filter({ hasText: content }).getByRole("button", { name: "Comment (1)" })).toBeVisible();
});

test("/community/{id} opens that post's detail directly", async ({ page }) => {
  await register(page);
  const content = `Opened by link ${Date.now()}`;
  const id = await createPost(page.request, content);
  await page.goto(`/community/${id}`);
  await expect(page.getByRole("heading", { name: "Post Details" })).toBeVisible();
  await expect(page.getByRole("article")).toContainText(content);
  await expect(page.getByRole("button", { name: "Back to Feed" })).toBeVisible();
});

test("the sidebars show stats and topics counted from the data", async ({ page }) => {
  await register(page);
  const before = await (await page.request.get("/api/community/stats")).json();
  await page.goto("/community");
  const stats = page.getByRole("complementary", { name: "Community information" });
  await expect(stats.getByRole("heading", { name: "Community Stats" })).toBeVisible();
  await expect(stats.getByText("Members", { exact: true }).locator("..")).toContainText(
    new Intl.NumberFormat("en-US").format(before.members),
  );
  await expect(stats.getByRole("heading", { name: "Active Groups" })).toBeVisible();
  await expect(stats.getByRole("heading", { name: "Trending Topics" })).toBeVisible();
  await expect(stats.getByRole("heading", { name: "Community Guidelines" })).toBeVisible();
  await expect(stats.getByText("Posts this week", { exact: true }).locator("..")).toContainText(String(before.postsThisWeek));
  expect(await currentUserId(page)).toBeGreaterThan(0);
});

test("a member whose connection dropped after the page loaded is told the post failed, keeps the text, and posts it once back", async ({
  page,
  context,
}) => {
  await register(page);
  await page.goto("/community");
  const composer = page.getByLabel("Share with the community");
  await expect(composer).toBeEditable();
  const content = `Posted after the connection came back ${Date.now()}`;
  await context.setOffline(true);
  await composer.fill(content);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expectToast(page, "Error", "Failed to create post");
  await expect(composer).toHaveValue(content);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByRole("article").filter({ hasText: content })).toBeVisible();
  await expect(composer).toHaveValue("");
});

test("failed post, like and comment show the spec's Error toasts", async ({ page }) => {
  await register(page);
  const content = `Toast check ${Date.now()}`;
  await createPost(page.request, content);
  await page.goto("/community");
  const failEmpty = (route: import("@playwright/test").Route) => route.fulfill({ status: 500, body: "" });

  await page.route("**/api/posts/*/like", failEmpty);
  await page.getByRole("article").filter({ hasText: content }).getByRole("button", { name: /^Like/ }).click();
  await expectToast(page, "Error", "Failed to like post");

  await page.route("**/api/posts", (route) => (route.request().method() === "POST" ? failEmpty(route) : route.fallback()));
  await page.getByLabel("Share with the community").fill("This will fail");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expectToast(page, "Error", "Failed to create post");

  await page.route("**/api/posts/*/comments", (route) => (route.request().method() === "POST" ? failEmpty(route) : route.fallback()));
  await page
    .getByRole("article")
    .filter({ hasText: content })
    .getByRole("button", { name: /^Comment/ })
    .click();
  await page.getByLabel("Add a comment").fill("This comment fails");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  await expectToast(page, "Error", "Failed to add comment");
  await expect(page.getByLabel("Add a comment")).toHaveValue("This comment fails");
});

test("the feed loads older posts as the member scrolls", async ({ page }) => {
  await register(page);
  for (let i = 0; i < 22; i++) await createPost(page.request, `Scroll post ${i}`);
  await page.goto("/community");
  const articles = page.getByRole("article");
  await expect(articles).toHaveCount(20);
  await articles.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  await expect.poll(async () => articles.count()).toBeGreaterThan(20);
});

test("a member deletes their own comment and post", async ({ page }) => {
  await register(page);
  const content = `Delete me ${Date.now()}`;
  const id = await createPost(page.request, content);
  await page.request.post(`/api/posts/${id}/comments`, { data: { content: "A comment to remove" } });
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto(`/community/${id}`);
  await page.getByRole("listitem").filter({ hasText: "A comment to remove" }).getByRole("button", { name: "Delete comment" }).click();
  await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();
  await page.getByRole("button", { name: "Post options" }).click();
  await expect(page.getByRole("menuitem", { name: "Report post" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Delete post" }).click();
  await expectToast(page, "Post Deleted");
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole("article").filter({ hasText: content })).toHaveCount(0);
});

test("a member shares a post with an image", async ({ page }) => {
  await register(page);
  await page.goto("/community");
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0c4e1a50000000049454e44ae426082",
    "hex",
  );
  await page.getByLabel("Attach an image").setInputFiles({ name: "sanctuary.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: "Selected image preview" })).toBeVisible();
  const content = `Our new sanctuary ${Date.now()}`;
  await page.getByLabel("Share with the community").fill(content);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expectToast(page, "Post Created");
  const card = page.getByRole("article").filter({ hasText: content });
  await expect(card.getByRole("img", { name: /^Image shared by/ })).toHaveAttribute("src", /^\/media\/uploads\/post-[0-9a-f]+\.1x1\.png$/);
  await expect(page.getByRole("img", { name: "Selected image preview" })).toHaveCount(0);
  const image = await page.request.get((await card.getByRole("img", { name: /^Image shared by/ }).getAttribute("src"))!);
  expect(image.headers()["content-type"]).toBe("image/png");
});
