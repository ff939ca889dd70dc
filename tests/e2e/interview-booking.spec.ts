import { DEMO, expect as baseExpect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { applyToJob, createJob, findApplication, pageAs, setStatus } from "./steps";

// Staff publish an interview time; an applicant at the interview stage books it from their
// dashboard and the day's schedule shows them. Makes a job, an applicant and staff changes: slow
// on a busy machine, so the limits are generous (nothing here waits for a time to pass).
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test("an applicant books a published interview time, sees it on the dashboard, and staff see it on the day's schedule", async ({
  page,
  browser,
}) => {
  const staff = await pageAs(browser, DEMO.manager);
  const title = `E2E Booking ${Date.now()}`;
  const jobId = await createJob(staff, title);

  // The applicant applies; staff match them to the job (the interview stage).
  const { fullName } = await signUpNewApplicant(page, { fullName: `Booking ${Date.now()}` });
  await applyToJob(page, jobId);
  await setStatus(await findApplication(staff, fullName), "job_matched");
  await expect(staff.getByTestId("flash")).toHaveText("Application status updated");

  // Staff publish a time for the job.
  await staff.goto("/admin/interviews?day=2031-09-15");
  await expectAccessible(staff);
  const form = staff.getByTestId("publish-slot-form");
  await form.getByLabel("Job or program").selectOption({ label: title });
  await form.getByLabel("Date").fill("2031-09-15");
  await form.getByLabel("Time", { exact: true }).fill("10:30");
  await form.getByLabel("Length").selectOption("45");
  await form.getByLabel("Place or video link").fill("Harare office, 12 Samora Machel Ave");
  await form.getByLabel("Applicants per time").fill("2");
  await form.getByRole("button", { name: "Publish time" }).click();
  await expect(staff.getByTestId("flash")).toHaveText("Interview time published");
  const slot = staff.getByTestId("interview-slot").filter({ hasText: title });
  await expect(slot).toContainText("10:30");
  await expect(slot).toContainText("0 of 2 booked");
  // And a second one, later that day, for one applicant.
  await form.getByLabel("Job or program").selectOption({ label: title });
  await form.getByLabel("Time", { exact: true }).fill("14:00");
  await form.getByLabel("Place or video link").fill("https://meet.example/passage");
  await form.getByLabel("Applicants per time").fill("1");
  await form.getByRole("button", { name: "Publish time" }).click();
  await expect(staff.getByTestId("interview-slot").filter({ hasText: title })).toHaveCount(2);

  // The applicant chooses it on their dashboard.
  await page.goto("/dashboard/interviews");
  const item = page.getByTestId("interview-item").filter({ hasText: title });
  await expect(item.getByTestId("interview-slot-choice")).toHaveCount(2);
  await expect(item.getByTestId("interview-slot-choice").first()).toContainText("10:30");
  await expectAccessible(page);
  await item.getByRole("radio").first().check();
  await item.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByTestId("flash")).toContainText("Your interview is booked");
  const booked = page.getByTestId("interview-item").filter({ hasText: title });
  await expect(booked.getByTestId("interview-booked")).toContainText("2031");
  await expect(booked.getByTestId("interview-booked")).toContainText("10:30");
  // The agency's zone by its one name (Intl alone would say "GMT+2" in English).
  await expect(booked.getByTestId("interview-booked")).toContainText("CAT");
  await expect(booked.getByTestId("interview-booked")).toContainText("Harare office");
  await expectAccessible(page);

  // The applications list shows the interview too (Interview Scheduled, with its time).
  await page.goto("/dashboard/applications");
  const card = page.getByTestId("application").filter({ hasText: title });
  await expect(card.getByText("Interview Scheduled").first()).toBeVisible();
  await expect(card.getByTestId("interview")).toContainText("10:30");

  // Staff see who booked on the day's schedule.
  await staff.goto("/admin/interviews?day=2031-09-15");
  const morning = staff.getByTestId("interview-slot").filter({ hasText: title }).first();
  await expect(morning).toContainText("1 of 2 booked");
  await expect(morning.getByTestId("interview-booking")).toHaveText(fullName);

  // Without JavaScript, the applicant moves to the afternoon time: a plain form.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noJs = await plain.newPage();
  await noJs.goto("/dashboard/interviews");
  const mine = noJs.getByTestId("interview-item").filter({ hasText: title });
  await mine.getByRole("radio").check();
  await mine.getByRole("button", { name: "Move to this time" }).click();
  await expect(noJs.getByTestId("flash")).toContainText("Your interview has moved");
  await expect(
    noJs.getByTestId("interview-item").filter({ hasText: title }).getByTestId("interview-booked"),
  ).toContainText("2:00 PM");
  await plain.close();

  await staff.reload();
  const slots = staff.getByTestId("interview-slot").filter({ hasText: title });
  await expect(slots.first()).toContainText("0 of 2 booked");
  await expect(slots.last()).toContainText("1 of 1 booked");
  await expect(slots.last().getByTestId("interview-booking")).toHaveText(fullName);

  // A morning of times in one action: from 09:00, 20 minutes each with a 10-minute break, all
  // ending by 10:30.
  await staff.goto("/admin/interviews?day=2031-09-16");
  const series = staff.getByTestId("publish-slot-form");
  await series.getByLabel("Job or program").selectOption({ label: title });
  await series.getByLabel("Date").fill("2031-09-16");
  await series.getByLabel("Time", { exact: true }).fill("09:00");
  await series.getByLabel("Length").selectOption("20");
  await series.getByLabel("Until (optional)").fill("10:30");
  await series.getByLabel("Break between times").selectOption("10");
  await series.getByLabel("Place or video link").fill("Harare office");
  await series.getByRole("button", { name: "Publish time" }).click();
  await expect(staff.getByTestId("flash")).toHaveText("Interview times published");
  const morningTimes = staff.getByTestId("interview-slot").filter({ hasText: title });
  await expect(morningTimes).toHaveCount(3);
  await expect(morningTimes.last()).toContainText("10:00");
  await expectAccessible(staff);

  // Staff move the applicant's interview back to the morning (the soonest time with room is
  // offered first), then cancel it; the applicant is told each time.
  await staff.goto("/admin/interviews?day=2031-09-15");
  const afternoon = staff.getByTestId("interview-slot").filter({ hasText: title }).last();
  await expect(afternoon.getByLabel(`Move ${fullName} to`)).toBeVisible();
  await afternoon.getByRole("button", { name: "Move", exact: true }).click();
  await expect(staff.getByTestId("flash")).toHaveText(
    "Interview moved; the applicant has been told",
  );
  const morningSlot = staff.getByTestId("interview-slot").filter({ hasText: title }).first();
  await expect(morningSlot).toContainText("1 of 2 booked");
  await expectAccessible(staff);
  await morningSlot.getByRole("button", { name: `Cancel ${fullName}'s interview` }).click();
  await expect(staff.getByTestId("flash")).toHaveText(
    "Interview cancelled; the applicant has been told",
  );
  await expect(morningSlot).toContainText("0 of 2 booked");
  await page.goto("/dashboard/interviews");
  await expect(
    page.getByTestId("interview-item").filter({ hasText: title }).getByTestId("interview-booked"),
  ).toHaveCount(0);
  await staff.context().close();
});
