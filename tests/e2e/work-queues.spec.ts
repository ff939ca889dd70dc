import { DEMO, expect, expectAccessible, test } from "./fixtures";
import { newApplicantAccount, pageAs, uploadPdf } from "./steps";

// A manager's first screen is what waits for them (decision record 41), and the
// header's search box finds an applicant from anywhere in the back-office: `/` puts the cursor in
// it, and without JavaScript it is a plain GET form to the results page.

// A new applicant, staff's sign-in and two axe runs: generous on a busy machine.
test.describe.configure({ timeout: 90_000 });

const QUEUES = [
  "Documents waiting for review",
  "Applications without an owner",
  "Messages waiting for a reply",
  "Contact inquiries waiting for a reply",
  "Interviews today",
  "Overdue tasks",
];

test("a manager lands on their queues, presses / and finds an applicant", async ({ browser }) => {
  const applicant = await newApplicantAccount(browser);
  const staff = await pageAs(browser, DEMO.manager);

  await staff.goto("/admin");
  const queues = staff.getByTestId("work-queues");
  await expect(queues.getByRole("heading", { name: "Needs you" })).toBeVisible();
  for (const name of QUEUES) {
    await expect(queues.getByRole("heading", { name: new RegExp(name) })).toBeVisible();
  }
  await expect(staff.getByTestId("queue-documents-count")).toHaveText(/^\d+ waiting$/);
  await expectAccessible(staff);

  // From another back-office page, `/` puts the cursor in the search box.
  await staff.goto("/admin/jobs");
  await staff.keyboard.press("/");
  const box = staff.getByRole("searchbox", { name: "Search the back-office" });
  await expect(box).toBeFocused();
  await staff.keyboard.type(applicant.fullName);
  await staff.keyboard.press("Enter");
  await expect(staff).toHaveURL(/\/admin\/search\?q=/);
  const found = staff.getByTestId("search-applicant").filter({ hasText: applicant.email });
  await expect(found).toHaveCount(1);
  const id = await found
    .getByRole("link", { name: applicant.fullName })
    .getAttribute("href")
    .then((href) => href?.split("/").pop());
  expect(id).toMatch(/\S{8,}/);
  await expect(found.getByRole("link", { name: applicant.fullName })).toHaveAttribute(
    "href",
    `/admin/applicants/${id}`,
  );
  await expect(box).toHaveValue(applicant.fullName);
  await expectAccessible(staff);
});

test("staff give tasks on the applicant page; the applicant does them on a phone, with and without JavaScript", async ({
  browser,
}) => {
  const applicant = await newApplicantAccount(browser);
  const staff = await pageAs(browser, DEMO.manager);
  await staff.goto(`/admin/search?q=${encodeURIComponent(applicant.email)}`);
  await staff
    .getByTestId("search-applicant")
    .getByRole("link", { name: applicant.fullName })
    .click();
  await expect(staff).toHaveURL(/\/admin\/applicants\/[^/?]+$/);
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const give = async (kind: string, title: string, instructions: string, documentType?: string) => {
    const form = staff.getByRole("form", { name: "Give a task" });
    await form.getByLabel("What they do").selectOption({ label: kind });
    if (documentType)
      await form.getByLabel("Document to upload").selectOption({ label: documentType });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Instructions").fill(instructions);
    await form.getByLabel("Due on").fill(due);
    await form.getByRole("button", { name: "Give the task" }).click();
    await expect(staff.getByTestId("flash")).toContainText("Task given");
  };
  await give("Upload a document", "Your passport", "A scan of the photo page.", "Passport");
  await give("Answer a question", "Your last employer", "Who did you last work for?");
  const tasks = staff.getByTestId("staff-task");
  await expect(tasks).toHaveCount(2);
  await expect(tasks.first().getByTestId("task-state")).toHaveText("Open");
  await expectAccessible(staff);

  // On a phone, tasks come first on the dashboard; the upload goes through the documents' form.
  const phone = { viewport: { width: 360, height: 780 } };
  const mobile = await pageAs(browser, applicant, phone);
  await mobile.goto("/dashboard");
  const section = mobile.getByRole("region", { name: "Your tasks" });
  await expect(section.getByTestId("task")).toHaveCount(2);
  await expectAccessible(mobile);
  await uploadPdf(section.getByTestId("task").filter({ hasText: "Your passport" }), "passport.pdf");
  await expect(section.getByTestId("task-done")).toContainText("Your passport");
  await expect(section.getByTestId("task")).toHaveCount(1);
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    360,
  );
  await expectAccessible(mobile);

  // Before JavaScript loads: the answer is a plain form.
  const plain = await pageAs(browser, applicant, { ...phone, javaScriptEnabled: false });
  await plain.goto("/dashboard");
  const question = plain.getByTestId("task").filter({ hasText: "Your last employer" });
  await question.getByLabel("Your answer").fill("Harare Central Hospital");
  await question.getByRole("button", { name: "Send answer" }).click();
  await expect(plain).toHaveURL(/done=taskDone/);
  await expect(plain.getByTestId("flash")).toContainText("the task is done");
  await expect(plain.getByTestId("task-done")).toHaveCount(2);

  // Staff see both done, the answer and the document.
  await staff.reload();
  await expect(tasks.getByTestId("task-state")).toHaveText(["Done", "Done"]);
  await expect(staff.getByTestId("task-answer")).toHaveText("Harare Central Hospital");
  await expect(tasks.getByRole("link", { name: "passport.pdf" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's search box finds an applicant by e-mail, and says what a search needs", async ({
    browser,
  }) => {
    const applicant = await newApplicantAccount(browser);
    const staff = await pageAs(browser, DEMO.manager, { javaScriptEnabled: false });
    await staff.goto("/admin/payments");
    const box = staff.getByRole("searchbox", { name: "Search the back-office" });
    await box.fill(applicant.email);
    await box.press("Enter");
    await expect(staff).toHaveURL(/\/admin\/search\?q=/);
    await expect(
      staff.getByTestId("search-applicant").filter({ hasText: applicant.fullName }),
    ).toHaveCount(1);

    await staff.getByRole("searchbox", { name: "Search the back-office" }).fill("x");
    await staff.getByRole("button", { name: "Find", exact: true }).click();
    await expect(staff.getByTestId("search-error")).toHaveText(
      "Type at least 2 characters to search.",
    );
  });
});
