import { expect, expectNoA11yViolations, expectToast, newMember, register, test } from "./fixtures";

test("a member views another member's profile and messages them", async ({ page, playwright, baseURL }) => {
  const other = newMember();
  const context = await playwright.request.newContext({ baseURL });
  const created = await context.post("/api/auth/register", {
    data: { username: other.username, email: other.email, password: other.password, displayName: other.displayName },
  });
  const otherId = (await created.json()).id as number;
  await context.post("/api/posts", { data: { content: "Hello from my profile" } });
  await context.dispose();

  await register(page);
  await page.goto(`/profile/${otherId}`);
  await expect(page.getByRole("heading", { level: 1, name: other.displayName })).toBeVisible();
  await expect(page.getByText("No bio provided")).toBeVisible();
  await expect(page.getByText(/^Member since /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Profile" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share Profile" })).toBeVisible();
  await expect(page.getByText("Hello from my profile")).toBeVisible();
  for (const tab of ["Posts", "Media", "Playlists", "Favorites"]) await expect(page.getByRole("tab", { name: tab })).toBeVisible();
  await page.getByRole("tab", { name: "Favorites" }).click();
  await expect(page.getByRole("link", { name: "Explore Content" })).toHaveAttribute("href", "/explore");
  await page.getByRole("tab", { name: "Playlists" }).click();
  await expect(page.getByRole("link", { name: "Browse Music" })).toHaveAttribute("href", "/music");
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Message" }).click();
  await expect(page).toHaveURL(`/chat?user=${otherId}`);
});

test("a member edits their own profile and sees the toast and the new name in the sidebar", async ({ page }) => {
  const me = await register(page);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: me.displayName })).toBeVisible();
  await expect(page.getByRole("link", { name: "Settings" }).last()).toHaveAttribute("href", "/settings");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("Display Name")).toHaveValue(me.displayName);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(me.email);
  await expect(page.getByLabel("Bio")).toHaveAttribute("rows", "3");

  await page.getByLabel("Display Name").fill("Someone Else");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: me.displayName })).toBeVisible();
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("Display Name")).toHaveValue(me.displayName);

  const newName = `Ruth Renewed ${Date.now().toString(36)}`;
  await page.getByLabel("Display Name").fill(newName);
  await page.getByLabel("Bio").fill("Choir alto and coffee lover.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile Updated", "Your profile has been updated successfully.");
  await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
  await expect(page.getByText("Choir alto and coffee lover.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await expect(page.getByRole("navigation").or(page.getByRole("complementary")).getByText(newName).first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a taken email keeps the form open with Update Failed", async ({ page, playwright, baseURL }) => {
  const other = newMember();
  const context = await playwright.request.newContext({ baseURL });
  await context.post("/api/auth/register", {
    data: { username: other.username, email: other.email, password: other.password, displayName: other.displayName },
  });
  await context.dispose();
  await register(page);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("Email", { exact: true }).fill(other.email);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Update Failed", "That email is already registered.");
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
});

test("an unknown profile shows User Not Found with a link home; a visitor sees Sign In Required", async ({ page }) => {
  await page.goto("/profile/5");
  await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
  await register(page);
  await page.goto("/profile/99999999");
  await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  await expect(page.getByText("The profile you're looking for doesn't exist or may have been removed.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expectNoA11yViolations(page);
});

test("a member uploads a profile photo that shows on their profile", async ({ page }) => {
  const me = await register(page);
  await page.goto("/profile");
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0c4e1a50000000049454e44ae426082",
    "hex",
  );
  await page.getByLabel("Profile photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expectToast(page, "Photo Updated");
  const photo = page.getByRole("img", { name: me.displayName }).first();
  await expect(photo).toHaveAttribute("src", /^\/media\/uploads\/avatar-\d+-[0-9a-f]+\.1x1\.1w\.webp$/);
  // It loaded: /media serves the upload's WebP copy (a picture that fails to load leaves the initial alone).
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
});

test("the Media tab lists the items naming the member: Naomi Asante's, and only Pastor David's own", async ({ page }) => {
  await register(page);
  const memberId = async (displayName: string) => {
    const found = await (await page.request.get(`/api/search?q=${encodeURIComponent(displayName)}`)).json();
    const member = (found.members as { id: number; displayName: string }[]).find((candidate) => candidate.displayName === displayName);
    expect(member).toBeDefined();
    return member!.id;
  };
  const mediaTab = page.getByRole("tabpanel", { name: "Media" });

  await page.goto(`/profile/${await memberId("Naomi Asante")}`);
  await page.getByRole("tab", { name: "Media" }).click();
  await expect(mediaTab.getByRole("region", { name: "Sermons" }).getByRole("link", { name: "The Quiet Place of Prayer" })).toBeVisible();
  await expect(mediaTab.getByRole("region", { name: "Music" }).getByRole("link", { name: "Still Waters" })).toBeVisible();
  await expect(
    mediaTab.getByRole("region", { name: "Podcasts" }).getByRole("link", { name: "Starting the Day with Gratitude" }),
  ).toBeVisible();
  await expect(mediaTab.getByText("Grace That Finds Us")).toHaveCount(0);

  await page.goto(`/profile/${await memberId("Pastor David Mensah")}`);
  await page.getByRole("tab", { name: "Media" }).click();
  await expect(mediaTab.getByRole("region", { name: "Sermons" }).getByRole("link", { name: "Grace That Finds Us" })).toBeVisible();
  await expect(mediaTab.getByText("The Quiet Place of Prayer")).toHaveCount(0);
  await expect(mediaTab.getByRole("region", { name: "Music" })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
