import { DEMO, expect, expectAccessible, test } from "./fixtures";
import { newApplicantAccount, pageAs } from "./steps";

// A manager's first screen is what waits for them (decision record 41), and the
// header's search box finds an applicant from anywhere in the back-office: `/` puts the cursor in
// it, and without JavaScript it is a plain GET form to the results page.

// A new applicant, staff's sign-in and two axe runs: generous on a busy machine.
test.describe.configure({ timeout: 90_000 });

const QUEUES = [
  "Documents waiting for review",
  "Applications without an owner",
  "Messages waiting for a reply",
  "Interviews today",
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
