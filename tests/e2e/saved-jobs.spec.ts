import { expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { newApplicantAccount, openJobCard, pageAs } from "./steps";

test("an applicant saves a job from /jobs and finds it on the dashboard, then removes it", async ({
  page,
}) => {
  await signUpNewApplicant(page);
  await page.goto("/jobs?q=warehouse");
  const card = page.getByTestId("job-card").filter({ hasText: "Warehouse Operative" });
  await card.getByRole("button", { name: /^Save ?: Warehouse Operative$/, pressed: false }).click();
  // With JavaScript the button turns at once and the page stays where it was.
  await expect(
    card.getByRole("button", { name: /^Saved \(remove\) ?: Warehouse Operative$/, pressed: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/jobs\?q=warehouse$/);

  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Dashboard navigation" })
    .getByRole("link", { name: "Saved Jobs" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/saved-jobs$/);
  const saved = page.getByTestId("saved-jobs");
  await expect(saved.getByRole("link", { name: "Warehouse Operative" })).toBeVisible();
  await expectAccessible(page);

  await saved
    .getByRole("button", { name: /^Saved \(remove\) ?: Warehouse Operative$/, pressed: true })
    .click();
  await expect(page.getByText("You have not saved any jobs yet")).toBeVisible();
  await expectAccessible(page);
});

test("the save button works without JavaScript and comes back to the job", async ({ browser }) => {
  const account = await newApplicantAccount(browser);
  const page = await pageAs(browser, account, { javaScriptEnabled: false });
  await openJobCard(page, "/jobs?q=warehouse", "Warehouse Operative");
  const jobUrl = page.url();
  await page.getByRole("button", { name: /^Save ?: Warehouse Operative$/, pressed: false }).click();
  await expect(page).toHaveURL(jobUrl);
  await expect(
    page.getByRole("button", { name: /^Saved \(remove\) ?: Warehouse Operative$/, pressed: true }),
  ).toBeVisible();
  await page.goto("/dashboard/saved-jobs");
  await expect(page.getByTestId("saved-jobs")).toContainText("Warehouse Operative");
  // Pressing it again, still without JavaScript, takes the job off the list.
  await page
    .getByRole("button", { name: /^Saved \(remove\) ?: Warehouse Operative$/, pressed: true })
    .click();
  await expect(page.getByText("You have not saved any jobs yet")).toBeVisible();
  await page.context().close();
});

test("a signed-in search page whose shared parts come from memory hydrates, filters and saves", async ({
  page,
}) => {
  await signUpNewApplicant(page);
  // The server keeps the cards, filters, menus and footer of the first rendering; the second page
  // is written from them. It must hydrate without a mismatch (the fixture fails on any console
  // error) and every control in those parts must work.
  await page.goto("/jobs?q=warehouse");
  await page.reload();
  await page.getByLabel("Sector").selectOption("logistics");
  await expect(page).toHaveURL(/sector=logistics/);
  const card = page.getByTestId("job-card").filter({ hasText: "Warehouse Operative" });
  await card.getByRole("button", { name: /^Save ?: Warehouse Operative$/, pressed: false }).click();
  await expect(
    card.getByRole("button", { name: /^Saved \(remove\) ?: Warehouse Operative$/, pressed: true }),
  ).toBeVisible();
  await card.getByRole("link", { name: "Warehouse Operative" }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
});
