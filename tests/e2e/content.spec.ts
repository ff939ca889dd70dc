import { DEMO, expect, expectAccessible, login, test } from "./fixtures";

const SERVICE_PAGES = [
  ["/services/job-recruitment", "Real jobs abroad, from verified employers"],
  ["/services/student-placement", "Study abroad with an adviser beside you"],
  ["/services/visa-assistance", "Visa applications done right the first time"],
  ["/services/interview-preparation", "Walk into your interview prepared"],
  ["/services/document-support", "Papers that embassies and employers accept"],
  ["/services/application-tracking", "Always know where your application stands"],
] as const;
const LEGAL_PAGES = [
  ["/privacy-policy", "Privacy Policy"],
  ["/terms-of-service", "Terms of Service"],
  ["/cookie-policy", "Cookie Policy"],
] as const;

test("staff publish a success story in the CMS and it appears on the home page and in the news", async ({
  page,
}) => {
  await login(page, DEMO.manager);
  await page.goto("/admin/cms");
  await expect(page.getByRole("heading", { name: "Content Management" })).toBeVisible();
  await expectAccessible(page);

  const title = `From Harare to Cork ${Date.now()}`;
  await page.getByRole("link", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "New Post" })).toBeVisible();
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog
    .getByLabel("Excerpt")
    .fill("Tendai started on the ward eleven months after our first meeting.");
  await dialog
    .getByLabel("Content (Markdown)")
    .fill("## The journey\n\nShe **passed** NMBI registration.\n\n<script>window.pwned=1</script>");
  await dialog.getByRole("button", { name: "Preview" }).click();
  const preview = dialog.getByTestId("post-preview");
  await expect(preview.getByRole("heading", { name: "The journey" })).toBeVisible();
  await expect(preview.locator("script")).toHaveCount(0);

  await dialog.getByLabel("Category").selectOption("success_stories");
  await dialog.getByLabel("Status").selectOption("published");
  await dialog.getByLabel("Tags").fill("Registered Nurse, , Ireland");
  await dialog.getByLabel("Upload a featured image").setInputFiles({
    name: "ward.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Create Post" }).click();

  await expect(page.getByTestId("flash")).toHaveText("Post created successfully");
  const slug = title.toLowerCase().replace(/ /g, "-");
  await expect(page.getByText(`/news/${slug}`)).toBeVisible();

  await page.goto("/");
  const stories = page.getByRole("region", { name: "Success stories" });
  await expect(stories.getByRole("heading", { name: title })).toBeVisible();
  await expect(stories.getByText("Tendai started on the ward")).toBeVisible();
  const image = stories.getByRole("listitem").filter({ hasText: title }).locator("img");
  await expect(image).toHaveAttribute("src", /^\/media\/posts\/.+\.png$/);
  const imageResponse = await page.request.get((await image.getAttribute("src"))!);
  expect(imageResponse.headers()["content-type"]).toBe("image/png");

  await page.goto("/news?category=success_stories");
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("post-body").getByText("passed")).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { pwned?: number }).pwned),
  ).toBeUndefined();
  await expectAccessible(page);
});

