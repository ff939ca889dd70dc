import type { Browser } from "@playwright/test";
import {
  DEMO,
  expect as baseExpect,
  expectAccessible,
  login,
  signUpNewApplicant,
  test,
} from "./fixtures";
import { applyToJob, createJob, findApplication, pageAs } from "./steps";

// Bulk actions and owners: a manager picks every application matching the filter and
// moves them all to their next stage in one go; a ticked row is given to an owner, whose default
// "My applicants" view then shows it. Several sign-ups and staff changes: generous limits.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const PACKER = "Sort and pack parcels on the night shift.";

/** A new applicant (in their own browser context) who applied to the job. */
async function applicantApplies(browser: Browser, jobId: string, label: string) {
  const page = await (await browser.newContext()).newPage();
  const { fullName } = await signUpNewApplicant(page, { fullName: `Bulk ${label} ${Date.now()}` });
  await applyToJob(page, jobId);
  await page.context().close();
  return fullName;
}

test("a bulk next stage moves only the applicants who paid and lists the others with why", async ({
  browser,
}) => {
  const staff = await pageAs(browser, DEMO.manager);
  const title = `E2E Bulk Packer ${Date.now()}`;
  const jobId = await createJob(staff, title, { description: PACKER });
  const names = [
    await applicantApplies(browser, jobId, "One"),
    await applicantApplies(browser, jobId, "Two"),
    await applicantApplies(browser, jobId, "Three"),
  ];

  // The first one paid at the office: an admin records it with its reference (Mark Paid).
  const admin = await pageAs(browser, DEMO.admin);
  await admin.goto(`/admin/users?q=${encodeURIComponent(names[0]!)}`);
  await admin.getByLabel("Payment reference").fill(`CASH-${Date.now()}`);
  await admin.getByRole("button", { name: `Mark ${names[0]} as paid` }).click();
  await expect(admin.getByTestId("flash")).toHaveText("Payment status updated successfully");
  await admin.context().close();

  const rows = await findApplication(staff, title);
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) {
    await expect(row.getByTestId("status-select")).toHaveValue("registration_pending");
  }
  // An unpaid applicant's list offers Registration Paid disabled, with why.
  await expect(
    rows
      .filter({ hasText: names[1] })
      .getByRole("option", { name: "Registration Complete (fee not paid)" }),
  ).toBeDisabled();

  // With JavaScript the header's checkbox ticks every row of the page (and clears them again).
  const selectPage = staff.getByRole("checkbox", { name: "Select every row on this page" });
  await selectPage.check();
  for (const row of await rows.all()) await expect(row.getByTestId("bulk-row")).toBeChecked();
  await selectPage.uncheck();
  for (const row of await rows.all()) await expect(row.getByTestId("bulk-row")).not.toBeChecked();

  // Keyboard: open the bulk form, choose "every match", the action, and send.
  const summary = staff.getByText("Bulk actions: move, give an owner, message or export");
  await summary.focus();
  await staff.keyboard.press("Enter");
  const matching = staff.getByRole("radio", { name: "All 3 rows matching the filter" });
  await matching.focus();
  await staff.keyboard.press("Space");
  await expect(matching).toBeChecked();
  await staff
    .getByLabel("Action", { exact: true })
    .selectOption({ label: "Move to the next stage" });
  await expectAccessible(staff);
  await staff.getByRole("button", { name: "Apply to the chosen rows" }).click();

  // One moved; the two who have not paid are listed, each with the reason, and stay Pending.
  await expect(staff.getByTestId("flash")).toHaveText("1 application moved to its next stage");
  const refused = staff.getByTestId("bulk-refused");
  await expect(refused).toContainText("2 left as they were:");
  for (const name of names.slice(1)) {
    await expect(refused.getByRole("listitem").filter({ hasText: name })).toHaveText(
      `${name} · ${title}: the registration fee is not paid (a payment, or Mark Paid with its reference, records it)`,
    );
  }
  await expect(rows.filter({ hasText: names[0] }).getByTestId("status-select")).toHaveValue(
    "registration_paid",
  );
  for (const name of names.slice(1)) {
    await expect(rows.filter({ hasText: name }).getByTestId("status-select")).toHaveValue(
      "registration_pending",
    );
  }
  await expectAccessible(staff);
});

