import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { applyToJob, createJob, pageAs, setStatus, uploadPdf } from "./steps";

// What applicants and staff still tripped over, from
// their side of the screen.

/** Changes site settings through the admin form: `fill` gets the form, then it is saved. */
async function saveSettings(page: Page, fill: (page: Page) => Promise<void>) {
  await page.goto("/admin/settings");
  await fill(page);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("flash")).toHaveText(
    "Settings saved. The site shows the new values from now on.",
  );
}

test("after the interview the tracker moves on, and a rejected passport is the first next step", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two people, a job, an upload and two reviews
  const admin = await pageAs(browser, DEMO.admin);
  const title = `E2E Tracker ${Date.now()}`;
  const jobId = await createJob(admin, title, { description: "Pack orders on the night shift." });

  const applicant = await signUpNewApplicant(page, { fullName: `Tracker Person ${Date.now()}` });
  await applyToJob(page, jobId);
  await page.goto("/dashboard/documents");
  const passport = page.getByTestId("document-passport");
  await uploadPdf(passport, "passport.pdf");
  await expect(passport.getByTestId("flash")).toContainText("uploaded successfully");

  // Staff record the interview as held, and reject the passport with a reason.
  await admin.goto("/admin/applications");
  await admin.getByPlaceholder("Search by name, email, or job title").fill(applicant.fullName);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  const row = admin.getByTestId("application-row").filter({ hasText: applicant.email });
  await setStatus(row, "interview_completed");
  await expect(admin.getByTestId("flash")).toHaveText("Application status updated");
  await row.getByRole("link", { name: /^Details of / }).click();
  const details = admin.getByRole("dialog", { name: "Application details" });
  const doc = details.getByTestId("staff-document").filter({ hasText: "passport.pdf" });
  await doc.getByLabel("Reason for rejecting").fill("The photo page is blurred.");
  await doc.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByTestId("flash")).toContainText("Document rejected");

  // The tracker: Interview done, half-way to Offer Received, never back to step 1.
  await page.goto("/dashboard/applications");
  const tracker = page.getByTestId("application-tracker");
  await expect(tracker).toContainText("Step 4 of 9");
  await expect(tracker.getByTestId("tracker-where")).toHaveText(
    "Interview done · next: Offer Received",
  );
  await expect(tracker.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "4.5");
  await expect(tracker.getByRole("listitem").nth(3)).toContainText("(completed)");
  await expect(tracker.getByRole("listitem").nth(4)).toContainText("(pending)");
  await expectAccessible(page);

  // The dashboard: the rejected passport comes first, with the reason and the way to fix it.
  await page.goto("/dashboard");
  const first = page.getByRole("region", { name: "Next steps" }).getByRole("listitem").first();
  await expect(first).toContainText("Your passport was not accepted");
  await expect(first).toContainText("The photo page is blurred. Upload a new one.");
  await first.getByRole("link", { name: "Upload a new passport" }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents#doc-passport-title$/);
  await expect(page.getByTestId("document-passport").getByTestId("document-status")).toHaveText(
    "Rejected",
  );
  await admin.context().close();
});

test("a paid applicant's recommendations say Premium on premium jobs", async ({
  page,
  browser,
}) => {
  // Other tests add free jobs while this one runs, and paid@ is shown the newest jobs: staff add a
  // premium one first, so the newest few always hold one.
  const admin = await pageAs(browser, DEMO.admin, { javaScriptEnabled: false });
  await admin.goto("/admin/jobs");
  await admin.getByRole("link", { name: "Add New Job" }).click();
  const form = admin.getByTestId("inline-dialog");
  await form.getByLabel("Job title").fill(`Premium Recommended ${Date.now()}`);
  await form.getByLabel("Description").fill("Night shifts on a cardiac ward.");
  await form.getByLabel(/^Public/).uncheck();
  await form.getByRole("button", { name: "Create Job" }).click();
  await expect(admin.getByTestId("flash")).toHaveText("Job created successfully");
  await admin.context().close();

  await login(page, DEMO.paid);
  await page.goto("/dashboard");
  const recommended = page.getByRole("region", { name: "Recommended for you" });
  const cards = recommended.getByTestId("job-card");
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: "Premium" })).not.toHaveCount(0);
  await expectAccessible(page);
});

