import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, test } from "./fixtures";
import { findApplication, pageAs } from "./steps";

// Ethical-recruitment restrictions (decision record 35 part 2): UK health and
// social-care jobs are not advertised to residents of the WHO safeguards list's countries
// (Zimbabwe among them). One who finds such a job reads why before the Apply form; applying
// anyway is recorded as a direct application, which staff see. Admins edit the restrictions.

const UK_CARE_JOB = "Care Assistant (Residential Home)"; // seeded: United Kingdom, healthcare

/** A new Zimbabwe resident, signed up and signed in through `prefix` ("" or "/fr"). */
async function signUpZimbabwean(page: Page, fullName: string, prefix = "") {
  const email = `e2e-restr-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "e2e-password-123";
  const signUp = await page.request.post(`${prefix}/auth`, {
    form: {
      intent: "signup",
      role: "job_seeker",
      fullName,
      country: "Zimbabwe",
      email,
      password,
      confirmPassword: password,
      acceptPolicies: "on",
    },
    maxRedirects: 0,
  });
  expect(signUp.status(), "sign-up").toBe(302);
  const signIn = await page.request.post(`${prefix}/auth`, {
    form: { intent: "signin", email, password },
    maxRedirects: 0,
  });
  expect(signIn.status(), "sign-in").toBe(302);
}

/** The seeded UK care job's page address, found on the board (its search still lists it). */
async function ukCareJobPath(page: Page, prefix = "") {
  await page.goto(`${prefix}/jobs?q=${encodeURIComponent("Care Assistant")}`);
  const href = await page
    .getByTestId("job-card")
    .filter({ hasText: UK_CARE_JOB })
    .getByRole("link")
    .first()
    .getAttribute("href");
  return href!;
}

test("a Zimbabwe resident reads why a UK care job was not advertised to them before applying, and staff see a direct application", async ({
  page,
  browser,
}) => {
  test.slow();
  const name = `Tendai Restricted ${Date.now().toString(36)}`;
  await signUpZimbabwean(page, name);
  await page.goto(await ukCareJobPath(page));
  const notice = page.getByTestId("restriction");
  await expect(notice).toContainText("Not advertised to residents of Zimbabwe");
  await expect(notice).toContainText("Code of Practice");
  await expect(notice).toContainText("recorded as a direct application");
  // The explanation comes before the Apply form.
  const apply = page.getByRole("button", { name: "Apply Now" });
  const [noticeBox, applyBox] = [await notice.boundingBox(), await apply.boundingBox()];
  expect(noticeBox!.y).toBeLessThan(applyBox!.y);
  await expectAccessible(page);

  await apply.click();
  await expect(
    page.getByText("Your job application has been submitted successfully!"),
  ).toBeVisible();

  const staff = await pageAs(browser, DEMO.admin);
  const row = await findApplication(staff, name);
  await expect(row.getByTestId("direct-application")).toHaveText("Direct application (restricted)");
  await row.getByRole("link", { name: /^Details of / }).click();
  await expect(
    staff.getByTestId("application-details").getByTestId("direct-application"),
  ).toContainText("Direct application to a restricted job");
  await expectAccessible(staff);
  await staff.context().close();
});

test("in French, the explanation is read before the Apply form", async ({ page }) => {
  await signUpZimbabwean(page, "Chipo Restreinte", "/fr");
  await page.goto(await ukCareJobPath(page, "/fr"));
  const notice = page.getByTestId("restriction");
  await expect(notice).toContainText("Offre non diffusée aux résidents de : Zimbabwe");
  await expect(notice).toContainText("candidature directe");
  // The staff-written explanation too, in French.
  await expect(notice).toContainText("code de bonnes pratiques britannique");
  await expect(page.getByRole("button", { name: "Postuler", exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("an admin adds, edits and deletes a restriction in Site Settings, without JavaScript", async ({
  browser,
}) => {
  test.slow();
  const admin = await pageAs(browser, DEMO.admin, { javaScriptEnabled: false });
  await admin.goto("/admin/settings");
  const section = admin.getByTestId("recruitment-restrictions");
  await expect(section.getByTestId("restriction-row").first()).toBeVisible();
  await expect(section).toContainText("United Kingdom · Healthcare · residents of Zimbabwe");

  const form = section.locator("#restriction-form");
  await form.getByLabel("Destination country code").fill("IE");
  await form.getByLabel("Job sector").selectOption({ label: "Construction" });
  await form.getByLabel("Applicant's country of residence (code)").fill("TV");
  await form.getByLabel("Explanation applicants read").fill("A test restriction for Tuvalu.");
  await form.getByRole("button", { name: "Add restriction" }).click();
  await expect(section.getByText("Restriction saved.")).toBeVisible();
  const line = "Ireland · Construction · residents of Tuvalu";
  await expect(section).toContainText(line);

  await section.getByRole("link", { name: `Edit: ${line}` }).click();
  const edit = section.locator("#restriction-form");
  await expect(edit.getByLabel("Explanation applicants read")).toHaveValue(
    "A test restriction for Tuvalu.",
  );
  await edit.getByLabel("Job sector").selectOption({ label: "Any sector" });
  await edit.getByRole("button", { name: "Save restriction" }).click();
  await expect(section.getByText("Restriction saved.")).toBeVisible();
  const anySector = "Ireland · Any sector · residents of Tuvalu";
  await expect(section).toContainText(anySector);

  await section.getByRole("button", { name: `Delete: ${anySector}` }).click();
  await expect(section.getByText("Restriction deleted.")).toBeVisible();
  await expect(section).not.toContainText(anySector);
  await admin.context().close();

  // The section as a browser with JavaScript shows it, checked by axe (axe runs in the page).
  const withScripts = await pageAs(browser, DEMO.admin);
  await withScripts.goto("/admin/settings?done=restrictionSaved#restrictions");
  await expect(withScripts.getByTestId("recruitment-restrictions")).toContainText(
    "Restriction saved.",
  );
  await expectAccessible(withScripts);
  await withScripts.context().close();
});
