import { expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";

test("a new applicant applies to a public job and follows it with its tracker", async ({
  page,
}) => {
  await signUpNewApplicant(page);
  await page.goto("/dashboard");
  await expect(page.getByTestId("next-step-pay")).toContainText("Pay your registration fee");
  await expectAccessible(page);

  await page.goto("/jobs?q=construction");
  await page
    .getByTestId("job-card")
    .filter({ hasText: "Construction Labourer" })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]+$/);
  await page.getByLabel("Note to our team (optional)").fill("I can start next month.");
  await page.getByRole("button", { name: "Apply Now" }).click();
  await expect(page.getByText("Application Submitted")).toBeVisible();
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

  // Applying again is refused clearly.
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
  await expect(page).toHaveURL(/\/dashboard\/payment\?notice=payment-required$/);
});

test("editing the profile changes the completion percentage", async ({ page }) => {
  await signUpNewApplicant(page, { fullName: "Profile Person" });
  await page.goto("/dashboard/profile");
  await expect(page.getByTestId("profile-completion")).toHaveText("Profile 50% complete");
  await expect(page.getByText("Email cannot be changed")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Phone number").fill("+263 77 111 2222");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Your profile has been updated.")).toBeVisible();
  await expect(page.getByTestId("profile-completion")).toHaveText("Profile 75% complete");

  await page.getByLabel("WhatsApp number").fill("+263 77 111 2222");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("profile-completion")).toHaveText("Profile 100% complete");

  await page.getByLabel("Full name").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Enter your full name.")).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue("+263 77 111 2222");
});