test("a draft is previewable by staff and missing for the public", async ({ page, browser }) => {
  await login(page, DEMO.admin);
  await page.goto("/admin/cms?new=1");
  const dialog = page.getByRole("dialog");
  const title = `Draft notice ${Date.now()}`;
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Slug").fill(`draft-${Date.now()}`);
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Post created successfully");
  const row = page.getByTestId("cms-post-row").filter({ hasText: title });
  const href = await row.getByRole("link", { name: /View/ }).getAttribute("href");
  expect(href).toMatch(/^\/news\/draft-\d+$/);

  await page.goto(href!);
  await expect(page.getByTestId("post-preview-banner")).toBeVisible();

  const visitor = await browser.newPage();
  const response = await visitor.goto(href!);
  expect(response?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await visitor.close();

  // Publishing from the table makes it public.
  await page.goto("/admin/cms");
  await row.getByLabel(`Status of ${title}`).selectOption("published");
  await expect(page.getByTestId("flash")).toHaveText("Post status updated");
  const again = await browser.newPage();
  expect((await again.goto(href!))?.status()).toBe(200);
  await again.close();

  // Delete asks first.
  await page
    .getByTestId("cms-post-row")
    .filter({ hasText: title })
    .getByRole("link", { name: /Delete/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete Post" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Post deleted successfully");
  await expect(page.getByTestId("cms-post-row").filter({ hasText: title })).toHaveCount(0);
});

for (const [path, heading] of [...SERVICE_PAGES, ...LEGAL_PAGES]) {
  test(`${path} renders without console errors, is accessible and links onwards`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    if (path.startsWith("/services/")) {
      await expect(page.getByRole("link", { name: "Browse jobs" }).first()).toHaveAttribute(
        "href",
        "/jobs",
      );
      await expect(page.getByRole("link", { name: "Talk to an adviser" }).first()).toHaveAttribute(
        "href",
        "/contact",
      );
    } else {
      await expect(page.getByText(/Last updated/)).toBeVisible();
    }
    await expectAccessible(page);
  });
}

test("service pages show study programs, processing times, and 404 for unknown services", async ({
  page,
}) => {
  await page.goto("/services/student-placement");
  await expect(page.getByText("University of Manitoba")).toBeVisible();
  await page.goto("/services/visa-assistance");
  await expect(page.getByText("3 – 6 months")).toBeVisible();
  const missing = await page.goto("/services/astrology");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test("the about page shows the offices from settings and links to sign-up and contact", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Harare, Zimbabwe" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Midrand, South Africa" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/auth?tab=signup",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Contact us" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expectAccessible(page);
});

test("the admin site settings change what the public pages show", async ({ page, browser }) => {
  await login(page, DEMO.admin);
  await page.goto("/admin/settings");
  await expectAccessible(page);
  await page.getByLabel("Amount").first().fill("abc");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter an amount like 99 or 99.00.")).toBeVisible();
  // What was typed elsewhere is kept while the mistake is shown.
  await expect(page.getByLabel("Agency name")).toHaveValue("Passage");

  // Other tests run against this server at the same time and read the fee and hours, so this
  // one changes only the closed-days note (in English and French), then puts it back.
  const note = `Closed on Sundays ${Date.now()}`;
  const frenchNote = `Fermé le dimanche ${Date.now()}`;
  await page.getByLabel("Amount").first().fill("99.00");
  await page.getByLabel("Closed note", { exact: true }).fill(note);
  // Each text's French and Portuguese sit beside the English, labelled with their language.
  await expect(page.getByLabel("Closed note (Português)")).toHaveValue(
    "Encerrado aos fins de semana e feriados",
  );
  await page.getByLabel("Closed note (Français)").fill(frenchNote);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("flash")).toHaveText(SETTINGS_SAVED);
  await expect(page).toHaveURL(/\/admin\/settings\?done=saved$/);
  await expect(page.getByLabel("Closed note (Français)")).toHaveValue(frenchNote);

  await page.goto("/about");
  await expect(page.getByText(note)).toBeVisible();
  await page.goto("/fr/about");
  await expect(page.getByText(frenchNote)).toBeVisible();
  await expect(page.getByText(note)).toHaveCount(0);

  // Putting it back works without JavaScript too: the server checks the form and says so.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await login(noJs, DEMO.admin);
  await noJs.goto("/admin/settings");
  await noJs.getByLabel("Amount").first().fill("abc");
  await noJs.getByRole("button", { name: "Save settings" }).click();
  await expect(noJs.getByTestId("flash")).toHaveText(
    "Some fields need attention. Nothing was saved yet.",
  );
  await expect(noJs.getByText("Enter an amount like 99 or 99.00.")).toBeVisible();
  await noJs.getByLabel("Amount").first().fill("99.00");
  await noJs
    .getByLabel("Closed note", { exact: true })
    .fill("Closed on weekends and public holidays");
  await noJs.getByLabel("Closed note (Français)").fill("Fermé le week-end et les jours fériés");
  await noJs.getByRole("button", { name: "Save settings" }).click();
  await expect(noJs.getByTestId("flash")).toHaveText(SETTINGS_SAVED);
  await noJs.goto("/about");
  await expect(noJs.getByText(note)).toHaveCount(0);
  await noJs.goto("/fr/about");
  await expect(noJs.getByText(frenchNote)).toHaveCount(0);
  await plain.close();
});

const SETTINGS_SAVED = "Settings saved. The site shows the new values from now on.";

test("crawling the public site from / finds no broken internal links", async ({ request }) => {
  const skip = /^\/(admin|dashboard|api|files|auth\/sign-out)(\/|$|\?)/;
  const seen = new Set<string>(["/"]);
  const queue = ["/"];
  const broken: string[] = [];
  while (queue.length > 0 && seen.size <= 200) {
    const path = queue.shift()!;
    const response = await request.get(path, { maxRedirects: 5 });
    if (response.status() !== 200) {
      broken.push(`${path} → ${response.status()}`);
      continue;
    }
    if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
    const html = await response.text();
    for (const match of html.matchAll(/<a\s[^>]*href="([^"]+)"/g)) {
      const raw = match[1]!.replace(/&amp;/g, "&");
      if (!raw.startsWith("/") || raw.startsWith("//")) continue;
      const url = new URL(raw, "http://site.invalid");
      const next = url.pathname + url.search;
      if (skip.test(next) || seen.has(next) || seen.size >= 200) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  expect(broken, "internal links that do not answer 200").toEqual([]);
  expect(seen.size, "pages found by the crawl").toBeGreaterThan(20);
});
