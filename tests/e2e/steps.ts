import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { expect, login, signUpNewApplicant } from "./fixtures";

// What people do on the site, step by step, as several specs do it: open a signed-in browser of
// their own, sign in or sign up through the forms, open a job, upload a document, and on the staff
// side make a job and move an application.

/**
 * A page in a browser context of its own (its own cookies: staff beside an applicant, a phone
 * beside a laptop), signed in as a demo address or as an account with its own password.
 */
export async function pageAs(
  browser: Browser,
  who: string | { email: string; password: string },
  options: BrowserContextOptions = {},
) {
  const page = await (await browser.newContext(options)).newPage();
  if (typeof who === "string") await login(page, who);
  else await login(page, who.email, who.password);
  return page;
}

/** A brand-new applicant account, made in a browser context of its own that is then closed. */
export async function newApplicantAccount(browser: Browser) {
  const context = await browser.newContext();
  const account = await signUpNewApplicant(await context.newPage());
  await context.close();
  return account;
}

/** Signs in through the sign-in form the page shows (e.g. where a visitor was sent to /auth). */
export async function signInOnForm(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Opens the job whose card, on the job list at `listUrl`, holds `title`. */
export async function openJobCard(page: Page, listUrl: string, title: string) {
  await page.goto(listUrl);
  await page.getByTestId("job-card").filter({ hasText: title }).getByRole("link").click();
}

/**
 * Creates a public, active job in Canada through the admin's "Add New Job" dialog (JavaScript on)
 * and returns its id.
 */
export async function createJob(
  staff: Page,
  title: string,
  job: { description?: string; requirements?: string; employer?: string; sector?: string } = {},
) {
  await staff.goto("/admin/jobs");
  await staff.getByRole("link", { name: "Add New Job" }).click();
  const dialog = staff.getByRole("dialog", { name: "Add New Job" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Job title").fill(title);
  await dialog
    .getByLabel("Description")
    .fill(job.description ?? "Care for residents of a small home.");
  await dialog.getByLabel("Country").selectOption({ label: "Canada" });
  if (job.sector) await dialog.getByLabel("Sector").selectOption({ label: job.sector });
  if (job.requirements) await dialog.getByLabel("Requirements").fill(job.requirements);
  if (job.employer)
    await dialog.getByLabel("Employer", { exact: true }).selectOption({ label: job.employer });
  await dialog.getByRole("button", { name: "Create Job" }).click();
  await expect(staff.getByTestId("flash")).toHaveText("Job created successfully", {
    timeout: 30_000,
  });
  const edit = await staff
    .getByTestId("job-row")
    .filter({ hasText: title })
    .getByRole("link", { name: `Edit ${title}` })
    .getAttribute("href");
  return new URL(edit!, "http://x").searchParams.get("edit")!;
}

/** The signed-in applicant applies to the job, as its apply form posts. */
export async function applyToJob(page: Page, jobId: string, note = "") {
  const applied = await page.request.post(`/jobs/${jobId}`, { form: { note } });
  expect(applied.status(), "applied").toBe(200);
}

/**
 * Staff's applications list, everyone's (an agent's list starts with their own), searched for
 * `query`; returns the row that holds it.
 */
export async function findApplication(staff: Page, query: string) {
  await staff.goto(`/admin/applications?owner=all&q=${encodeURIComponent(query)}`);
  return staff.getByTestId("application-row").filter({ hasText: query });
}

/** Picks a status in an application row and presses Update, as a keyboard user would. */
export async function setStatus(row: Locator, status: string) {
  await row.getByTestId("status-select").selectOption(status);
  await row.getByRole("button", { name: "Update" }).click();
}

/** A small valid PDF for the upload forms. */
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** Uploads a PDF called `name` on a document's card of /dashboard/documents. */
export async function uploadPdf(card: Locator, name: string) {
  await card.getByLabel(/Choose a file/).setInputFiles({
    name,
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await card.getByRole("button", { name: "Upload", exact: true }).click();
}

/** Watches the page's requests from now on; the function returned says whether one was a POST. */
export function watchPosts(page: Page) {
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  return () => posted;
}

/** Fills the sign-up form (the role and the consent are left as they are). */
export async function fillSignUpForm(
  page: Page,
  fields: { fullName: string; email: string; password?: string; confirmPassword?: string },
) {
  const password = fields.password ?? "a-long-password";
  await page.getByLabel("Full name").fill(fields.fullName);
  await page.getByLabel("E-mail").fill(fields.email);
  await page.getByLabel("Country you live in").fill("Zimbabwe");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(fields.confirmPassword ?? password);
}

/** Two different passwords on the sign-up form are caught in the browser: nothing is sent. */
export async function expectMismatchedPasswordsCaught(page: Page, fullName: string, email: string) {
  const posted = watchPosts(page);
  await fillSignUpForm(page, { fullName, email, confirmPassword: "another-password" });
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  expect(posted()).toBe(false);
}

/**
 * On the payment page, reads and confirms the written cost sheet of the applicant's fee policy
 *: asked once per policy version, before any way to pay is shown.
 */
export async function confirmCostSheet(page: Page) {
  const sheet = page.getByTestId("cost-sheet");
  await expect(sheet).toBeVisible();
  if (await page.getByTestId("sheet-confirmed").isVisible()) return;
  await sheet.getByLabel("I have read this cost sheet", { exact: false }).check();
  await sheet.getByRole("button", { name: "Confirm and continue to payment" }).click();
  await expect(page.getByTestId("sheet-confirmed")).toBeVisible();
}
