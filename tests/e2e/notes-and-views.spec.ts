import type { Browser, Page } from "@playwright/test";
import { DEMO, expect as baseExpect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { applyToJob, createJob, findApplication, pageAs } from "./steps";

// Staff notes with @mentions in an application's history, and saved views of the applications
// list in the sidebar. The demo seed's staff: Lerato Dlamini (admin)
// writes, Tendai Moyo (super admin) is mentioned.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A new applicant's application to a new job; staff then open its details. */
async function openNewApplication(browser: Browser, staff: Page, label: string) {
  const title = `E2E Notes ${label} ${Date.now()}`;
  // Jobs are made and the details opened with JavaScript: the no-JS page then takes over.
  const js = await browser.newContext({ storageState: await staff.context().storageState() });
  const jobId = await createJob(await js.newPage(), title);
  await js.close();

  const applicant = await (await browser.newContext()).newPage();
  const { fullName } = await signUpNewApplicant(applicant, {
    fullName: `Noted ${label} ${Date.now()}`,
  });
  await applyToJob(applicant, jobId);

  await findApplication(staff, fullName);
  await staff
    .getByRole("link", { name: `Details of ${fullName}'s application for ${title}` })
    .click();
  return { applicant, fullName };
}

test("staff write a note mentioning a colleague: it is in the history and the colleague is told", async ({
  browser,
}) => {
  const page = await pageAs(browser, DEMO.admin);
  const { applicant, fullName } = await openNewApplication(browser, page, "js");
  const dialog = page.getByRole("dialog", { name: "Application details" });
  await expect(dialog.getByRole("heading", { name: "History" })).toBeVisible();

  const text = `Passport renewal pending, call on Monday ${Date.now()}`;
  const note = dialog.getByLabel("Add a staff note");
  await note.fill(`${text}. `);
  // The picker inserts the colleague's mention at the cursor.
  await dialog
    .getByLabel("Mention a colleague")
    .selectOption({ label: "Tendai Moyo (superadmin@passage.test)" });
  await dialog.getByRole("button", { name: "Insert mention" }).click();
  await expect(note).toHaveValue(`${text}. @Tendai Moyo `);
  await note.pressSequentially("please have a look");
  await dialog.getByRole("button", { name: "Add note" }).click();

  const entry = dialog.getByTestId("staff-note").filter({ hasText: text });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("Mentioned: Tendai Moyo");
  await expect(entry).toContainText("By Lerato Dlamini");
  await expectAccessible(page);
  const applicationUrl = page.url();

  // Tendai finds it on their dashboard and opens the application from there.
  const tendai = await pageAs(browser, DEMO.superadmin);
  await tendai.goto("/admin");
  const told = tendai
    .getByTestId("staff-notifications")
    .getByRole("listitem")
    .filter({ hasText: "Lerato Dlamini mentioned you" })
    // The other test mentions Tendai too: this application's notification names its applicant.
    .filter({ hasText: fullName })
    .first();
  await expect(told).toBeVisible();
  await expectAccessible(tendai);
  await told.getByRole("link", { name: "Lerato Dlamini mentioned you" }).click();
  await expect(
    tendai.getByRole("dialog", { name: "Application details" }).getByTestId("staff-note").filter({
      hasText: text,
    }),
  ).toBeVisible();
  expect(new URL(tendai.url()).searchParams.get("view")).toBe(
    new URL(applicationUrl).searchParams.get("view"),
  );
  // The applicant's own pages never show it.
  await applicant.goto("/dashboard/applications");
  await expect(applicant.getByText(text)).toHaveCount(0);
  await applicant.goto("/dashboard");
  await expect(applicant.getByText(text)).toHaveCount(0);
  await applicant.context().close();
  await tendai.context().close();
  await page.context().close();
});

test("without JavaScript a typed mention that fits nobody is refused with the reason, and a full name works", async ({
  browser,
}) => {
  const page = await pageAs(browser, DEMO.admin, { javaScriptEnabled: false });
  const { applicant } = await openNewApplication(browser, page, "nojs");
  const note = page.getByLabel("Add a staff note");
  await note.fill("@Nobody Known please check");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("No one on the staff is called @Nobody.")).toBeVisible();

  const text = `Typed without JavaScript ${Date.now()}`;
  await page.getByLabel("Add a staff note").fill(`${text} @Tendai Moyo`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("staff-note").filter({ hasText: text })).toContainText(
    "Mentioned: Tendai Moyo",
  );
  await applicant.context().close();
  await page.context().close();
});

test("staff save a filter of the applications list as a view and open it from the sidebar", async ({
  browser,
}) => {
  const page = await pageAs(browser, DEMO.admin);
  const name = `Matched ${Date.now().toString(36)}`;
  await page.goto("/admin/applications");
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Job Matched" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=job_matched/);

  await page.getByText("Save as a view", { exact: true }).first().click();
  await page.getByLabel("View name").fill(name);
  await page.getByTestId("save-view-form").getByRole("button", { name: "Save as a view" }).click();
  await expect(page.getByTestId("flash")).toHaveText("View saved: it is in the sidebar");
  const sidebar = page.getByTestId("saved-views-nav");
  await expect(sidebar.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  // From another page, the sidebar opens the list with the view's filters.
  await page.goto("/admin/dashboard");
  await sidebar.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?status=job_matched(&|$)/);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("job_matched");

  // Manage views: rename, then delete.
  await sidebar.getByRole("link", { name: "Manage views" }).click();
  await expect(page.getByRole("heading", { name: "Saved Views" })).toBeVisible();
  await expectAccessible(page);
  const row = page.getByTestId("saved-view-row").filter({ hasText: name });
  await expect(row).toContainText("Status: Job Matched");
  await row.getByLabel(`New name for “${name}”`).fill(`${name} renamed`);
  await row.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByTestId("flash")).toHaveText("View renamed");
  await expect(sidebar.getByRole("link", { name: `${name} renamed` })).toBeVisible();
  await page
    .getByTestId("saved-view-row")
    .filter({ hasText: `${name} renamed` })
    .getByRole("button", { name: `Delete the view “${name} renamed”` })
    .click();
  await expect(page.getByTestId("flash")).toHaveText("View deleted");
  await expect(sidebar.getByRole("link", { name: `${name} renamed` })).toHaveCount(0);
  await page.context().close();
});
