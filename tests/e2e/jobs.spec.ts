import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, test } from "./fixtures";
import { newApplicantAccount, openJobCard, signInOnForm } from "./steps";

test("a visitor searches from the hero and lands on the filtered job list", async ({ page }) => {
  await page.goto("/");
  await expectAccessible(page);
  const hero = page.getByRole("search", { name: "Search jobs" }).first();
  await hero.getByLabel("Search jobs").fill("nurse");
  await hero.getByLabel("Country").selectOption({ label: "Ireland" });
  await hero.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/\/jobs\?q=nurse&country=IE$/);
  await expect(page.getByRole("heading", { level: 1, name: "Find Jobs Abroad" })).toBeVisible();
  const cards = page.getByTestId("job-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Registered General Nurse");
  await expect(cards.first()).toContainText("Ireland");
  // A premium job is a locked teaser for a visitor: its salary is not on the page.
  await expect(cards.first()).toContainText("Premium job");
  await expect(page.locator("body")).not.toContainText("EUR 38,000");
  // The search is kept in the form, and the promo card invites the visitor to sign up.
  await expect(page.getByLabel("Search jobs")).toHaveValue("nurse");
  await expect(page.getByRole("link", { name: "Get Started" }).last()).toBeVisible();
  await expectAccessible(page);
});

test("a search with no result offers to clear the filters", async ({ page }) => {
  await page.goto("/jobs?q=astronaut");
  await expect(page.getByText("No jobs found right now")).toBeVisible();
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByTestId("job-card").first()).toBeVisible();
});

test("the home filters narrow the jobs and 'See All Jobs' carries them over", async ({ page }) => {
  await page.goto("/");
  const jobs = page.locator("#jobs");
  await jobs.getByLabel("Sector").selectOption({ label: "Agriculture" });
  await expect(page).toHaveURL(/sector=agriculture/);
  await expect(jobs.getByTestId("job-card")).toHaveCount(1);
  await expect(jobs.getByTestId("job-card")).toContainText("Seasonal Greenhouse Worker");
  await jobs.getByRole("link", { name: "See All Jobs (1)" }).click();
  await expect(page).toHaveURL(/\/jobs\?sector=agriculture$/);
  await expect(page.getByTestId("job-card")).toHaveCount(1);

  await page.goto("/?country=IN");
  await expect(page.locator("#jobs")).toContainText("No jobs match these filters.");
  await page.getByRole("link", { name: "Clear All Filters" }).click();
  await expect(page.locator("#jobs").getByTestId("job-card")).toHaveCount(8);
});

test("a visitor opens a free job from /jobs and reads it, then applies, is asked to sign in and returns", async ({
  page,
  browser,
}) => {
  const { email, password } = await newApplicantAccount(browser);

  await page.goto("/jobs?q=warehouse");
  const card = page.getByTestId("job-card").filter({ hasText: "Warehouse Operative" });
  await expect(card).toContainText("Free");
  await card.getByRole("link").click();
  // The free job's page opens at once, to a visitor, with everything in it.
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]+$/);
  const jobUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: "Warehouse Operative" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Requirements" })).toBeVisible();
  await expect(page.getByText("Sign in or create a free account to apply.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Apply Now" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fjobs%2F[0-9a-f-]+$/);
  await signInOnForm(page, email, password);
  await expect(page).toHaveURL(jobUrl);
  await page.getByLabel("Note to our team (optional)").fill("Back to finish applying.");
  await page.getByRole("button", { name: "Apply Now" }).click();
  await expect(
    page.getByText("Your job application has been submitted successfully!"),
  ).toBeVisible();
});

test("a French visitor reads a free job at /fr and comes back to it in French after signing in", async ({
  page,
  browser,
}) => {
  const { email, password } = await newApplicantAccount(browser);

  await openJobCard(page, "/fr/jobs?q=greenhouse", "Seasonal Greenhouse Worker");
  await expect(page).toHaveURL(/\/fr\/jobs\/[0-9a-f-]+$/);
  const jobUrl = page.url();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.getByRole("link", { name: "Postuler" }).click();
  await expect(page).toHaveURL(/\/fr\/auth\?redirectTo=%2Fjobs%2F[0-9a-f-]+$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(jobUrl);
  await expect(page.getByRole("button", { name: "Postuler" })).toBeVisible();
});

test("a visitor clicking a premium job goes to /auth and comes back to it after signing in", async ({
  page,
}) => {
  await page.goto("/jobs?q=nurse");
  const card = page.getByTestId("job-card").filter({ hasText: "Registered General Nurse" });
  await expect(card).toContainText("Premium job");
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fjobs%2F[0-9a-f-]+$/);
  await signInOnForm(page, DEMO.paid, DEMO.password);
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]+$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Registered General Nurse" }),
  ).toBeVisible();
});

