import { DEMO, expect, expectAccessible, login, test } from "./fixtures";
import { createJob } from "./steps";

// Employers (decision record 43): staff keep them; a job's page names its employer.

test("a manager adds and verifies an employer with a contact, and a job's page names it as verified, in English and French", async ({
  page,
  browser,
}) => {
  test.slow(); // an employer, a contact, a job, and the public page in two languages
  await login(page, DEMO.manager);
  const name = `Galway Care Homes ${Date.now().toString(36)}`;
  await page.goto("/admin/employers");
  await expect(page.getByRole("heading", { name: "All employers" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Add Employer" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Employer" });
  // A web address that is not one keeps the dialog open with a clear message.
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Website").fill("not a site");
  await dialog.getByRole("button", { name: "Add Employer" }).click();
  await expect(dialog.getByText("Enter a web address, such as hospital.ie.")).toBeVisible();
  await dialog.getByLabel("Website").fill("galwaycare.ie");
  await dialog.getByLabel("Country").selectOption({ label: "Ireland" });
  await dialog.getByLabel("Sector").selectOption({ label: "Healthcare" });
  await dialog.getByLabel("Registration number").fill("IE-998877");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Add Employer" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Employer added");
  const row = page.getByTestId("employer-row").filter({ hasText: name });
  await expect(row).toContainText("Not verified");

  // Verified by a click on its badge; the list says so.
  await row.getByRole("button", { name: `Mark ${name} as verified` }).click();
  await expect(page.getByTestId("flash")).toHaveText(/Marked as verified/);
  await expect(row).toContainText("Verified");

  // A contact, in the contacts dialog.
  await row.getByRole("link", { name: `0 contacts at ${name}` }).click();
  const contacts = page.getByRole("dialog", { name: `Contacts at ${name}` });
  await contacts.getByLabel("Name").fill("Siobhan Kelly");
  await contacts.getByLabel("E-mail").fill("siobhan@galwaycare.ie");
  await contacts.getByLabel("Position").fill("Director of Nursing");
  await contacts.getByRole("button", { name: "Add Contact" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Contact added");
  await expect(contacts.getByTestId("employer-contact")).toContainText("Siobhan Kelly");
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  // A job for that employer: its public page names it, with the verified mark.
  const title = `Care Assistant, Galway ${Date.now().toString(36)}`;
  const jobId = await createJob(page, title, { employer: name });
  const visitor = await browser.newPage();
  await visitor.goto(`/jobs/${jobId}`);
  const employer = visitor.getByTestId("job-employer");
  await expect(employer).toContainText(name);
  await expect(employer).toContainText("Verified employer");
  await expectAccessible(visitor);
  await visitor.goto(`/fr/jobs/${jobId}`);
  await expect(visitor.getByTestId("job-employer")).toContainText("Employeur vérifié");
  await visitor.close();
});