test("without JavaScript, a ticked row is given to its owner, whose default view then shows it", async ({
  browser,
}) => {
  const title = `E2E Bulk Owner ${Date.now()}`;
  const jobId = await createJob(await pageAs(browser, DEMO.manager), title, {
    description: PACKER,
  });
  const staff = await pageAs(browser, DEMO.manager, { javaScriptEnabled: false });
  const name = await applicantApplies(browser, jobId, "Owned");

  // Not the manager's yet: "My applicants" does not list it.
  await staff.goto(`/admin/applications?owner=me&q=${encodeURIComponent(title)}`);
  await expect(staff.locator("#app-owner")).toHaveValue("me");
  await expect(staff.getByTestId("application-row")).toHaveCount(0);

  const row = (await findApplication(staff, title)).filter({ hasText: name });
  await row
    .getByRole("checkbox", { name: `Select the application of ${name} for ${title}` })
    .check();
  await staff.getByText("Bulk actions: move, give an owner, message or export").click();
  await staff
    .getByLabel("Action", { exact: true })
    .selectOption({ label: "Give to the owner below" });
  await staff.locator("#bulk-applications-owner").selectOption({ label: "Farai Chikwanha" });
  await staff.getByRole("button", { name: "Apply to the chosen rows" }).click();
  await expect(staff.getByTestId("flash")).toHaveText("1 given to the new owner");
  await expect(row.getByTestId("owner")).toContainText("Farai Chikwanha");

  // Now that the manager owns one, "My applicants" is their default view, and it lists it.
  await staff.goto(`/admin/applications?q=${encodeURIComponent(title)}`);
  await expect(staff.locator("#app-owner")).toHaveValue("me");
  await expect(staff.getByTestId("application-row").filter({ hasText: name })).toHaveCount(1);
});

test("without JavaScript, a bulk next stage lists the unpaid applicant it left as it was", async ({
  browser,
}) => {
  const title = `E2E Bulk NoJS ${Date.now()}`;
  const jobId = await createJob(await pageAs(browser, DEMO.manager), title, {
    description: PACKER,
  });
  const staff = await pageAs(browser, DEMO.manager, { javaScriptEnabled: false });
  const name = await applicantApplies(browser, jobId, "Unpaid");

  const row = (await findApplication(staff, title)).filter({ hasText: name });
  await row
    .getByRole("checkbox", { name: `Select the application of ${name} for ${title}` })
    .check();
  await staff.getByText("Bulk actions: move, give an owner, message or export").click();
  await staff
    .getByLabel("Action", { exact: true })
    .selectOption({ label: "Move to the next stage" });
  await staff.getByRole("button", { name: "Apply to the chosen rows" }).click();
  await expect(staff.getByTestId("flash")).toHaveText("0 applications moved to their next stage");
  await expect(staff.getByTestId("bulk-refused")).toContainText(
    `${name} · ${title}: the registration fee is not paid`,
  );
  await expect(row.getByTestId("status-select")).toHaveValue("registration_pending");
});

test("the user list's bulk form is labelled and passes axe", async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto("/admin/users?role=job_seeker");
  const first = page.getByTestId("user-row").first();
  await expect(first.getByRole("checkbox", { name: /^Select / })).toBeVisible();
  await page.getByText("Bulk actions: move, give an owner, message or export").click();
  await expect(page.getByLabel("New owner")).toBeVisible();
  // An agent may own applicants too (those of their own office): offered, and named as one.
  await expect(
    page.getByLabel("New owner").getByRole("option", { name: "Sipho Ndlovu (agent, Midrand)" }),
  ).toHaveCount(1);
  await expectAccessible(page);
});
