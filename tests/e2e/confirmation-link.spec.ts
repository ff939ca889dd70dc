import { expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";

// A confirmation link that no longer works lands on sign-in saying why, with a way to get a new
// one. Links work for days: people who read e-mail once a day still make it.

test("a link that does not work lands on sign-in saying so, where a new one is sent", async ({
  browser,
  page,
}) => {
  const context = await browser.newContext();
  const { email } = await signUpNewApplicant(await context.newPage());
  await context.close();

  // The link as better-auth answers a bad token: back to its target, which asks to sign in.
  await page.goto("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fdashboard");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await expect(page.getByTestId("confirmation-link-problem")).toContainText(
    "This confirmation link does not work",
  );
  const resend = page.getByRole("heading", { name: "Get a new confirmation link" });
  await expect(resend).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("textbox", { name: "E-mail" }).first().fill(email);
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(page.getByText("we have sent it a new link. It works for 3 days.")).toBeVisible();
  await expect(resend).toHaveCount(0);
});

test("an expired link says it expired; the sign-in form offers a new link too", async ({
  page,
}) => {
  await page.goto("/dashboard?error=TOKEN_EXPIRED");
  await expect(page.getByTestId("confirmation-link-problem")).toContainText(
    "This confirmation link has expired: links work for 3 days.",
  );
  await page.goto("/auth");
  await page.getByRole("link", { name: "Confirmation link expired? Get a new one" }).click();
  await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
});
