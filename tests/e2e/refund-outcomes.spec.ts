import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import {
  applyToJob,
  confirmCostSheet,
  createJob,
  findApplication,
  pageAs,
  setStatus,
} from "./steps";

// Refunds that follow the rule: the Harare fee's refund rule names "the visa
// is refused"; when staff set that status, an admin finds one refund to-do, records the refund
// from it, and the applicant's payment history shows it.

/** The Harare default policy's form in Site Settings: ticks or clears "The visa is refused". */
async function setVisaRefusedOutcome(admin: Page, on: boolean) {
  await admin.goto("/admin/settings");
  const form = admin
    .getByTestId("fee-policies")
    .locator("form")
    .filter({ has: admin.getByText(/^Harare · office default/) });
  const box = form.getByLabel("The visa is refused");
  if ((await box.isChecked()) === on) return;
  await box.setChecked(on);
  await form.getByRole("button", { name: "Save policy" }).click();
  await expect(admin.getByText("Fee policy saved.")).toBeVisible();
}

test("staff record a refund from the to-do a refused visa gives, and the applicant sees it", async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await pageAs(browser, DEMO.admin);
  await setVisaRefusedOutcome(admin, true);
  try {
    // A Harare applicant pays the fee and applies.
    const applicant = await signUpNewApplicant(page, { fullName: "Tariro Refund" });
    await page.goto("/dashboard/payment");
    await confirmCostSheet(page);
    await page.getByRole("button", { name: "Pay $99.00" }).click();
    await expect(page.getByTestId("payment-result")).toContainText("Payment Successful!");
    const jobId = await createJob(admin, `Care worker refund ${Date.now().toString(36)}`);
    await applyToJob(page, jobId);

    // The visa is refused: one refund to-do, however often the status is set.
    const row = await findApplication(admin, applicant.email);
    await setStatus(row, "visa_refused");
    await expect(row.getByTestId("status-select")).toHaveValue("visa_refused");
    await admin.goto("/admin/todos");
    const todo = admin.getByTestId("refund-todo").filter({ hasText: "Tariro Refund" });
    await expect(todo).toHaveCount(1);
    await expect(todo).toContainText("Visa Refused");
    await expect(todo).toContainText("$99.00");
    await expectAccessible(admin);

    // Recorded from the keyboard: the reason typed, the button pressed with Enter.
    await todo.getByLabel("Reason").fill("Your visa was refused; the fee comes back in full.");
    await todo.getByRole("button", { name: "Record the refund" }).focus();
    await admin.keyboard.press("Enter");
    await expect(admin.getByTestId("flash")).toContainText("the applicant has been told");
    await expect(admin.getByTestId("refund-todo").filter({ hasText: "Tariro Refund" })).toHaveCount(
      0,
    );
    await expect(admin.getByRole("heading", { name: "Recently done" })).toBeVisible();
    await expectAccessible(admin);

    await page.goto("/dashboard/payment");
    await expect(page.getByTestId("history-refund")).toContainText(
      "$99.00 refunded to you: Your visa was refused; the fee comes back in full.",
    );
  } finally {
    await setVisaRefusedOutcome(admin, false);
    await admin.context().close();
  }
});