test("a public job page shows its details and JobPosting data; a missing job is a 404", async ({
  page,
}) => {
  await page.goto("/jobs?q=security");
  const href = await page.getByTestId("job-card").first().getByRole("link").getAttribute("href");
  const id = decodeURIComponent(href!).match(/\/jobs\/([0-9a-f-]+)/)![1];
  await page.goto(`/jobs/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security Officer (Grade C)");
  await expect(page.getByRole("heading", { name: "Requirements" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Benefits" })).toBeVisible();
  await expect(page.getByText("South Africa").first()).toBeVisible();
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(jsonLd).toMatchObject({
    "@type": "JobPosting",
    title: "Security Officer (Grade C)",
    hiringOrganization: { name: "Passage" },
  });
  await expectAccessible(page);

  const missing = await page.goto("/jobs/6f1c1a52-8a4b-4c1e-9a55-000000000000");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Job not found" })).toBeVisible();
});

/** The job page of the seeded free "Warehouse Operative" (in the Czech Republic), as a visitor finds it. */
async function warehouseJobPath(page: Page) {
  await page.goto("/jobs?q=warehouse");
  const card = page.getByTestId("job-card").filter({ hasText: "Warehouse Operative" });
  return (await card.getByRole("link").getAttribute("href"))!;
}

const headContent = (page: Page, selector: string) =>
  page.locator(`head ${selector}`).getAttribute("content");

test("a job page previews well when shared: Open Graph and Twitter card with title, country and a picture", async ({
  page,
  baseURL,
}) => {
  const path = await warehouseJobPath(page);
  await page.goto(`/fr${path}`);
  const url = `${baseURL}/fr${path}`;
  expect(await headContent(page, 'meta[property="og:title"]')).toMatch(/^Warehouse Operative – /);
  expect(await headContent(page, 'meta[property="og:description"]')).toMatch(
    /^Offre d'emploi – Czech Republic : /,
  );
  expect(await headContent(page, 'meta[property="og:url"]')).toBe(url);
  expect(await headContent(page, 'meta[property="og:locale"]')).toBe("fr_FR");
  expect(await headContent(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
  const image = await headContent(page, 'meta[property="og:image"]');
  expect(image).toBe(`${baseURL}/og-image.png`);
  expect(await headContent(page, 'meta[name="twitter:image"]')).toBe(image);
  const picture = await page.request.get(image!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
  // The addresses of the other languages stay (decision record 21).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
  await expect(page.locator('link[rel="alternate"][hreflang="pt"]')).toHaveAttribute(
    "href",
    `${baseURL}/pt${path}`,
  );
});

test("sharing a job: WhatsApp, e-mail and copy link where the browser has no share sheet", async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const path = await warehouseJobPath(page);
  await page.goto(path);
  const url = `${baseURL}${path}`;
  const share = page.getByRole("region", { name: "Share this job" });
  await expect(share.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`Warehouse Operative\n${url}`)}`,
  );
  const mail = await share.getByRole("link", { name: "E-mail" }).getAttribute("href");
  expect(mail).toMatch(/^mailto:\?subject=Warehouse%20Operative&body=/);
  expect(decodeURIComponent(mail!)).toContain(url);
  await share.getByRole("link", { name: "Copy link" }).click();
  await expect(share.getByRole("status")).toHaveText("Link copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page).toHaveURL(url);
  await expectAccessible(page);
});

test("sharing a job opens the phone's share sheet where there is one", async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: (data: unknown) => {
        (window as unknown as { shared: unknown }).shared = data;
        return Promise.resolve();
      },
    });
  });
  const path = await warehouseJobPath(page);
  await page.goto(path);
  const share = page.getByRole("region", { name: "Share this job" });
  await share.getByRole("button", { name: "Share" }).click();
  expect(await page.evaluate(() => (window as unknown as { shared: unknown }).shared)).toEqual({
    title: "Warehouse Operative",
    url: `${baseURL}${path}`,
  });
  await expect(share.getByRole("link")).toHaveCount(0);
  await expectAccessible(page);
});

test("the share links work without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const path = await warehouseJobPath(page);
  await page.goto(path);
  const share = page.getByRole("region", { name: "Share this job" });
  await expect(share.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=/,
  );
  await expect(share.getByRole("link", { name: "Copy link" })).toHaveAttribute(
    "href",
    `${baseURL}${path}`,
  );
  await expect(share.getByRole("button", { name: "Share" })).toHaveCount(0);
  await context.close();
});
