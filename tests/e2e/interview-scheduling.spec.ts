import type { Locator, Page } from "@playwright/test";
import { DEMO, expect as baseExpect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { applyToJob, createJob, findApplication, pageAs, setStatus } from "./steps";

// Interview Scheduled is never set without a date: however staff choose it, the
// schedule dialog asks for the date, time and place, and the applicant then reads them.
// Each test makes a job, an applicant and staff changes: slow on a busy machine, so the limits are
// generous (nothing here waits for a time to pass).
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A new applicant who applied to a new public job; returns their name and the job's title. */
async function newApplication(staff: Page, applicant: Page, label: string) {
  const title = `E2E Interview ${label} ${Date.now()}`;
  const jobId = await createJob(staff, title);
  const { fullName } = await signUpNewApplicant(applicant, {
    fullName: `Interview ${label} ${Date.now()}`,
  });
  await applyToJob(applicant, jobId);
  return { fullName, title };
}

/** Staff fill the Schedule Interview dialog (20 May 2031, 10:30, at `place`) and send it. */
async function scheduleInterview(dialog: Locator, place: string) {
  await dialog.getByLabel("Interview date and time").fill("2031-05-20T10:30");
  await dialog.getByLabel("Place or link").fill(place);
  await dialog.getByRole("button", { name: "Schedule Interview" }).click();
  await expect(dialog.page().getByTestId("flash")).toHaveText("Interview scheduled successfully");
}

async function expectApplicantSeesInterview(applicant: Page, title: string, place: string) {
  await applicant.goto("/dashboard/applications");
  const card = applicant.getByTestId("application").filter({ hasText: title });
  await expect(card.getByText("Interview Scheduled").first()).toBeVisible();
  const interview = card.getByTestId("interview");
  await expect(interview).toContainText("2031");
  await expect(interview).toContainText("10:30");
  await expect(interview).toContainText(place);
}

test("choosing Interview Scheduled in the status list asks for the date and place; the applicant reads them", async ({
  page,
  manager: staff,
}) => {
  const { fullName, title } = await newApplication(staff, page, "list");

  const row = await findApplication(staff, fullName);
  await expect(row).toHaveCount(1);
  await setStatus(row, "interview_scheduled");

  // Nothing is set yet: the dialog asks first, and the list still shows the old status.
  const dialog = staff.getByRole("dialog", { name: "Schedule Interview" });
  await expect(dialog).toBeVisible();
  await expect(row.getByTestId("status-select")).toHaveValue("registration_pending");
  await expectAccessible(staff);

  // Sending without a date is refused by the browser's required field, so nothing changes.
  await dialog.getByRole("button", { name: "Schedule Interview" }).click();
  await expect(dialog).toBeVisible();

  await scheduleInterview(dialog, "Harare office, 12 Samora Machel Ave");
  await expect(row.getByTestId("status-select")).toHaveValue("interview_scheduled");

  await expectApplicantSeesInterview(page, title, "Harare office, 12 Samora Machel Ave");
});

test("without JavaScript, the status list's Update leads to the same schedule form", async ({
  page,
  browser,
  manager: staff,
}) => {
  const { fullName, title } = await newApplication(staff, page, "nojs");
  await staff.context().close();

  const plain = await pageAs(browser, DEMO.manager, { javaScriptEnabled: false });
  const row = await findApplication(plain, fullName);
  await setStatus(row, "interview_scheduled");

  const form = plain.getByTestId("inline-dialog").filter({ hasText: "Schedule Interview" });
  await expect(form).toBeVisible();
  await expect(form).toContainText(fullName);
  await expect(row.getByTestId("status-select")).toHaveValue("registration_pending");
  // The server's refusal shows under the field, and what was typed stays.
  await form.getByLabel("Interview date and time").fill("2020-05-20T10:30");
  await form.getByLabel("Place or link").fill("https://meet.example.com/passage-interview");
  await form.getByRole("button", { name: "Schedule Interview" }).click();
  await expect(form.getByText("The interview must be in the future.")).toBeVisible();
  await expect(form.getByLabel("Place or link")).toHaveValue(
    "https://meet.example.com/passage-interview",
  );
  await form.getByLabel("Interview date and time").fill("2031-05-20T10:30");
  await form.getByRole("button", { name: "Schedule Interview" }).click();
  await expect(plain.getByTestId("flash")).toHaveText("Interview scheduled successfully");
  await expect(row.getByTestId("status-select")).toHaveValue("interview_scheduled");

  await expectApplicantSeesInterview(page, title, "https://meet.example.com/passage-interview");
  await expect(page.getByRole("link", { name: /meet\.example\.com/ })).toHaveAttribute(
    "href",
    "https://meet.example.com/passage-interview",
  );
  await plain.context().close();
});

test("the pipeline arrow into Interview Scheduled asks for the date and place first", async ({
  page,
  manager: staff,
}) => {
  const { fullName, title } = await newApplication(staff, page, "board");

  // Job Matched first, so the next arrow leads to Interview Scheduled.
  await setStatus(await findApplication(staff, fullName), "job_matched");
  await expect(staff.getByTestId("flash")).toHaveText("Application status updated");

  await staff.goto("/admin/pipeline");
  const card = staff
    .getByTestId("column-job_matched")
    .getByTestId("pipeline-card")
    .filter({ hasText: fullName });
  await card.getByRole("link", { name: `Move ${fullName} to Interview Scheduled` }).click();
  const dialog = staff.getByRole("dialog", { name: "Schedule Interview" });
  await expect(dialog).toBeVisible();
  await expect(staff.getByTestId("column-job_matched")).toContainText(fullName);
  await expectAccessible(staff);
  await scheduleInterview(dialog, "Midrand office");
  await expect(
    staff.getByTestId("column-interview_scheduled").getByTestId("pipeline-card").filter({
      hasText: fullName,
    }),
  ).toHaveCount(1);

  await expectApplicantSeesInterview(page, title, "Midrand office");
});

test("an interview staff set shows on My Interviews, where the applicant may ask to move or cancel it", async ({
  page,
  manager: staff,
}) => {
  const { fullName, title } = await newApplication(staff, page, "mine");
  await setStatus(await findApplication(staff, fullName), "interview_scheduled");
  await scheduleInterview(
    staff.getByRole("dialog", { name: "Schedule Interview" }),
    "Bulawayo office",
  );

  await page.goto("/dashboard/interviews");
  const item = page.getByTestId("interview-item").filter({ hasText: title });
  await expect(item).toContainText("2031");
  await expect(item).toContainText("10:30");
  await expect(item).toContainText("Bulawayo office");
  await expect(item.getByRole("link", { name: /^Ask to move it/ })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expectAccessible(page);

  await item.getByRole("button", { name: /^Cancel my interview/ }).click();
  await expect(page.getByText("Your interview is cancelled.")).toBeVisible();
  await page.goto("/dashboard/applications");
  const card = page.getByTestId("application").filter({ hasText: title });
  await expect(card.getByTestId("interview")).toHaveCount(0);
});

test("staff set the departure date in the application's details; the applicant reads it", async ({
  page,
  manager: staff,
}) => {
  const { fullName, title } = await newApplication(staff, page, "departure");
  await findApplication(staff, fullName);
  await staff
    .getByRole("link", { name: `Details of ${fullName}'s application for ${title}` })
    .click();
  const dialog = staff.getByRole("dialog", { name: "Application details" });
  const travel = dialog.getByTestId("departure-form");
  // A day in the past is refused, with the reason beside the field.
  await travel.getByLabel("Departure date").fill("2020-01-01");
  await travel.getByRole("button", { name: "Save and tell the applicant" }).click();
  await expect(travel).toContainText("The departure date cannot be in the past");

  await travel.getByLabel("Departure date").fill("2031-02-14");
  await travel.getByLabel("Travel details (optional)").fill("Flight EK 714 from Harare, 09:40");
  await travel.getByRole("button", { name: "Save and tell the applicant" }).click();
  await expect(staff.getByTestId("flash")).toHaveText(
    "Departure date saved; the applicant has been told",
  );
  await expect(
    staff.getByRole("dialog", { name: "Application details" }).getByLabel("Departure date"),
  ).toHaveValue("2031-02-14");
  await expectAccessible(staff);

  await page.goto("/dashboard/applications");
  const departure = page
    .getByTestId("application")
    .filter({ hasText: title })
    .getByTestId("departure");
  await expect(departure).toContainText("2031");
  await expect(departure).toContainText("Flight EK 714 from Harare, 09:40");
});
