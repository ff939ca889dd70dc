import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { pageAs, uploadPdf } from "./steps";

// Document types are data: an admin adds one at /admin/document-types with
// its name in each language, and an applicant finds it on their documents page, in their
// language, on a phone.

test("an admin adds a document type, named in three languages, and applicants can upload it", async ({
  page,
  browser,
}) => {
  test.slow();
  await login(page, DEMO.admin);
  await page.goto("/admin/document-types");
  await expect(page.getByRole("heading", { name: "Document Types" }).first()).toBeVisible();
  const police = page.getByTestId("document-type-police_clearance");
  await expect(police).toContainText("valid 6 months after issue");
  await expect(police).toContainText("Sensitive");
  await expectAccessible(page);

  // Opened from the keyboard, the type's form shows what is stored.
  await police.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(police.getByLabel("Name (Français)")).toHaveValue("Extrait de casier judiciaire");
  await expectAccessible(page);

  const key = `permit_${Date.now().toString(36)}`;
  await page.getByLabel("Key").fill("Not a key!");
  await page.getByRole("button", { name: "Add the document type" }).click();
  await expect(page.getByText("Give a key of lower-case letters")).toBeVisible();
  await expect(page.getByText("Give the name in this language.").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Key").fill(key);
  await page.locator("#document-type-new-name_en").fill("Work Permit");
  await page.locator("#document-type-new-name_fr").fill("Permis de travail");
  await page.locator("#document-type-new-name_pt").fill("Autorização de Trabalho");
  await page
    .locator("#document-type-new-guidance_fr")
    .fill("La page de votre permis avec votre nom et ses dates.");
  await page.getByRole("button", { name: "Add the document type" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Document type saved.");
  await expect(page.getByTestId(`document-type-${key}`)).toContainText("Work Permit");
  await expectAccessible(page);

  // The applicant finds it among the other documents and can upload it.
  const applicant = await browser.newPage();
  await signUpNewApplicant(applicant);
  await applicant.goto("/dashboard/documents");
  await applicant.getByText(/Other documents/).click();
  const card = applicant.getByTestId(`document-${key}`);
  await expect(card).toContainText("Work Permit");
  await uploadPdf(card, "permit.pdf");
  await expect(card.getByTestId("document-status")).toHaveText("Pending Review");
  await applicant.close();
});

test("without JavaScript an admin adds a document type, then retires it", async ({ browser }) => {
  const page = await pageAs(browser, DEMO.admin, { javaScriptEnabled: false });
  await page.goto("/admin/document-types");
  const key = `visa_letter_${Date.now().toString(36)}`;
  const form = page.locator("#document-type-new");
  // A refused form comes back from the server with its messages and what was typed.
  await form.getByLabel("Key").fill(key);
  await form.getByLabel("Name (English)").fill("Visa Letter");
  await form.getByRole("button", { name: "Add the document type" }).click();
  await expect(form.getByText("Give the name in this language.").first()).toBeVisible();
  await expect(form.getByLabel("Name (English)")).toHaveValue("Visa Letter");
  await form.getByLabel("Name (Français)").fill("Lettre de visa");
  await form.getByLabel("Name (Português)").fill("Carta de visto");
  await form.getByRole("button", { name: "Add the document type" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Document type saved.");

  // The new type is listed, open, its form showing what was stored.
  const entry = page.getByTestId(`document-type-${key}`);
  await expect(entry).toContainText("Visa Letter");
  await expect(entry.getByLabel("Name (Français)")).toHaveValue("Lettre de visa");
  await entry.getByLabel("Applicants can upload it").uncheck();
  await entry.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Document type saved.");
  await expect(entry.locator("summary")).toContainText("Retired");
  // (axe needs JavaScript: the first test runs it on this page.)
  await page.context().close();
});

test.describe("on a 360 px phone, in French", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("an applicant reads each document's name, guidance and formats in their language", async ({
    page,
  }) => {
    await signUpNewApplicant(page);
    await page.goto("/dashboard/documents");
    await page.getByRole("button", { name: "FR Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const passport = page.getByTestId("document-passport");
    await expect(passport.getByRole("heading", { name: "Passeport" })).toBeVisible();
    await expect(passport).toContainText("La page avec votre photo et vos informations");
    await expect(passport).toContainText("PDF, JPG, PNG, jusqu'à 10 Mo.");
    const cv = page.getByTestId("document-cv");
    await expect(cv).toContainText("PDF, DOC, DOCX, jusqu'à 10 Mo.");
    // Nothing wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.getByText(/Autres documents/).click();
    const police = page.getByTestId("document-police_clearance");
    await expect(police).toContainText("Valable 6 mois après sa délivrance.");
    await expectAccessible(page);
  });
});
