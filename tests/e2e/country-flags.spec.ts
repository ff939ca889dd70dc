import { expect, test } from "./fixtures";

// Flags are small images, not emoji: emoji flags show as boxes or letter pairs
// on Windows and on systems without an emoji font.

test("job cards and the about page show flag images beside the country's name, light and no emoji", async ({
  page,
}) => {
  const flagBytes = new Map<string, number>();
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/flags/")) return;
    expect(response.status(), url.pathname).toBe(200);
    flagBytes.set(url.pathname, (await response.body()).length);
  });

  await page.goto("/jobs");
  // Jobs other tests add may have no country: the first card that names one.
  const flag = page.getByTestId("job-card").getByTestId("country-flag").first();
  await flag.scrollIntoViewIfNeeded();
  await expect(flag).toHaveAttribute("src", /^\/flags\/[A-Z]{2}\.svg$/);
  await expect(flag).toHaveAttribute("width", "18");
  await expect(flag).toHaveAttribute("height", "12");
  await expect
    .poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // The country is read by its name, written beside the flag.
  const country = await flag.locator("xpath=..").innerText();
  expect(country.trim().length).toBeGreaterThan(1);
  expect(await page.locator("main").innerText()).not.toMatch(/\p{Regional_Indicator}/u);

  await page.goto("/about");
  const offices = page.getByTestId("country-flag");
  await expect(offices.first()).toHaveAttribute("src", /\/flags\/(ZW|ZA)\.svg$/);
  expect(await page.locator("main").innerText()).not.toMatch(/\p{Regional_Indicator}/u);

  // Each flag a page loads is a few hundred bytes, at most a few kilobytes.
  expect(flagBytes.size).toBeGreaterThan(0);
  for (const [path, bytes] of flagBytes) expect(bytes, path).toBeLessThan(3_000);
});
