import type { Locator, Page } from "@playwright/test";
import { DEMO, expect as baseExpect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { applyToJob, createJob, findApplication, pageAs, uploadPdf } from "./steps";

// One page per applicant and controls that fit (point 8): a manager opens an
// applicant from the applications list and from the activity log, reads the timeline and reviews
// a document there; status selects show their whole label at 1280 px; focus stays on the status
// control after a change.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A new applicant with an application to a new job and a CV waiting for review. */
async function applicantWithCv(browser: Parameters<typeof pageAs>[0], staff: Page) {
  const title = `E2E Applicant page ${Date.now()}`;
  const jobId = await createJob(staff, title);
  const applicant = await (await browser.newContext()).newPage();
  const { fullName } = await signUpNewApplicant(applicant, {
    fullName: `Rufaro Page ${Date.now().toString(36)}`,
  });
  await applyToJob(applicant, jobId);
  await applicant.goto("/dashboard/documents");
  const cv = applicant.getByTestId("document-cv");
  await uploadPdf(cv, "rufaro-cv.pdf");
  await expect(cv.getByTestId("flash")).toContainText("Document uploaded successfully");
  await applicant.context().close();
  return { fullName, title };
}

/** The select's chosen label is shown whole: nothing scrolls, and the text fits its box. */
async function expectWholeLabel(select: Locator) {
  const fit = await select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const canvas = document.createElement("canvas").getContext("2d")!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const label = el.options[el.selectedIndex]?.text ?? "";
    const room =
      el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 1;
    return {
      label,
      scrolls: el.scrollWidth > el.clientWidth,
      text: Math.ceil(canvas.measureText(label).width),
      room,
    };
  });
  expect(fit.scrolls, fit.label).toBe(false);
  expect(fit.text, `"${fit.label}" fits`).toBeLessThanOrEqual(fit.room);
}

test("a manager opens an applicant from the list and the activity log, reads the timeline and reviews a document there", async ({
  browser,
  manager,
}) => {
  const { fullName, title } = await applicantWithCv(browser, manager);

  const row = await findApplication(manager, fullName);
  await row.getByTestId("applicant-link").click();
  await expect(manager).toHaveURL(/\/admin\/applicants\/[^/?]+$/);
  const page = manager.getByTestId("applicant-page");
  await expect(page.getByRole("heading", { name: fullName })).toBeVisible();
  await expect(page.getByTestId("applicant-application")).toContainText(title);
  const timeline = page.getByTestId("applicant-timeline");
  await expect(timeline.locator('[data-kind="document"]')).toContainText("Uploaded CV");
  await expect(timeline.locator('[data-kind="status"]').first()).toContainText(title);
  await expectAccessible(manager);

  const cv = page.getByTestId("staff-document").filter({ hasText: "rufaro-cv.pdf" });
  await cv.getByRole("button", { name: "Verify" }).click();
  await expect(manager.getByTestId("flash")).toContainText("verified");
  await expect(cv).toContainText("Verified");
  await expect(timeline.locator('[data-kind="audit"]').first()).toContainText("Verified");
  await expectAccessible(manager);
  const applicantUrl = manager.url().split("?")[0];

  // The activity log names the applicant the review was about, and links to their page.
  await manager.goto("/admin/activity?action=document.verify");
  const entry = manager.getByTestId("audit-row").first();
  await expect(entry).toContainText(fullName);
  await entry.getByRole("link", { name: fullName }).click();
  await expect(manager).toHaveURL(applicantUrl!);
  await expect(manager.getByRole("heading", { name: fullName })).toBeVisible();
});

test("a manager of another office finds no such applicant", async ({ browser }) => {
  // A new account from Zimbabwe is Harare's; the demo's Midrand manager cannot open it.
  const { fullName } = await signUpNewApplicant(await (await browser.newContext()).newPage());
  const admin = await pageAs(browser, DEMO.admin);
  await admin.goto(`/admin/users?q=${encodeURIComponent(fullName)}`);
  const href = await admin
    .getByTestId("user-row")
    .filter({ hasText: fullName })
    .getByTestId("applicant-link")
    .getAttribute("href");
  expect(href).toMatch(/^\/admin\/applicants\//);
  const midrand = await pageAs(browser, "midrand.manager@passage.test");
  const response = await midrand.goto(href!);
  expect(response?.status()).toBe(404);
  await expect(midrand.getByText(fullName)).toHaveCount(0);
});

test("status selects show their whole label at 1280 px, and focus stays on the control after a change", async ({
  browser,
}) => {
  const staff = await pageAs(browser, DEMO.manager, { viewport: { width: 1280, height: 900 } });
  const { fullName } = await applicantWithCv(browser, staff);

  await staff.goto("/admin/applications?owner=all");
  const selects = staff.getByTestId("application-row").getByTestId("status-select");
  await expect(selects.first()).toBeVisible();
  for (const select of await selects.all()) await expectWholeLabel(select);

  // A keyboard user picks a status and presses Update: focus comes back to that row's status.
  const row = await findApplication(staff, fullName);
  const select = row.getByTestId("status-select");
  const id = await select.getAttribute("id");
  await select.focus();
  await select.selectOption("job_matched");
  await staff.keyboard.press("Tab");
  await staff.keyboard.press("Enter");
  await expect(staff.getByTestId("flash")).toContainText("updated");
  await expect(row.getByTestId("status-select")).toHaveValue("job_matched");
  await expect.poll(() => staff.evaluate(() => document.activeElement?.id ?? "")).toBe(id);
  await expectWholeLabel(row.getByTestId("status-select"));

  // The inquiries list's status selects too.
  const stamp = Date.now().toString(36);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/contact");
  await visitor.getByLabel("Full name *").fill("Nyasha Fit");
  await visitor.getByLabel("E-mail *").fill(`fit-${stamp}@example.com`);
  await visitor.getByLabel("Subject *").fill(`Fit ${stamp}`);
  await visitor.getByLabel("Message *").fill("Do the status lists show whole words?");
  await visitor.getByRole("button", { name: "Send Message" }).click();
  await expect(visitor.getByTestId("contact-success")).toBeVisible();
  await visitor.context().close();
  await staff.goto("/admin/inquiries");
  const inquirySelects = staff.getByTestId("inquiry-row").getByRole("combobox");
  await expect(inquirySelects.first()).toBeVisible();
  for (const s of await inquirySelects.all()) await expectWholeLabel(s);
});
