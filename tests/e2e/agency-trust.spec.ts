import { DEMO, expect, expectAccessible, test } from "./fixtures";
import { pageAs } from "./steps";

// Issue 39: the agency proves who it is. A visitor checks the agency's WhatsApp number on /verify
// and reports a fake one; a complaint is filed and followed by its reference; staff answer it.

test("a visitor verifies Passage's WhatsApp number and reports a fake one", async ({ page }) => {
  await page.goto("/");
  // Every page carries the registrations and the way to check a number.
  const footer = page.locator("footer");
  await expect(footer).toContainText("PEA-GP-2026-01183");
  await footer.getByRole("link", { name: "Verify a number or address" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Is this really Passage?" }),
  ).toBeVisible();
  await expect(page.getByText("What Passage never does")).toBeVisible();
  await expectAccessible(page);

  // The WhatsApp line as a local number with spaces.
  await page.getByLabel(/Phone or WhatsApp number/).fill("077 200 0000");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const answer = page.getByTestId("verify-answer");
  await expect(answer).toContainText("Yes, this belongs to Passage");
  await expect(answer).toContainText("Passage's WhatsApp line");
  await expectAccessible(page);

  // A number that is not ours, then reported.
  await page.getByLabel(/Phone or WhatsApp number/).fill("+263 78 123 4567");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(answer).toContainText("This is not one of Passage's contact points");
  await page
    .getByLabel("The number, address or name that claimed to be us")
    .fill("+263 78 123 4567");
  await page.getByLabel("What happened").fill("They asked for US$300 on EcoCash for a visa.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByTestId("report-sent")).toContainText(/CMP-\d{4}-[0-9A-Z]{8}/);
  await expectAccessible(page);
});

test("/fr/verify checks a staff member's name before JavaScript loads", async ({
  browser,
  page: withScript,
}) => {
  // axe runs in the page: once with JavaScript, on the French page as it loads.
  await withScript.goto("/fr/verify");
  await expectAccessible(withScript);

  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto("/fr/verify");
  await expect(
    page.getByRole("heading", { level: 1, name: "Est-ce vraiment Passage ?" }),
  ).toBeVisible();
  await page.getByLabel(/Numéro de téléphone ou WhatsApp/).fill("farai chikwanha");
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  await expect(page.getByTestId("verify-answer")).toContainText(
    "Oui, Farai Chikwanha travaille au bureau de Passage à Harare.",
  );
  await context.close();
});

test("a staff member agrees on their profile page that /verify confirms their name", async ({
  browser,
  page,
}) => {
  const admin = await pageAs(browser, DEMO.admin);
  await admin.goto("/dashboard/profile");
  const card = admin.getByTestId("verify-listing");
  await expect(card).toContainText("Your name is not confirmed on /verify.");
  await expectAccessible(admin);
  await card.getByRole("button", { name: "Confirm my name on /verify" }).click();
  await expect(admin.getByText("Your name is now confirmed on /verify.")).toBeVisible();

  await page.goto("/verify");
  await page.getByLabel(/Phone or WhatsApp number/).fill("Lerato Dlamini");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByTestId("verify-answer")).toContainText("Lerato Dlamini");
  await expect(page.getByTestId("verify-answer")).toContainText("Yes");

  // Withdrawn as easily: the next check no longer finds them.
  await card.getByRole("button", { name: "Stop confirming my name" }).click();
  await expect(admin.getByText("Your name is no longer confirmed on /verify.")).toBeVisible();
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByTestId("verify-answer")).toContainText(
    "We found no staff member of that full name",
  );
  await admin.context().close();
});

test("a complaint is filed without JavaScript, followed by reference and answered by staff", async ({
  browser,
  page,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  await page.goto("/pt/complaints");
  await expectAccessible(page);
  const visitor = await context.newPage();
  await visitor.goto("/pt/complaints");
  await expect(
    visitor.getByRole("link", { name: "Department of Employment and Labour" }),
  ).toBeVisible();
  await visitor.getByLabel("Sobre o quê?").selectOption("not_as_promised");
  await visitor.getByLabel("A sua reclamação").fill("O emprego na Polónia não era de soldador.");
  await visitor.getByRole("button", { name: "Enviar reclamação" }).click();
  const filed = visitor.getByTestId("complaint-filed");
  await expect(filed).toContainText("A sua reclamação está registada");
  const reference = /CMP-\d{4}-[0-9A-Z]{8}/.exec((await filed.textContent()) ?? "")![0];

  // Staff find it in the inbox and answer the person.
  const staff = await pageAs(browser, DEMO.manager);
  await staff.goto(`/admin/complaints?q=${reference}`);
  const row = staff.getByTestId("complaint-row").filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expectAccessible(staff);
  await row.getByRole("link", { name: `View inquiry from ${reference}` }).click();
  const dialog = staff.getByRole("dialog");
  await expect(dialog).toContainText("O emprego na Polónia");
  await dialog.getByLabel(/Reply to/).fill("We are speaking to the employer this week.");
  await expectAccessible(staff);
  await dialog.getByRole("button", { name: "Send Reply" }).click();
  await expect(dialog.getByTestId("inquiry-replies")).toContainText("speaking to the employer");

  // The person follows it by reference, in English, with JavaScript.
  await page.goto("/complaints");
  await page.getByLabel("Your reference").fill(reference.toLowerCase());
  await page.getByRole("button", { name: "Show my complaint" }).click();
  const followed = page.getByTestId("complaint-followed");
  await expect(followed).toContainText(reference);
  await expect(followed).toContainText("Being handled");
  await expect(followed).toContainText("We are speaking to the employer this week.");
  await expectAccessible(page);
  await context.close();
});

test("a job in Poland shows the Polish registration", async ({ browser }) => {
  // Poland's demo jobs are premium: a paid applicant opens one.
  const page = await pageAs(browser, DEMO.paid);
  await page.goto("/jobs?country=PL");
  await page.locator('main a[href^="/jobs/"]').first().click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("agency-registrations").first()).toContainText("KRAZ 31204");
});
