import type { Page } from "@playwright/test";
import { PAYNOW_FAKE_URL } from "~/playwright.config";
import { DEMO, expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { confirmCostSheet, pageAs } from "./steps";

// A Zimbabwean applicant pays the registration fee with EcoCash: the page sends the request to
// their phone and waits; the test plays the phone by calling the stand-in for Paynow
// (tests/e2e/fake-paynow.mjs), which then sends Paynow's status update to the site.

/** The payer answers the prompt on their phone. */
async function phone(page: Page, answer: "approve" | "decline", reference: string) {
  const response = await page.request.post(`${PAYNOW_FAKE_URL}/phone/${answer}`, {
    form: { reference },
  });
  expect(response.status()).toBe(200);
}

async function sendEcocashRequest(page: Page) {
  await page.goto("/dashboard/payment");
  await confirmCostSheet(page);
  await expect(page.getByRole("heading", { name: "EcoCash or OneMoney" })).toBeVisible();
  await page.getByLabel("EcoCash").check();
  await page.getByLabel("Mobile number").fill("077 123 4567");
  await page.getByRole("button", { name: "Send to my phone" }).click();
  await expect(page.getByTestId("payment-waiting")).toContainText(
    "Approve the payment on your phone",
  );
  await expect(page.getByTestId("payment-waiting")).toContainText("0771234567");
  const reference = new URL(page.url()).searchParams.get("waiting");
  expect(reference).toMatch(/^PAY_/);
  return reference!;
}

test("an applicant pays with EcoCash from their phone, gets a receipt and opens premium jobs", async ({
  page,
  browser,
}) => {
  test.slow();
  await signUpNewApplicant(page, { fullName: "Tatenda Moyo" });
  await page.goto("/dashboard/payment");
  await confirmCostSheet(page);
  // Mobile money comes first for someone in Zimbabwe, a card is still there.
  await expect(page.getByRole("button", { name: "Pay $99.00" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue on Paynow: $99.00" })).toBeVisible();
  await expectAccessible(page);

  // A number of the wrong network is explained before anything is sent.
  await page.getByLabel("EcoCash").check();
  await page.getByLabel("Mobile number").fill("0711234567");
  await page.getByRole("button", { name: "Send to my phone" }).click();
  await expect(page.getByText("EcoCash numbers start with 077 or 078")).toBeVisible();

  const reference = await sendEcocashRequest(page);
  await expectAccessible(page);

  await phone(page, "approve", reference);
  // The waiting page notices by itself.
  await expect(page.getByTestId("payment-result")).toContainText("Payment Successful!", {
    timeout: 20_000,
  });

  // The receipt, from the payment history.
  await page.goto("/dashboard/payment");
  const receiptLink = page
    .getByTestId("payment-history")
    .getByRole("link", { name: /^Open receipt R-/ });
  await receiptLink.click();
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  const receipt = page.getByTestId("receipt");
  await expect(receipt).toContainText(/R-\d{4}-\d{6}/);
  await expect(receipt).toContainText("Tatenda Moyo");
  await expect(receipt).toContainText("EcoCash");
  await expect(receipt).toContainText(reference);
  await expect(receipt).toContainText("$99.00");
  await expectAccessible(page);
  // And as a PDF.
  const pdfHref = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 8).toString()).toBe("%PDF-1.7");

  // Staff find it in the payments list, by provider, with its receipt.
  const receiptNumber = (await receipt.textContent())!.match(/R-\d{4}-\d{6}/)![0];
  const staffPage = await pageAs(browser, DEMO.manager);
  await staffPage.goto("/admin/payments");
  await staffPage.getByLabel("Provider").selectOption("paynow");
  await staffPage.getByRole("button", { name: "Filter" }).click();
  await expect(staffPage).toHaveURL(/provider=paynow/);
  const row = staffPage.getByTestId("payment-row").filter({ hasText: receiptNumber });
  await expect(row).toContainText("Tatenda Moyo");
  await expect(row).toContainText("Completed");
  // The way it was paid in words, not the stored code.
  await expect(row).toContainText("EcoCash");
  await expect(row).not.toContainText("ecocash");
  await expect(staffPage.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    /\/exports\/payments\.csv\?provider=paynow/,
  );
  await expectAccessible(staffPage);
  await staffPage.context().close();

  // Premium jobs are open (searched for: other tests add jobs to the same board).
  await page.goto(`/jobs?q=${encodeURIComponent("Care Assistant")}`);
  await page
    .getByRole("link", { name: /Care Assistant \(Residential Home\)/ })
    .first()
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Care Assistant (Residential Home)" }),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a declined prompt is explained and the applicant can try again", async ({ page }) => {
    await signUpNewApplicant(page);
    const reference = await sendEcocashRequest(page);
    await phone(page, "decline", reference);
    // "Check again" (the page also refreshes itself) asks Paynow.
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByTestId("payment-result")).toContainText("Payment declined");
    await expect(page.getByTestId("payment-result")).toContainText("No money was taken");
    // The history names the way it was tried, not a dash.
    const tried = page.getByTestId("payment-history").locator("li").filter({ hasText: reference });
    await expect(tried).toContainText("EcoCash");
    await expect(tried.locator("dd").nth(2)).not.toHaveText("—");
    // A new request can be sent.
    const again = await sendEcocashRequest(page);
    expect(again).not.toBe(reference);
  });
});
