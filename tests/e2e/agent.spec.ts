import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, login, test } from "./fixtures";
import { PDF } from "./steps";

// The agent role (a field recruiter of one office): registers an applicant on their behalf,
// uploads a document for them and follows them in their own area, all on a 360 px phone.

test.use({ viewport: { width: 360, height: 800 } });

async function expectFitsPhone(page: Page) {
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test("an agent registers and follows an applicant", async ({ page, manager }) => {
  await login(page, DEMO.agent);
  // Their home is their applicants, not an applicant's dashboard.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/agent$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Applicants" })).toBeVisible();
  await expectFitsPhone(page);

  await page.getByRole("link", { name: "Register an applicant" }).last().click();
  await expect(page).toHaveURL(/\/agent\/register$/);
  const stamp = Date.now().toString(36);
  const fullName = `Lindiwe Agent ${stamp}`;
  await page.getByLabel("Their full name").fill(fullName);
  await page.getByLabel("Their e-mail address").fill("not-an-address");
  await page.getByLabel("The country they live in").fill("South Africa");
  await page.getByLabel("Job opportunities").check();
  await page.getByRole("button", { name: "Register and send the e-mail" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(page.getByLabel("Their full name")).toHaveValue(fullName);
  await expectFitsPhone(page);

  await page.getByLabel("Their e-mail address").fill(`lindiwe-${stamp}@example.com`);
  await page.getByRole("button", { name: "Register and send the e-mail" }).click();
  await expect(page).toHaveURL(/\/agent\/applicants\/[^/?]+\?done=registered$/);
  await expect(page.getByText("Registered. We have e-mailed them a link")).toBeVisible();
  await expect(page.getByTestId("agent-applicant-name")).toHaveText(fullName);
  await expect(page.getByTestId("account-state")).toHaveText("Waiting for them to confirm");
  await expectFitsPhone(page);
  const applicantId = new URL(page.url()).pathname.split("/").pop()!;

  // The e-mail again: refused so soon after the registration's, and said plainly.
  await page
    .getByTestId("agent-invitation")
    .getByRole("button", { name: "Send the e-mail again" })
    .click();
  await expect(page.getByText("We e-mailed them a link less than 5 minutes ago")).toBeVisible();
  await expectFitsPhone(page);

  // A document for them, through the same rules as their own uploads.
  await page.getByLabel("Document", { exact: true }).selectOption("cv");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "lindiwe-cv.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Uploaded. Staff will review it")).toBeVisible();
  await expect(page.getByTestId("agent-documents")).toContainText("lindiwe-cv.pdf");
  await expect(page.getByTestId("agent-documents")).toContainText("Pending Review");
  await expectFitsPhone(page);

  // In their list, with their stage (not applied yet) and one document waiting for review.
  await page.getByRole("link", { name: "Back to my applicants" }).click();
  const card = page.getByTestId("agent-applicant").filter({ hasText: fullName });
  await expect(card).toContainText("No application yet");
  await expect(card.getByTestId("account-state")).toHaveText("Waiting for them to confirm");
  await expect(card.getByTestId("agent-applicant-documents")).toContainText("1 waiting for review");
  await expect(
    card.getByRole("button", { name: `Send the e-mail again to ${fullName}` }),
  ).toBeVisible();

  // Staff of the office see the agent as the owner, may send the invitation again and give the
  // applicant to someone else: the agent then no longer follows them.
  await manager.goto(`/admin/applicants/${applicantId}`);
  await expect(manager.getByTestId("applicant-profile")).toContainText("Sipho Ndlovu (agent)");
  await manager.getByRole("button", { name: "Send the invitation again" }).click();
  await expect(
    manager.getByText("They were e-mailed a link less than 5 minutes ago"),
  ).toBeVisible();
  await expectAccessible(manager);
  await manager.getByLabel("Who looks after them").selectOption("none");
  await manager.getByRole("button", { name: "Change owner" }).click();
  await expect(manager.getByText("Owner saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("agent-applicant").filter({ hasText: fullName })).toHaveCount(0);
  // Staff screens are not theirs.
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/agent$/);
});
