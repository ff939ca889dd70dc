import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { applyToJob, createJob, findApplication, setStatus } from "./steps";

// Checklists per destination and path, and dates on documents: an
// applicant to a nursing job in Canada sees what it needs, on a phone, in French, and uploads a
// passport with its dates; admins keep the checklists, staff list the expiring documents.

test.describe("on a 360 px phone, in French", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("an applicant sees a Canada nursing checklist and uploads a passport with its dates", async ({
    page,
    manager,
  }) => {
    test.slow();
    const title = `Infirmière ${Date.now().toString(36)}`;
    const jobId = await createJob(manager, title, { sector: "Healthcare" });
    await signUpNewApplicant(page);
    await applyToJob(page, jobId);
    await page.goto("/dashboard/documents");
    await page.getByRole("button", { name: "FR Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    // The seeded Canada rules and the healthcare ones, on top of the passport and the CV.
    const checklist = page.getByTestId("application-checklist").filter({ hasText: title });
    await expect(checklist).toContainText("Canada");
    for (const [type, name] of [
      ["passport", "Passeport"],
      ["police_clearance", "Extrait de casier judiciaire"],
      ["medical_report", "Rapport médical"],
      ["english", "Test d'anglais"],
    ] as const) {
      const line = checklist.getByTestId(`checklist-${type}`);
      await expect(line).toContainText(name);
      await expect(line).toContainText("Obligatoire");
      await expect(line).toContainText("À fournir");
    }
    await expect(checklist.getByTestId("checklist-experience")).toContainText("Facultatif");
    // What the checklist asks for is at the top of the page, not under "other documents".
    await expect(page.getByTestId("document-police_clearance")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectAccessible(page);

    const passport = page.getByTestId("document-passport");
    await passport.getByLabel("Date de délivrance").fill("2022-03-14");
    await passport.getByLabel("Date d'expiration").fill("2032-03-13");
    await passport.getByLabel(/Choisir un fichier/).setInputFiles({
      name: "passeport.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
    });
    await passport.getByRole("button", { name: "Téléverser", exact: true }).click();
    await expect(passport.getByTestId("document-status")).toHaveText("En attente d'examen");
    await expect(passport.getByTestId("document-dates")).toContainText("Délivré le 14 mars 2022");
    await expect(passport.getByTestId("document-dates")).toContainText(
      "Valable jusqu'au 13 mars 2032",
    );
    await expect(checklist.getByTestId("checklist-passport")).toContainText("Téléversé");
    await expectAccessible(page);
  });
});

test("an admin keeps the checklists; staff list the expiring documents", async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto("/admin/checklists");
  const canada = page
    .getByTestId("checklist-group")
    .filter({ hasText: "Canada · Jobs · Healthcare" });
  await expect(canada).toContainText("English Test");
  await expectAccessible(page);

  await page.getByLabel("Destination", { exact: true }).selectOption({ label: "Latvia" });
  await page.getByLabel("Sector or level", { exact: true }).selectOption({ label: "Logistics" });
  await page.getByLabel("Document", { exact: true }).selectOption({ label: "Driving Licence" });
  await page.getByRole("button", { name: "Add to the checklist" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Checklist saved.");
  const portugal = page
    .getByTestId("checklist-group")
    .filter({ hasText: "Latvia · Jobs · Logistics" });
  await expect(portugal).toContainText("Required");
  await expectAccessible(page);
  await portugal.getByRole("button", { name: /Remove Driving Licence/ }).click();
  await expect(page.getByTestId("flash")).toHaveText("Removed from the checklist.");
  await expect(portugal).toHaveCount(0);

  await page.goto("/admin/expiring-documents");
  await expect(page.getByRole("heading", { name: "Expiring Documents" }).first()).toBeVisible();
  await expectAccessible(page);
});

test("staff are stopped at Offer Received by an expired police clearance", async ({
  page,
  manager,
  browser,
}) => {
  test.slow();
  const title = `Nurse ${Date.now().toString(36)}`;
  const jobId = await createJob(manager, title, { sector: "Healthcare" });
  const applicant = await browser.newPage();
  await signUpNewApplicant(applicant);
  await applyToJob(applicant, jobId);
  // A police clearance issued eight months ago: its six months are over.
  const issued = new Date(Date.now() - 240 * 86_400_000).toISOString().slice(0, 10);
  await applicant.goto("/dashboard/documents");
  const police = applicant.getByTestId("document-police_clearance");
  await police.getByLabel("Issue date").fill(issued);
  await police.getByLabel(/I agree that Passage keeps my Police Clearance/).check();
  await police.getByLabel(/Choose a file/).setInputFiles({
    name: "police.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  });
  await police.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(police.getByTestId("document-dates")).toContainText("Expired on");
  await applicant.close();

  await login(page, DEMO.admin);
  const row = await findApplication(page, title);
  await setStatus(row, "offer_received");
  await expect(page.getByTestId("flash")).toContainText("Police Clearance (expired)");
  await expect(page.getByTestId("flash")).toContainText("Not changed");
  await expectAccessible(page);

  // The applicant's page shows each application's checklist, and an admin may let it through
  // there with a reason (the details dialog offers the same: study.spec.ts).
  await row.getByTestId("applicant-link").click();
  await expect(page).toHaveURL(/\/admin\/applicants\//);
  const application = page.getByTestId("applicant-application").filter({ hasText: title });
  await expect(application.getByTestId("checklist-police_clearance")).toContainText("Expired");
  await application.getByText("Let it through without these documents (admins)").click();
  await expectAccessible(page);
  await application.getByLabel("Stage", { exact: true }).selectOption({ label: "Offer Received" });
  await application.getByLabel("Reason", { exact: true }).fill("The employer vets nurses itself");
  await application.getByRole("button", { name: "Move it anyway" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Application status updated");
  await expect(application.getByTestId("gate-override")).toContainText(
    "The employer vets nurses itself",
  );
});
