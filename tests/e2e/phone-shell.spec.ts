import { DEMO, expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { pageAs } from "./steps";

// On a 360 px phone the dashboard's menu is one obvious button that says where you are and what is
// unread, and the help button sits in the header instead of floating over the page.

test.use({ viewport: { width: 360, height: 740 } });

test("on a phone the menu is one button with the page and unread count, and help covers nothing", async ({
  browser,
  page,
}) => {
  // A new applicant of their own (the shared demo accounts change language in other tests).
  await signUpNewApplicant(page, { fullName: "Phone Menu Person" });
  const manager = await pageAs(browser, DEMO.manager);
  const sent = await manager.request.post("/admin/messages", {
    form: {
      recipientType: "group",
      recipientGroup: "job_seekers",
      subject: `Phone menu ${Date.now().toString(36)}`,
      content: "A message so the menu has something unread.",
    },
  });
  expect(sent.status()).toBe(200);
  await manager.context().close();

  await page.goto("/dashboard");
  const menu = page.getByTestId("phone-menu");
  const summary = menu.locator("summary");
  await expect(summary).toContainText("Menu");
  await expect(summary).toContainText("Dashboard");
  await expect(summary).toContainText(/unread message/);
  // Closed, its links take no room; open, every one is on screen at once.
  await expect(menu.getByRole("link", { name: "Documents" })).toBeHidden();
  await summary.click();
  for (const name of ["Documents", "My Applications", "Messages", "Profile"]) {
    await expect(menu.getByRole("link", { name: new RegExp(`^${name}`) })).toBeInViewport();
  }
  await expectAccessible(page);
  await menu.getByRole("link", { name: "Documents" }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents$/);
  await expect(page.getByTestId("phone-menu").locator("summary")).toContainText("Documents");
  await expect(page.getByTestId("phone-menu").getByRole("link", { name: "Profile" })).toBeHidden();

  // The help button is in the header, over no content, and opens the help.
  const help = page.getByRole("button", { name: "Help & Support" });
  const header = await page.locator("header").first().boundingBox();
  const button = await help.boundingBox();
  expect(button!.y + button!.height).toBeLessThanOrEqual(header!.y + header!.height);
  await help.click();
  await expect(page.getByRole("dialog", { name: "Help & Support" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
