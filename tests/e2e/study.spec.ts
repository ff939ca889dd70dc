import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { findApplication, setStatus, uploadPdf } from "./steps";

test("a visitor finds a program from the home page, filters /study and reads the program", async ({
  page,
}) => {
  await page.goto("/");
  const study = page.locator("#study");
  await expect(study.getByTestId("program-card").first()).toBeVisible();
  await study.getByRole("link", { name: "See all study programs" }).click();
  await expect(page).toHaveURL(/\/study$/);
  await expect(page.getByRole("heading", { level: 1, name: "Study Abroad" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Country").selectOption({ label: "Ireland" });
  await expect(page).toHaveURL(/country=IE/);
  const cards = page.getByTestId("program-card");
  await expect(cards).toHaveCount(2);
  await page.getByLabel("Level").selectOption({ label: "Master's" });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("MSc Business Analytics");

  await cards.first().getByRole("link", { name: "MSc Business Analytics" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "MSc Business Analytics" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Documents to prepare" })).toBeVisible();
  await expect(page.getByText("Academic Transcript")).toBeVisible();
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  ) as Record<string, unknown>;
  expect(ld["@type"]).toBe("EducationalOccupationalProgram");
  expect(ld.timeToComplete).toBe("P12M");
  await expectAccessible(page);
  // A visitor's Apply asks them to sign in and brings them back.
  await expect(page.getByRole("link", { name: "Apply" })).toHaveAttribute(
    "href",
    /\/auth\?redirectTo=%2Fstudy%2F/,
  );

  // The header's Study Abroad link and the student-placement service page lead to /study.
  await page.goto("/services/student-placement");
  await expect(page.getByRole("link", { name: "Browse study programs" }).first()).toHaveAttribute(
    "href",
    "/study",
  );
  await page.goto("/fr/study");
  await expect(page.getByRole("heading", { level: 1, name: "Étudier à l'étranger" })).toBeVisible();
  await expectAccessible(page);
});

test("a manager adds a program at /admin/programs and visitors find it on /study", async ({
  page,
}) => {
  await login(page, DEMO.manager);
  await page.goto("/admin/programs");
  await expectAccessible(page);
  const title = `MSc Data Science ${Date.now().toString(36)}`;
  await page.getByRole("link", { name: "Add Program" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Program title").fill(title);
  // Latvia: the visitor's test counts the Irish programs, and may run after this one.
  await dialog.getByLabel("University").fill("University of Latvia");
  await dialog.getByLabel("City").fill("Riga");
  await dialog.getByLabel("Country").selectOption({ label: "Latvia" });
  await dialog.getByLabel("Level").selectOption({ label: "Master's" });
  await dialog.getByLabel("Field of study").selectOption({ label: "Computing and IT" });
  await dialog.getByLabel("Duration (months)").fill("12");
  await dialog.getByLabel("Amount").fill("18000");
  await dialog.getByLabel("Currency").fill("EUR");
  await dialog.getByLabel("Intakes").fill("2030-09-01");
  await dialog.getByLabel("Description").fill("Machine learning and statistics.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Create Program" }).click();
  await expect(page.getByTestId("flash")).toContainText("Program created");
  await expect(page.getByTestId("program-row").first()).toContainText(title);

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/study?q=data+science");
  await expect(visitor.getByTestId("program-card").first()).toContainText(title);
  await visitor.close();
});

test("a student finds a program from the home page, signs up, uploads a transcript, applies, and follows each stage staff set on the pipeline board", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // a student, a manager and an admin, an upload and three stages
  // From the home page to a program's page, as a visitor: Apply asks to sign in first.
  await page.goto("/");
  await page.locator("#study").getByRole("link", { name: "MSc Public Health" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "MSc Public Health" })).toBeVisible();
  const programUrl = page.url();
  // Apply, as a visitor: the sign-up form offers a student's account.
  await page.getByRole("link", { name: "Apply" }).click();
  await page
    .getByRole("navigation", { name: "Account" })
    .getByRole("link", { name: "Sign Up" })
    .click();
  await expect(page.getByRole("radio", { name: "Study Programs" })).toBeChecked();

  const student = await signUpNewApplicant(page, {
    role: "student_applicant",
    fullName: `Study Person ${Date.now()}`,
  });
  await page.goto("/dashboard/documents");
  // A student is asked for what universities want; a CV waits under "Other documents".
  await expect(page.getByTestId(/^document-/).first()).toHaveAttribute(
    "data-testid",
    "document-passport",
  );
  await expect(page.getByTestId("document-cv")).toBeHidden();
  await page.getByText(/^Other documents/).click();
  await expect(page.getByTestId("document-cv")).toBeVisible();
  const transcript = page.getByTestId("document-transcript");
  await uploadPdf(transcript, "transcript.pdf");
  await expect(transcript.getByTestId("flash")).toContainText("uploaded successfully");

  // Programs need the registration fee (the default): the program page says so.
  await page.goto(programUrl);
  // Paying leads back to this program.
  await expect(page.getByRole("link", { name: "Pay the registration fee" })).toHaveAttribute(
    "href",
    /\/dashboard\/payment\?notice=payment-required&redirectTo=%2Fstudy%2F/,
  );
  const admin = await browser.newPage();
  await login(admin, DEMO.admin);
  await admin.goto(`/admin/users?q=${encodeURIComponent(student.email)}`);
  // Paid at the office: recorded with the payment's reference, as a receipt needs.
  await admin.getByLabel("Payment reference").fill(`CASH-${Date.now()}`);
  await admin.getByRole("button", { name: `Mark ${student.fullName} as paid` }).click();
  await expect(admin.getByTestId("flash")).toBeVisible();
  await admin.close();

  await page.goto(programUrl);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("flash")).toContainText("Your application has been submitted");
  await expect(page.getByText("You have applied")).toBeVisible();

  // The manager moves it along the study stages on the board.
  const manager = await browser.newPage();
  await login(manager, DEMO.manager);
  await manager.goto("/admin/pipeline?kind=program");
  await expect(manager.getByTestId("column-conditional_offer")).toBeVisible();
  await expectAccessible(manager);
  const card = manager.getByTestId("pipeline-card").filter({ hasText: student.fullName });
  // Documents Submitted states a fact: while the program's documents are not all verified, the
  // arrow is refused with why, and nothing moves (decision record 32).
  await card
    .getByRole("button", { name: `Move ${student.fullName} to Documents Submitted` })
    .click();
  await expect(manager.getByTestId("flash")).toContainText(
    "not every document this application needs is verified yet",
  );
  const application = page.getByTestId("application").filter({ hasText: "MSc Public Health" });
  // Staff send it to the university (a stage that states no fact) from the applications list,
  // then the board's arrow takes it on; the student's tracker follows each move.
  const row = await findApplication(manager, student.fullName);
  await setStatus(row, "submitted_to_university");
  await expect(manager.getByTestId("flash")).toHaveText("Application status updated");
  await page.goto("/dashboard/applications");
  await expect(application.getByTestId("tracker-where")).toHaveText("Submitted");
  await manager.goto("/admin/pipeline?kind=program");
  await card.getByRole("button", { name: `Move ${student.fullName} to Conditional Offer` }).click();
  // An offer waits for the program's checklist (decision record 44): refused, saying why.
  await expect(manager.getByTestId("flash")).toContainText(
    "this stage waits for the application's documents",
  );
  await manager.close();
  // An admin lets it through with a reason, from the application's details.
  const overriding = await browser.newPage();
  await login(overriding, DEMO.admin);
  const adminRow = await findApplication(overriding, student.fullName);
  await adminRow.getByRole("link", { name: /Details of/ }).click();
  const details = overriding.getByRole("dialog", { name: "Application details" });
  await details.getByText("Let it through without these documents (admins)").click();
  await details.getByLabel("Stage", { exact: true }).selectOption({ label: "Conditional Offer" });
  await details.getByLabel("Reason", { exact: true }).fill("The university checked the papers");
  await details.getByRole("button", { name: "Move it anyway" }).click();
  await expect(overriding.getByTestId("flash")).toHaveText("Application status updated");
  await overriding.close();
  await page.goto("/dashboard/applications");
  await expect(application.getByTestId("tracker-where")).toHaveText("Conditional Offer");
  await expect(application).toContainText("Conditional Offer");
  await expectAccessible(page);
});