test("sign out everywhere, from the profile page, ends the other sessions too (no JavaScript)", async ({
  page,
  browser,
}) => {
  const person = await signUpNewApplicant(page);
  const other = await pageAs(browser, person, {
    userAgent:
      "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  });
  await other.goto("/dashboard");
  await expect(other).toHaveURL(/\/dashboard$/);

  const here = await pageAs(browser, person, { javaScriptEnabled: false });
  await here.goto("/dashboard/profile");
  const sessions = here.getByTestId("active-session");
  await expect(sessions).toHaveCount(3);
  await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
  await expect(sessions.filter({ hasText: "Chrome on Android" })).toHaveCount(1);
  await expect(sessions.first()).toContainText("Last active");

  await here.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(here).toHaveURL(/\/auth\?done=signedOutEverywhere/);
  await expect(here.getByText("You have been signed out on every device.")).toBeVisible();

  // The phone and the first browser are signed out as well.
  await other.goto("/dashboard");
  await expect(other).toHaveURL(/\/auth\?redirectTo=/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await other.context().close();
  await here.context().close();
});

test("the legal pages, the service pages and the footer follow the settings staff edit", async ({
  page,
  browser,
}) => {
  const admin = await pageAs(browser, DEMO.admin);
  // Other tests read the fee and the office cities at the same time: this one changes only the
  // first office's street address, one visa rate and the Facebook link, and puts them back.
  const address = `12 Samora Machel Avenue ${Date.now()}, Harare`;
  let original = "";
  await saveSettings(admin, async (p) => {
    original = await p.getByLabel("Street address").first().inputValue();
    await p.getByLabel("Street address").first().fill(address);
    await p.getByLabel("Work permit success rate (visa page)").fill("96%");
  });

  try {
    await page.goto("/terms-of-service");
    const terms = page.getByRole("article");
    // The fee per office: Harare's is the registration fee, Midrand asks none.
    await expect(terms).toContainText(
      "Harare, Zimbabwe: a one-time registration fee of 99 US dollars",
    );
    await expect(terms).toContainText(address);
    await expect(terms).not.toContainText("{{");
    await page.goto("/privacy-policy");
    await expect(page.getByRole("article")).toContainText(address);

    // Interview success, interviews held, documents processed and the turnaround are shown.
    await page.goto("/services/interview-preparation");
    await expect(page.getByText("Interview success", { exact: true })).toBeVisible();
    await expect(page.getByText("1,750+", { exact: true })).toBeVisible();
    await page.goto("/services/document-support");
    await expect(page.getByText("5,000+", { exact: true })).toBeVisible();
    await expect(page.getByText("48 hours", { exact: true })).toBeVisible();
    await page.goto("/services/visa-assistance");
    const work = page.getByRole("listitem").filter({ hasText: "Work permits" });
    await expect(work.getByTestId("success-rate")).toHaveText("96% success rate");
    // A visa type without a figure shows none.
    await expect(
      page.getByRole("listitem").filter({ hasText: "Visitor visas" }).getByTestId("success-rate"),
    ).toHaveCount(0);
    await expectAccessible(page);

    // No social link until staff enter one; then the footer shows it.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Facebook" })).toHaveCount(0);
    await saveSettings(admin, async (p) => {
      await p.getByLabel("Facebook page").fill("https://www.facebook.com/passage.africa");
    });
    await page.goto("/");
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Facebook" }),
    ).toHaveAttribute("href", "https://www.facebook.com/passage.africa");
  } finally {
    await saveSettings(admin, async (p) => {
      await p.getByLabel("Street address").first().fill(original);
      await p.getByLabel("Work permit success rate (visa page)").fill("");
      await p.getByLabel("Facebook page").fill("");
    });
    await admin.context().close();
  }
});
