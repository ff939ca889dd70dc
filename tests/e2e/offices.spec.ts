import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { openJobCard, pageAs } from "./steps";

// Staff belong to an office and see its applicants only; an applicant chooses their nearest office
// on their profile (decision record 23).

async function applyToConstructionJob(page: Page) {
  await openJobCard(page, "/jobs?q=construction", "Construction Labourer");
  await page.getByRole("button", { name: "Apply Now" }).click();
  await expect(page).toHaveURL(/\?done=applied$/);
}

async function newApplicant(browser: Browser, fullName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpNewApplicant(page, { fullName });
  return page;
}

test("an applicant moves to Midrand on their profile, and only Midrand's manager sees them", async ({
  page,
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const movingName = `Lindiwe Office ${tag}`;
  const stayingName = `Tatenda Office ${tag}`;

  // Signed up from Zimbabwe: Harare's, until they choose Midrand on their profile.
  const moving = await newApplicant(browser, movingName);
  await moving.goto("/dashboard/profile");
  const office = moving.getByLabel("Nearest office");
  await expect(office).toHaveValue("Harare");
  await expectAccessible(moving);
  await office.selectOption("Midrand");
  // A number typed the local way, read in their country and shown in the international format.
  await moving.getByLabel("Phone number").fill("077 123 4567");
  await moving.getByRole("button", { name: "Save Changes" }).click();
  await expect(moving).toHaveURL(/done=saved/);
  await moving.reload();
  await expect(moving.getByLabel("Nearest office")).toHaveValue("Midrand");
  await expect(moving.getByLabel("Phone number")).toHaveValue("+263 77 123 4567");
  await applyToConstructionJob(moving);

  const staying = await newApplicant(browser, stayingName);
  await applyToConstructionJob(staying);

  // Midrand's manager: Lindiwe's application, not Tatenda's (Harare's).
  await login(page, "midrand.manager@passage.test");
  await page.goto(`/admin/applications?owner=all&q=${tag}`);
  const rows = page.getByRole("main");
  await expect(rows).toContainText(movingName);
  await expect(rows).not.toContainText(stayingName);
  // One office only: no office filter to choose from.
  await expect(page.getByLabel("Office", { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // The Harare manager who also covers Midrand sees both, and can narrow the list to one office.
  const harare = await pageAs(browser, DEMO.manager);
  await harare.goto(`/admin/applications?owner=all&q=${tag}`);
  await expect(harare.getByRole("main")).toContainText(movingName);
  await expect(harare.getByRole("main")).toContainText(stayingName);
  await harare.getByLabel("Office", { exact: true }).selectOption("Harare");
  await harare.getByRole("button", { name: "Search" }).click();
  await expect(harare).toHaveURL(/office=Harare/);
  await expect(harare.getByRole("main")).toContainText(stayingName);
  await expect(harare.getByRole("main")).not.toContainText(movingName);
  await expectAccessible(harare);
  await harare.context().close();
});
