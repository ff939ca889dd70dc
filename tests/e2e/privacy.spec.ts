import { unzipSync } from "fflate";
import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { pageAs, PDF, signInOnForm, uploadPdf } from "./steps";

// Privacy and data rights: an applicant downloads everything held about them, and sees
// which staff role opened their documents (and who opened their special documents, by name).

test("an applicant downloads their data and sees which staff role opened their CV", async ({
  page,
  browser,
}) => {
  test.slow();
  const { fullName } = await signUpNewApplicant(page, { fullName: "Nyasha Privacy" });
  await page.goto("/dashboard/documents");
  const cv = page.getByTestId("document-cv");
  await uploadPdf(cv, "Nyasha CV.pdf");
  await expect(cv.getByTestId("document-status")).toHaveText("Pending Review");
  const cvHref = (await cv
    .getByRole("link", { name: /Download Nyasha CV\.pdf/ })
    .getAttribute("href"))!;

  await page.goto("/dashboard/profile");
  const whoSaw = page.getByRole("region", { name: "Who at Passage has seen your information" });
  await expect(whoSaw).toContainText("No one at Passage has opened your profile or documents yet.");

  // A manager opens the CV.
  const manager = await pageAs(browser, DEMO.manager);
  expect((await manager.request.get(cvHref)).status()).toBe(200);
  await manager.context().close();

  await page.reload();
  await expect(whoSaw.getByRole("listitem")).toHaveText([/^Manager opened your CV\/Resume/]);

  // Special personal information: uploaded with explicit consent, opened by an admin only (the
  // manager gets a 404), and the applicant reads who opened it, by name.
  await page.goto("/dashboard/documents");
  await page.getByText(/^Other documents/).click();
  const police = page.getByTestId("document-police_clearance");
  await police.getByLabel(/I agree that Passage keeps my Police Clearance/).check();
  await uploadPdf(police, "clearance.pdf");
  await expect(police.getByTestId("document-status")).toHaveText("Pending Review");
  await expectAccessible(page);
  const policeHref = (await police
    .getByRole("link", { name: /Download clearance\.pdf/ })
    .getAttribute("href"))!;
  const staff = await pageAs(browser, DEMO.manager);
  expect((await staff.request.get(policeHref)).status()).toBe(404);
  await staff.context().close();
  const admin = await pageAs(browser, DEMO.admin);
  expect((await admin.request.get(policeHref)).status()).toBe(200);
  await admin.context().close();
  await page.goto("/dashboard/profile");
  const opened = page.getByRole("region", { name: "Who opened your special documents" });
  await expect(opened.getByRole("listitem")).toHaveText([
    /^Lerato Dlamini \(Admin\) opened your Police Clearance/,
  ]);
  await expectAccessible(page);

  // The archive: asked for, prepared in the background, then offered for download.
  const yourData = page.getByRole("region", { name: "Your data" });
  await yourData.getByRole("button", { name: "Prepare my archive" }).click();
  await expect(page.getByRole("status")).toContainText("We are preparing your archive");
  const link = yourData.getByRole("link", { name: "Download archive" });
  await expect(link).toBeVisible();
  await expect(yourData).toContainText(/Available until/);
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^passage-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
  const data = JSON.parse(new TextDecoder().decode(files["passage-data.json"])) as {
    tables: { profiles: { fullName: string }[] };
    files: { path: string }[];
  };
  expect(data.tables.profiles[0]!.fullName).toBe(fullName);
  expect(Buffer.from(files[data.files[0]!.path]!).equals(PDF)).toBe(true);
});

test("asking for the archive works before JavaScript loads", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpNewApplicant(page);
  // A sensitive document's consent box is a plain field of the upload form.
  await page.goto("/dashboard/documents");
  const medical = page.getByTestId("document-medical_report");
  await page.getByText(/^Other documents/).click();
  await medical.getByLabel(/I agree that Passage keeps my Medical Report/).check();
  await uploadPdf(medical, "medical.pdf");
  await expect(medical.getByTestId("document-status")).toHaveText("Pending Review");
  await page.goto("/dashboard/profile");
  const yourData = page.getByRole("region", { name: "Your data" });
  await yourData.getByRole("button", { name: "Prepare my archive" }).click();
  await expect(page.getByRole("status")).toContainText("We are preparing your archive");
  // Without JavaScript nothing polls: the page is looked at again until the link is there.
  await expect(async () => {
    await page.goto("/dashboard/profile");
    await expect(yourData.getByRole("link", { name: "Download archive" })).toBeVisible({
      timeout: 500,
    });
  }).toPass({ timeout: 15_000 });
  await context.close();
});

test("an applicant deletes their account and can no longer sign in", async ({ page }) => {
  const { email, password } = await signUpNewApplicant(page);
  await page.goto("/dashboard/profile");
  const deleteCard = page.getByRole("region", { name: "Delete my account" });
  await deleteCard.getByLabel("Your password").fill("not-my-password");
  await deleteCard.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(deleteCard.getByText("That password is not right.")).toBeVisible();
  await expect(deleteCard.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await deleteCard.getByLabel("Your password").fill(password);
  await deleteCard.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(/\/auth\?done=accountDeleted$/);
  await expect(page.getByRole("status")).toContainText("Your account has been deleted.");

  // Signed out, and the old password opens nothing.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth/);
  await signInOnForm(page, email, password);
  await expect(page.getByTestId("form-error")).toContainText("do not match an account");
});

test("someone who has not accepted the texts in force is asked before the dashboard, then goes on", async ({
  page,
  baseURL,
}) => {
  // An account made through the sign-up endpoint itself carries no consent (the form records it).
  const email = `no-consent-${Date.now().toString(36)}@example.com`;
  const password = "e2e-password-123";
  const made = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: { email, password, name: "Consent Later", country: "Zimbabwe", role: "job_seeker" },
  });
  expect(made.ok()).toBe(true);
  await login(page, email, password);

  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL(/\/auth\/consent\?redirectTo=%2Fdashboard%2Fprofile$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "We have updated our terms" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /^Privacy Policy \(updated/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("I have read and accept the updated texts.").check();
  await page.getByRole("button", { name: "Accept and continue" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
