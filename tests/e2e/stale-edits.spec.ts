import { DEMO, expect as baseExpect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { applyToJob, createJob, findApplication, pageAs } from "./steps";

// Two staff on the same application (decision record 37): the second save of
// a form opened before the first one's is refused, says who changed it and what it holds now, and
// keeps what the second person typed. The second tab has no JavaScript: it works before it loads.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test("a comment saved on a stale screen is refused with who changed it and the newer one, and kept", async ({
  browser,
}) => {
  const lerato = await pageAs(browser, DEMO.admin);
  const title = `E2E Stale ${Date.now()}`;
  const jobId = await createJob(lerato, title);
  const applicant = await (await browser.newContext()).newPage();
  const { fullName } = await signUpNewApplicant(applicant, { fullName: `Stale ${Date.now()}` });
  await applyToJob(applicant, jobId);

  // Both open the application's details.
  await findApplication(lerato, fullName);
  const detailsLink = lerato.getByRole("link", {
    name: `Details of ${fullName}'s application for ${title}`,
  });
  await detailsLink.click();
  const details = lerato.getByRole("dialog", { name: "Application details" });
  await expect(details.getByLabel("Admin comments")).toHaveValue("");
  const tendai = await pageAs(browser, DEMO.superadmin, { javaScriptEnabled: false });
  await tendai.goto(lerato.url());
  await expect(tendai.getByLabel("Admin comments")).toHaveValue("");

  // Lerato saves first.
  const first = "Bring your passport on Monday.";
  await details.getByLabel("Admin comments").fill(first);
  await details.getByRole("button", { name: "Save comments" }).click();
  await expect(lerato.getByText("Admin comments saved")).toBeVisible();

  // Tendai's screen still shows the empty comment: the save is refused, nothing overwritten.
  const second = "Bring your CV on Tuesday.";
  await tendai.getByLabel("Admin comments").fill(second);
  await tendai.getByRole("button", { name: "Save comments" }).click();
  const refusal = tendai.getByTestId("flash").filter({ hasText: "since you opened it" });
  await expect(refusal).toContainText("Changed by Lerato Dlamini at");
  await expect(refusal).toContainText("your change was not saved");
  await expect(refusal.getByTestId("stale-current")).toHaveText(`Now: ${first}`);
  await expect(tendai.getByLabel("Admin comments")).toHaveValue(second);

  // Lerato's comment is what the application holds.
  await detailsLink.click();
  await expect(details.getByLabel("Admin comments")).toHaveValue(first);

  // Having read it, Tendai sends theirs again on purpose: now it is saved.
  await tendai.getByRole("button", { name: "Save comments" }).click();
  await expect(tendai.getByText("Admin comments saved")).toBeVisible();

  // Now Lerato's open dialog is the stale one, with JavaScript: refused alike, her text kept.
  const third = "Bring both on Wednesday.";
  await details.getByLabel("Admin comments").fill(third);
  await details.getByRole("button", { name: "Save comments" }).click();
  const told = details.getByTestId("flash").filter({ hasText: "since you opened it" });
  await expect(told).toContainText("Changed by Tendai Moyo at");
  await expect(told.getByTestId("stale-current")).toHaveText(`Now: ${second}`);
  await expect(details.getByLabel("Admin comments")).toHaveValue(third);
  await expectAccessible(lerato);
  // The page now holds the current version: sending hers again is her choice, and it is saved.
  await details.getByRole("button", { name: "Save comments" }).click();
  await expect(lerato.getByText("Admin comments saved")).toBeVisible();
  await detailsLink.click();
  await expect(details.getByLabel("Admin comments")).toHaveValue(third);

  await applicant.context().close();
  await tendai.context().close();
  await lerato.context().close();
});

test("an employer saved on a stale screen is refused in its dialog with who renamed it and its name now", async ({
  browser,
}) => {
  const name = `E2E Stale Employer ${Date.now()}`;
  const lerato = await pageAs(browser, DEMO.admin);
  await lerato.goto("/admin/employers?new=1");
  const adding = lerato.getByRole("dialog", { name: "Add Employer" });
  await adding.getByLabel("Name").fill(name);
  await adding.getByRole("button", { name: "Add Employer" }).click();
  await lerato.getByRole("link", { name: `Edit ${name}` }).click();
  const editing = lerato.getByRole("dialog", { name: "Edit Employer" });
  await expect(editing.getByLabel("Name")).toHaveValue(name);

  // Tendai opens the same form without JavaScript and renames it first.
  const tendai = await pageAs(browser, DEMO.superadmin, { javaScriptEnabled: false });
  await tendai.goto(lerato.url());
  await tendai.getByLabel("Name").fill(`${name} Holdings`);
  await tendai.getByRole("button", { name: "Update Employer" }).click();
  await expect(tendai.getByText("Employer updated")).toBeVisible();

  // Lerato's dialog was opened before: her save is refused there, her text kept.
  await editing.getByLabel("Name").fill(`${name} Farms`);
  await editing.getByRole("button", { name: "Update Employer" }).click();
  const told = editing.getByTestId("flash").filter({ hasText: "since you opened it" });
  await expect(told).toContainText("Changed by Tendai Moyo at");
  await expect(told.getByTestId("stale-current")).toHaveText(`Now: ${name} Holdings`);
  await expect(editing.getByLabel("Name")).toHaveValue(`${name} Farms`);
  await expectAccessible(lerato);

  await tendai.context().close();
  await lerato.context().close();
});
