import { DEMO, expect, expectAccessible, test } from "./fixtures";

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

test("a visitor clicking a job goes to /auth and comes back to it after signing in", async ({
  page,
}) => {
  await page.goto("/jobs?q=warehouse");
  const card = page.getByTestId("job-card").filter({ hasText: "Warehouse Operative" });
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fjobs%2F[0-9a-f-]+$/);
  await page.getByLabel("E-mail").fill(DEMO.seeker);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Warehouse Operative" })).toBeVisible();
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
