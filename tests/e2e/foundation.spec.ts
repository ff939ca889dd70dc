import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { expectMismatchedPasswordsCaught, fillSignUpForm, signInOnForm } from "./steps";

test("a visitor signs up, sees their name in the header, and signs out", async ({ page }) => {
  await page.goto("/auth?tab=signup");
  await expectAccessible(page);
  const email = `journey-${Date.now()}@example.com`;
  await page.getByLabel("Study Programs").check();
  await fillSignUpForm(page, { fullName: "Tariro Journey", email });
  // Consent is asked for, and nothing is sent without it.
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByText("Accept the Terms of Service and the Privacy Policy to create your account."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy-policy",
  );
  await page.getByLabel("I accept the Terms of Service and the Privacy Policy.").check();
  await page.getByRole("button", { name: "Create Account" }).click();

  // The same answer as for a taken address: check your e-mail; meanwhile the password works.
  await expect(page.getByTestId("flash")).toContainText("Check your e-mail");
  await expectAccessible(page);
  // Without a destination, signing in lands on their dashboard.
  await signInOnForm(page, email, "a-long-password");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("shell-user")).toHaveText("Tariro Journey");
  await expect(page.getByText("Student Applicant")).toBeVisible();

  await page.goto("/");
  const account = page.locator("header summary", { hasText: "Tariro Journey" });
  await expect(account).toBeVisible();
  await account.click();
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
});

test("signing up with a taken address looks exactly like a new sign-up", async ({ page }) => {
  await page.goto("/auth?tab=signup");
  await fillSignUpForm(page, { fullName: "Someone Else", email: DEMO.seeker });
  await page.getByLabel("I accept the Terms of Service and the Privacy Policy.").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/auth\?done=signedUp$/);
  await expect(page.getByTestId("flash")).toContainText("Check your e-mail");
  await expect(page.getByTestId("form-error")).toHaveCount(0);
});

test.describe("before JavaScript runs", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in with a disguised redirectTo stays on this site", async ({ page, baseURL }) => {
    for (const redirectTo of [
      "%2F%09%2Fevil.example",
      "%2F%5Cevil.example",
      "%2F%2Fevil.example",
    ]) {
      await page.context().clearCookies();
      await page.goto(`/auth?redirectTo=${redirectTo}`);
      await signInOnForm(page, DEMO.seeker, DEMO.password);
      // Wait for the post-sign-in navigation to finish, wherever it went.
      await expect(page).not.toHaveURL(/\/auth\?/);
      expect(new URL(page.url()).origin, redirectTo).toBe(new URL(baseURL!).origin);
      await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    }
  });

  test("a dead reset link says so and leads to a new one; sign-in confirms a changed password", async ({
    page,
  }) => {
    await page.goto("/auth/reset-password?error=INVALID_TOKEN");
    await expect(page.getByTestId("flash")).toHaveText(
      "This link has expired or was already used. Ask for a new one below.",
    );
    await expect(page.getByLabel("New password")).toHaveCount(0);
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);

    // Where a reset lands (?done=passwordReset), in the page's language.
    await page.goto("/fr/auth?done=passwordReset");
    await expect(page.getByTestId("flash")).toHaveText(
      "Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.",
    );
  });
});

test("mismatched passwords are caught before anything is sent", async ({ page }) => {
  await page.goto("/auth?tab=signup");
  await page.waitForLoadState("networkidle");
  await expectMismatchedPasswordsCaught(page, "Mismatch Person", "mismatch@example.com");
});

test("wrong credentials get a clear message on the form", async ({ page }) => {
  await page.goto("/auth");
  await signInOnForm(page, DEMO.seeker, "not-the-password");
  await expect(page.getByTestId("form-error")).toContainText("do not match an account");
});

test("asking for a reset link says one was sent, with or without JavaScript", async ({
  page,
  browser,
}) => {
  const plain = await browser.newContext({ javaScriptEnabled: false });
  for (const visitor of [page, await plain.newPage()]) {
    await visitor.goto("/auth/forgot-password");
    // An address with no account gets the same answer as one with an account.
    const email = `nobody-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    await visitor.getByLabel("E-mail").fill(email);
    await visitor.getByRole("button", { name: "Send reset link" }).click();
    await expect(visitor.getByTestId("flash")).toContainText(
      "If an account uses that address, we have sent it a link",
    );
    // A redirect: a reload shows the page again instead of asking for another mail.
    await expect(visitor).toHaveURL(/\/auth\/forgot-password\?done=sent$/);
    await expect(visitor.getByLabel("E-mail")).toHaveValue("");
  }
  await plain.close();
});

test("a visitor opening /dashboard is sent to /auth and comes back after signing in", async ({
  page,
}) => {
  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard%2Fprofile/);
  await signInOnForm(page, DEMO.seeker, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
});

test("an applicant opening /admin is sent to /dashboard", async ({ page }) => {
  await signUpNewApplicant(page);
  await page.goto("/admin/jobs");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("role sidebars: applicants see their areas, staff see the admin panel", async ({ page }) => {
  await login(page, DEMO.seeker);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Dashboard navigation" });
  await expect(nav.getByRole("link", { name: "Documents" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /Payment/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expectAccessible(page);

  await page.context().clearCookies();
  await login(page, DEMO.manager);
  await page.goto("/admin");
  const adminNav = page.getByRole("navigation", { name: "Dashboard navigation" });
  await expect(adminNav.getByRole("link", { name: "Jobs" })).toBeVisible();
  await expect(adminNav.getByRole("link", { name: "Users" })).toHaveCount(0);
  // The applicant's own Documents page (staff have "Expiring documents", which is theirs).
  await expect(adminNav.getByRole("link", { name: "Documents", exact: true })).toHaveCount(0);
  await expect(page.getByText("Manager", { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await login(page, DEMO.admin);
  await page.goto("/admin");
  await expect(
    page
      .getByRole("navigation", { name: "Dashboard navigation" })
      .getByRole("link", { name: "Users" }),
  ).toBeVisible();
});

test("the help dialog opens with its three tabs", async ({ page }) => {
  await login(page, DEMO.student);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Help & Support" }).click();
  const dialog = page.getByRole("dialog", { name: "Help & Support" });
  await expect(dialog.getByRole("tab", { name: "FAQs" })).toBeVisible();
  await expect(dialog.getByText("$99.00")).toBeHidden();
  await dialog.getByText("What does the registration fee cover?").click();
  await expect(dialog.getByText(/\$99\.00/)).toBeVisible();
  await dialog.getByRole("tab", { name: "Contact" }).click();
  await expect(dialog.getByText("Monday – Friday, 08:00 – 17:00 CAT")).toBeVisible();
  await dialog.getByRole("tab", { name: "Resources" }).click();
  await expect(dialog.getByRole("link", { name: "Interview Preparation" })).toBeVisible();
  await expectAccessible(page);
});

test("an unknown path shows the not-found page with a 404 status", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the mobile menu opens, navigates and closes", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeHidden();
    await page.locator("summary", { hasText: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });
});

test("the site can be added to a phone's home screen: its manifest and icons are served", async ({
  page,
}) => {
  await page.goto("/fr");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifest = await page.request.get(manifestHref!);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(body).toMatchObject({ short_name: "Passage", display: "standalone" });
  expect(body.icons.map((i) => i.purpose)).toContain("maskable");
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  // Every icon the manifest and the page name is there, as an image.
  for (const src of [...body.icons.map((i) => i.src), touchIcon!, "/favicon.ico"]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"], src).toMatch(/^image\//);
  }
});
