import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";

// An applicant's own dashboard stays readable offline after one visit, says when it was last
// updated, and is forgotten when they sign out; staff pages are never kept (public/sw.js).
// The worker stays installed for the next person in the same browser: what it keeps is decided
// by each page's owner marker, never by who installed it.

const kept = (page: Page, path: string) =>
  page.evaluate(async (p) => Boolean(await caches.match(p)), path);

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: "allow" });

test("an applicant's dashboard and applications are readable offline after one visit", async ({
  page,
  context,
}) => {
  test.slow();
  await signUpNewApplicant(page, { fullName: "Nyasha Horsligne" });
  await page.goto("/dashboard");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => kept(page, "/dashboard"), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => kept(page, "/dashboard/applications")).toBe(true);
  await expect(page.getByTestId("offline-note")).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("offline-note")).toBeVisible();
  await expect(page.getByTestId("offline-note")).toContainText(
    "You are offline. This page was last updated on",
  );
  await expect(page.getByTestId("shell-user")).toHaveCount(1);
  await expectAccessible(page);
  await page.goto("/dashboard/applications");
  await expect(page.getByTestId("offline-note")).toBeVisible();

  // Back online, signing out forgets it.
  await context.setOffline(false);
  await page.goto("/dashboard");
  await expect(page.getByTestId("offline-note")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await page.waitForURL((url) => !url.pathname.startsWith("/dashboard"));
  await expect.poll(() => kept(page, "/dashboard")).toBe(false);

  // A staff member in the same browser (the worker still running): their pages are never kept.
  await login(page, DEMO.manager);
  for (const path of ["/dashboard", "/admin"]) {
    await page.goto(path);
    expect(await kept(page, path), path).toBe(false);
  }
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  expect(await kept(page, "/dashboard")).toBe(false);
});
