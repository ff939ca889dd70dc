import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { openJobCard, pageAs } from "./steps";

test("a new applicant applies to a public job and follows it with its tracker", async ({
  page,
}) => {
  await signUpNewApplicant(page);
  await page.goto("/dashboard");
  await expect(page.getByTestId("next-step-pay")).toContainText("Pay your registration fee");
  await expectAccessible(page);

  await openJobCard(page, "/jobs?q=construction", "Construction Labourer");
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]+$/);
  await page.getByLabel("Note to our team (optional)").fill("I can start next month.");
  await page.getByRole("button", { name: "Apply Now" }).click();
  // Redirected (a reload does not apply again) to the confirmation and the way to the tracker.
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]+\?done=applied$/);
  await expect(page.getByTestId("flash")).toHaveText(
    "Your job application has been submitted successfully!",
  );
  await expect(page.getByText("You have applied")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "View My Applications" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/applications$/);
  const application = page.getByTestId("application");
  await expect(application).toHaveCount(1);
  await expect(application).toContainText("Construction Labourer");
  await expect(application.getByTestId("application-status")).toHaveText("Registration Pending");
  await expect(application.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
  await expect(application).toContainText("Step 1 of 9");
  await expect(application).toContainText("I can start next month.");
  await expectAccessible(page);

  // Back on the job and reloading posts nothing again: the page says they have applied.
  await page.goBack();
  await page.reload();
  await expect(page.getByText("You have applied")).toBeVisible();
});

test("an unpaid applicant trying a premium job is sent to the payment page", async ({ page }) => {
  await signUpNewApplicant(page);
  await page.goto("/jobs?q=welder");
  const card = page.getByTestId("job-card").filter({ hasText: "MIG/MAG Welder" });
  await expect(card).toContainText("Premium job");
  await card.getByRole("link").click();
  await expect(page).toHaveURL(
    /\/dashboard\/payment\?notice=payment-required&redirectTo=%2Fjobs%2F[^&]+$/,
  );
});

test("editing the profile changes the completion percentage", async ({ page }) => {
  await signUpNewApplicant(page, { fullName: "Profile Person" });
  await page.goto("/dashboard/profile");
  await expect(page.getByTestId("profile-completion")).toHaveText("Profile 50% complete");
  await expect(page.getByText("Email cannot be changed")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Phone number").fill("+263 77 111 2222");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Your profile has been updated.");
  await expect(page.getByTestId("profile-completion")).toHaveText("Profile 75% complete");

  await page.getByLabel("WhatsApp number").fill("+263 77 111 2222");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("profile-completion")).toHaveText("Profile 100% complete");

  await page.getByLabel("Full name").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Enter your full name.")).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue("+263 77 111 2222");
});

/** Applies to the seeded free job with this title, from its card on /jobs. */
async function applyTo(page: Page, search: string, title: string) {
  await openJobCard(page, `/jobs?q=${encodeURIComponent(search)}`, title);
  await page.getByRole("button", { name: "Apply Now" }).click();
  await expect(page.getByTestId("flash")).toBeVisible();
}

test("an applicant withdraws an application from the dashboard, with and without JavaScript; staff see it in its history and the activity log", async ({
  browser,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  const applicant = await signUpNewApplicant(plain, { fullName: `Withdrawing ${Date.now()}` });
  await applyTo(plain, "hotel", "Hotel Room Attendant");

  await plain.goto("/dashboard/applications");
  const card = plain.getByTestId("application");
  await card.getByRole("link", { name: /^Withdraw application/ }).click();
  const confirm = card.getByTestId("withdraw-confirm");
  await expect(confirm).toContainText("Our team will stop working on it");
  // Changing one's mind leaves it as it was.
  await confirm.getByRole("link", { name: "Keep my application" }).click();
  await expect(card.getByTestId("withdraw-confirm")).toHaveCount(0);
  await expect(card.getByTestId("application-status")).toHaveText("Registration Pending");

  await card.getByRole("link", { name: /^Withdraw application/ }).click();
  await confirm.getByLabel("Why are you withdrawing? (optional)").fill("I found work at home.");
  await confirm.getByRole("button", { name: "Yes, withdraw" }).click();
  await expect(plain).toHaveURL(/\/dashboard\/applications\?done=withdrawn$/);
  await expect(plain.getByTestId("flash")).toHaveText("Your application was withdrawn.");
  await expect(card.getByTestId("application-status")).toHaveText("Withdrawn");
  await expect(card.getByRole("link", { name: /^Withdraw application/ })).toHaveCount(0);
  // The tracker says where it stopped, never "in progress"; so does the job's page.
  await expect(card.getByTestId("tracker-where")).toHaveText("Withdrawn");
  await expect(card.locator('[aria-current="step"]')).toContainText("(stopped here)");
  await expect(card.getByText("(in progress)")).toHaveCount(0);
  await card.getByRole("link", { name: /Hotel Room Attendant/ }).click();
  await expect(plain.getByText("You withdrew your application")).toBeVisible();
  await noScript.close();

  // With JavaScript, the same steps, on another application.
  const page = await pageAs(browser, applicant);
  await applyTo(page, "chef", "Chef de Partie");
  await page.goto("/dashboard/applications");
  const chef = page.getByTestId("application").filter({ hasText: "Chef de Partie" });
  await chef.getByRole("link", { name: /^Withdraw application/ }).click();
  await expect(chef.getByTestId("withdraw-confirm")).toBeVisible();
  // The keyboard focus moves to the question, where the link it replaced was.
  await expect(
    chef.getByRole("heading", {
      name: "Withdraw your application for Chef de Partie (Summer Season)?",
    }),
  ).toBeFocused();
  await expectAccessible(page);
  await chef.getByRole("button", { name: "Yes, withdraw" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Your application was withdrawn.");
  await expect(chef.getByTestId("application-status")).toHaveText("Withdrawn");
  await expectAccessible(page);
  await page.context().close();

  const admin = await pageAs(browser, DEMO.admin);
  await admin.goto(`/admin/applications?q=${encodeURIComponent(applicant.email)}`);
  const row = admin
    .getByTestId("application-row")
    .filter({ hasText: applicant.email })
    .filter({ hasText: "Hotel Room Attendant" });
  await row.getByRole("link", { name: /^Details of / }).click();
  const history = admin
    .getByRole("dialog", { name: "Application details" })
    .getByTestId("status-history");
  await expect(history).toContainText("Withdrawn");
  await expect(history).toContainText("I found work at home.");
  await expect(history).toContainText(`By ${applicant.fullName}`);

  await admin.goto("/admin/activity");
  await expect(
    admin
      .getByTestId("audit-row")
      .filter({ hasText: "Withdrew their own application, which was at Registration Pending" })
      .first(),
  ).toBeVisible();
  await admin.context().close();
});
