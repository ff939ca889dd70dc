import { expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { confirmCostSheet } from "./steps";

// An applicant's notifications are "New" until they have seen the list, then read: the badge
// stays for the visit in which they saw it and is gone on the next one. Each test signs up and
// pays first, which takes a while on a busy machine.
test.slow();
test("a notification is new until the applicant has seen it on the dashboard", async ({ page }) => {
  await signUpNewApplicant(page);

  // Paying the fee gives the applicant a notification of their own.
  await page.goto("/dashboard/payment");
  await confirmCostSheet(page);
  await page.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(page.getByTestId("payment-result")).toContainText("Payment Successful!");

  await page.goto("/dashboard");
  const card = page.getByTestId("notifications");
  const item = card.getByRole("listitem").filter({ hasText: "Registration fee received" });
  const seen = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/dashboard"),
  );
  await item.scrollIntoViewIfNeeded();
  expect((await seen).ok()).toBe(true);

  // This visit still shows what was new when the list came into view.
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  await expect(page.getByTestId("notifications-new-count")).toHaveText("1 new");
  await expectAccessible(page);

  await page.reload();
  await expect(item).toBeVisible();
  await expect(item.getByText("New", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("notifications-new-count")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
});

test("without JavaScript, Mark as read marks the notifications read", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpNewApplicant(page);
  // The fee is paid with JavaScript on; the notification is then read without it.
  const js = await browser.newContext({ storageState: await context.storageState() });
  const payPage = await js.newPage();
  await payPage.goto("/dashboard/payment");
  await confirmCostSheet(payPage);
  await payPage.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(payPage.getByTestId("payment-result")).toContainText("Payment Successful!");
  await js.close();

  await page.goto("/dashboard");
  const item = page
    .getByTestId("notifications")
    .getByRole("listitem")
    .filter({ hasText: "Registration fee received" });
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Mark as read" }).click();
  await expect(item).toBeVisible();
  await expect(item.getByText("New", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("notifications-new-count")).toHaveCount(0);
  await context.close();
});
