import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { confirmCostSheet, pageAs } from "./steps";

// Fees follow the law where each office works: a Harare applicant reads the written
// cost sheet, confirms it and pays; a Midrand applicant (South Africa: no fee to a work-seeker)
// never meets a payment step.

/**
 * A new applicant, signed up and signed in through the forms' endpoint of `prefix` ("" or "/fr":
 * the page's language becomes theirs); their country decides their office (South Africa: Midrand).
 */
async function signUp(page: Page, country: string, prefix = "") {
  const email = `e2e-fees-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "e2e-password-123";
  const form = { email, password };
  const response = await page.request.post(`${prefix}/auth`, {
    form: {
      intent: "signup",
      role: "job_seeker",
      fullName: "Fees Applicant",
      country,
      confirmPassword: password,
      acceptPolicies: "on",
      ...form,
    },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-up").toBe(302);
  const signIn = await page.request.post(`${prefix}/auth`, {
    form: { intent: "signin", ...form },
    maxRedirects: 0,
  });
  expect(signIn.status(), "sign-in").toBe(302);
}

test("a Harare applicant reads the cost sheet, confirms it, pays, and the receipt names the policy version", async ({
  page,
}) => {
  test.slow();
  await signUpNewApplicant(page, { fullName: "Rudo Harare" });
  await page.goto("/dashboard/payment");
  const sheet = page.getByTestId("cost-sheet");
  for (const line of [
    "What the fee covers",
    "What it does not cover",
    "Who else pays what",
    "Refund rule",
    "SI 223 of 2023",
    "Fee policy version 1",
  ]) {
    await expect(sheet).toContainText(line);
  }
  // No way to pay before the sheet is confirmed.
  await expect(page.getByRole("button", { name: "Pay $99.00" })).toHaveCount(0);
  await expectAccessible(page);

  // Confirming without ticking the box is explained.
  await sheet.getByRole("button", { name: "Confirm and continue to payment" }).click();
  await expect(
    sheet.getByText("Tick the box to confirm you have read the cost sheet."),
  ).toBeVisible();
  await confirmCostSheet(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(page.getByTestId("payment-result")).toContainText("Payment Successful!");

  await page.goto("/dashboard/payment");
  await page
    .getByTestId("payment-history")
    .getByRole("link", { name: /^Open receipt R-/ })
    .click();
  const receipt = page.getByTestId("receipt");
  await expect(receipt).toContainText("Cost sheet confirmed");
  await expect(receipt).toContainText("fee policy version 1");
  await expectAccessible(page);
});

test.describe("without JavaScript, in French", () => {
  test.use({ javaScriptEnabled: false });

  test("the cost sheet is read, confirmed and paid with plain forms", async ({ page }) => {
    test.slow();
    await signUp(page, "Zimbabwe", "/fr");
    await page.goto("/dashboard/payment");
    const sheet = page.getByTestId("cost-sheet");
    await expect(sheet).toContainText("Coûts par écrit : à lire avant de payer");
    await expect(sheet).toContainText("Base légale");
    await sheet.getByLabel("J'ai lu ce détail des coûts", { exact: false }).check();
    await sheet.getByRole("button", { name: "Confirmer et passer au paiement" }).click();
    await expect(page.getByTestId("sheet-confirmed")).toContainText("Vous avez confirmé");
    await page
      .locator('form:has(input[name="method"][value="card"]) button[type="submit"]')
      .click();
    await expect(page.getByTestId("payment-result")).toContainText("Paiement réussi !");
  });
});

test("a Midrand applicant never sees a payment step: no fee, and what opens premium jobs", async ({
  page,
}) => {
  await signUp(page, "South Africa");
  await page.goto("/dashboard");
  await expect(page.getByTestId("next-step-pay")).toHaveCount(0);
  await expect(page.getByText("Not paid", { exact: true })).toHaveCount(0);
  // Under no fee the card says whether the registration is complete, not "Paid".
  await expect(page.getByRole("link", { name: "Not complete Registration" })).toBeVisible();
  // Their next step tells the truth: nothing was paid, and what opens premium jobs.
  await expect(page.getByTestId("next-step-apply")).toContainText(
    "No fee applies to you. Free jobs are open now; premium jobs open when your profile is complete",
  );
  await expect(page.getByText("Your registration is paid")).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/dashboard/payment?notice=payment-required");
  await expect(page.getByRole("heading", { name: "No fee to pay" })).toBeVisible();
  await expect(page.getByTestId("no-fee")).toContainText("Employment Services Act");
  await expect(page.getByTestId("no-fee")).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Premium jobs open when your registration is complete:" }),
  ).toBeVisible();
  await expect(page.getByText("Complete your registration", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upload your CV" })).toBeVisible();
  await expect(page.getByTestId("cost-sheet")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await expect(page.getByText("Payment Required")).toHaveCount(0);
  await expectAccessible(page);

  // The help dialog's fee question answers for their office.
  await page.getByRole("button", { name: "Help & Support" }).click();
  await page.getByText("Do I pay a fee?").click();
  await expect(
    page.getByText("Under the law where your office works you pay us nothing"),
  ).toBeVisible();
  await expect(page.getByText("What does the registration fee cover?")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // A premium job's card says what opens it for them: no fee, a complete registration.
  await page.goto("/jobs");
  await expect(
    page.getByTestId("job-card").filter({ hasText: "No fee applies to you" }).first(),
  ).toBeVisible();
  await expect(page.getByText("registration fee to see the details")).toHaveCount(0);
});

test("admins read and edit the fee policies in Site Settings", async ({ browser }) => {
  const page = await pageAs(browser, DEMO.admin);
  await page.goto("/admin/settings");
  const section = page.getByTestId("fee-policies");
  await expect(section).toContainText("Midrand: applicants pay nothing");
  await expect(section).toContainText(
    "Harare: applicants pay a registration fee of $99.00 up front",
  );
  await expectAccessible(page);
  await page.context().close();
});
