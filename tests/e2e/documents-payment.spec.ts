import fs from "node:fs";
import type { Locator } from "@playwright/test";
import { pdfText } from "~/server/pdf/pdf-text.test-helper";
import { DEMO, expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { confirmCostSheet, pageAs, uploadPdf } from "./steps";

/** A renamed program (a Windows executable called passport.pdf) is refused on its card. */
async function refuseRenamedProgram(card: Locator) {
  await card.getByLabel(/Choose a file/).setInputFiles({
    name: "passport.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300)]),
  });
  await card.getByRole("button", { name: "Upload" }).click();
  await expect(card.getByTestId("flash")).toContainText("This type of file is not accepted");
}

test("an applicant uploads a PDF and sees it waiting for review", async ({ page }) => {
  await signUpNewApplicant(page);
  await page.goto("/dashboard/documents");
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  const cv = page.getByTestId("document-cv");
  await expect(cv.getByTestId("document-status")).toHaveText("Not Uploaded");
  // What universities ask for waits under "Other documents" for a job seeker.
  await expect(page.getByTestId("document-transcript")).toBeHidden();
  await expectAccessible(page);
  await page.getByText(/^Other documents/).click();
  await expect(page.getByTestId("document-transcript")).toBeVisible();
  await expectAccessible(page);

  await uploadPdf(cv, "My CV.pdf");

  await expect(cv.getByTestId("flash")).toContainText("Document uploaded successfully");
  await expect(cv.getByTestId("document-status")).toHaveText("Pending Review");
  await expect(cv.getByText("My CV.pdf", { exact: true })).toBeVisible();

  // A renamed program is refused by its content, with a message on the card.
  const passport = page.getByTestId("document-passport");
  await refuseRenamedProgram(passport);
  await expect(passport.getByTestId("document-status")).toHaveText("Not Uploaded");
  await expectAccessible(page);

  const download = await page.request.get(
    (await cv.getByRole("link", { name: /Download My CV\.pdf/ }).getAttribute("href"))!,
  );
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
});

test("the upload form works before JavaScript loads", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpNewApplicant(page);
  await page.goto("/dashboard/documents");
  const english = page.getByTestId("document-english");
  await uploadPdf(english, "ielts.pdf");
  await expect(page).toHaveURL(/\?type=english&done=uploaded$/);
  await expect(english.getByTestId("document-status")).toHaveText("Pending Review");
  await expect(english.getByTestId("flash")).toHaveText("Document uploaded successfully");
  await expect(page.getByTestId("flash")).toHaveCount(1);

  // A refused file is answered on its own card, and the earlier confirmation is gone.
  await refuseRenamedProgram(page.getByTestId("document-passport"));
  await expect(page.getByTestId("flash")).toHaveCount(1);
  await context.close();
});

test("an applicant stopped by the fee at a premium job pays and lands back on that job", async ({
  page,
}) => {
  await signUpNewApplicant(page);

  // Searched for: other tests add jobs to the same server, and the newest come first.
  await page.goto("/jobs?q=welder");
  await page
    .getByTestId("job-card")
    .filter({ hasText: "MIG/MAG Welder" })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/dashboard\/payment\?notice=payment-required&redirectTo=/);
  const job = decodeURIComponent(new URL(page.url()).searchParams.get("redirectTo")!);
  await expect(page.getByText("Payment Required")).toBeVisible();
  await expect(page.getByTestId("fee-amount")).toHaveText("$99.00");
  await expect(page.getByText("No payments yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Payment/ }).first()).toBeVisible();
  await expectAccessible(page);

  await confirmCostSheet(page);
  await page.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(page.getByRole("button", { name: "Processing payment…" })).toBeDisabled();
  await expect(page.getByTestId("payment-result")).toContainText("Payment Successful!");
  await expect(page.getByTestId("payment-result")).toContainText(
    "Your registration fee has been paid. You now have access to all premium jobs.",
  );
  await expect(page.getByTestId("payment-result")).toContainText(
    "Taking you back to where you were going…",
  );
  await expect(page.getByTestId("payment-history")).toContainText("PAY_");
  await expectAccessible(page);

  // Back on the job they opened, now readable.
  await expect(page).toHaveURL((url) => url.pathname === job, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: /MIG\/MAG Welder/ })).toBeVisible();
});

test("staff download a verified document's certified copy, and anyone checks it on /verify", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const { fullName } = await signUpNewApplicant(page, {
    fullName: `Tariro Copy ${Date.now().toString(36)}`,
  });
  await page.goto("/dashboard/documents");
  const cv = page.getByTestId("document-cv");
  await uploadPdf(cv, "tariro-cv.pdf");
  await expect(cv.getByTestId("flash")).toContainText("Document uploaded successfully");

  // The admin opens the applicant's page: a copy is offered once the document is verified.
  const admin = await pageAs(browser, DEMO.admin);
  await admin.goto(`/admin/users?q=${encodeURIComponent(fullName)}`);
  await admin
    .getByTestId("user-row")
    .filter({ hasText: fullName })
    .getByTestId("applicant-link")
    .click();
  const doc = admin.getByTestId("staff-document").filter({ hasText: "tariro-cv.pdf" });
  const copyButton = doc.getByRole("button", { name: "Certified copy (PDF)" });
  await expect(copyButton).toHaveCount(0);
  await doc.getByRole("button", { name: "Verify" }).click();
  await expect(doc).toContainText("Verified");
  const [download] = await Promise.all([admin.waitForEvent("download"), copyButton.click()]);
  const reference = /PSG(-[2-9A-Z]{4}){4}/.exec(download.suggestedFilename())![0];
  const pdf = await pdfText(fs.readFileSync(await download.path()));
  expect(pdf).toMatch(/Verified by Passage on .+ by Lerato Dlamini/);
  expect(pdf).toContain(`Reference: ${reference}`);
  await admin.context().close();

  // A visitor types the reference as they like; the answer names no one.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/verify");
  await visitor.getByLabel("Reference on the copy").fill(reference.toLowerCase());
  await visitor.getByRole("button", { name: "Check the copy" }).click();
  const answer = visitor.getByTestId("copy-answer");
  await expect(answer).toContainText("Yes, Passage certified this copy");
  await expect(answer).toContainText(reference);
  await expect(answer).toContainText("Lerato Dlamini");
  await expect(answer).toContainText("T. C.");
  await expect(answer).not.toContainText("Tariro");
  await expectAccessible(visitor);

  await visitor.goto("/verify?reference=PSG-2222-3333-4444-5555");
  await expect(visitor.getByTestId("copy-answer")).toContainText(
    "No certified copy has this reference",
  );
  await expectAccessible(visitor);
  await visitor.context().close();
});
