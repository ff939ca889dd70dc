import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { samples, SCREENS, type Who } from "./site-pages";

// Every page in French — the public site at its /fr addresses, the dashboard and the back-office
// with French chosen on the switcher — shows no English string of the product: each visible text
// (each placeholder and aria-label, and the tab's title) is compared with the English strings of
// app/locales/en that French translates differently. Data (names, job titles and posts written by
// staff, numbers, addresses) is no locale string, so it never matches. Axe finds nothing and
// <html lang> is "fr". The browser is ten hours from the agency's zone (every-page.spec.ts is in
// it), where a date printed in the reader's zone and in UTC can differ by a day: a hydration
// mismatch reaches the console, and a console error fails the test.

const LOCALES = path.resolve(import.meta.dirname, "../../app/locales");

/** Every string of a namespace by its dotted path. */
function leaves(node: unknown, prefix = "", out = new Map<string, string>()) {
  if (node !== null && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof node === "string") out.set(prefix, node);
  return out;
}

function strings(lng: string) {
  const all = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(LOCALES, lng))) {
    const ns = file.replace(/\.json$/, "");
    const json: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES, lng, file), "utf8"));
    for (const [key, value] of leaves(json)) all.set(`${ns}:${key}`, value);
  }
  return all;
}

/**
 * The English strings a French page must not show, as patterns of a whole text ({{value}} matches
 * anything): those French writes differently, with at least one word of three letters or more
 * ("OK", "CV", "Email" are the same in both and prove nothing). A text without a value is looked up
 * whole; one with values is tried only on texts that start as it does (about 2,800 patterns against
 * every text of every page cost the crawl seconds per page when each was a regular expression).
 */
function englishPatterns() {
  const en = strings("en");
  const fr = strings("fr");
  const frenchTexts = new Set(fr.values());
  const whole = new Map<string, string>();
  const withValues = new Map<string, { key: string; prefix: string; re: RegExp }>();
  for (const [key, text] of en) {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
    const french = fr.get(key) ?? fr.get(`${base}_other`) ?? fr.get(`${base}_one`);
    const words = text.replace(/\{\{[^}]+\}\}|\$t\([^)]*\)|<[^>]+>/g, " ");
    if (text === french || frenchTexts.has(text) || !/\p{L}{3,}/u.test(words)) continue;
    if (/\{\{/.test(text) && (words.match(/\p{L}{3,}/gu) ?? []).length < 2) continue;
    const parts = text.trim().split(/\{\{[^}]+\}\}/);
    if (parts.length === 1) {
      const plain = text.trim().replace(/\s+/g, " ");
      if (!whole.has(plain)) whole.set(plain, key);
      continue;
    }
    if (withValues.has(text)) continue;
    const source = parts
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"))
      .join(".{1,40}?");
    const prefix = parts[0]!.replace(/\s+/g, " ");
    withValues.set(text, { key, prefix, re: new RegExp(`^${source}$`, "u") });
  }
  const patterns = [...withValues.values()];
  /** The key of the English string `text` is, if it is one. */
  return (text: string) =>
    whole.get(text) ??
    patterns.find(({ prefix, re }) => text.startsWith(prefix) && re.test(text))?.key;
}

const englishKeyOf = englishPatterns();

/** The visible texts of the page, each text node trimmed, plus placeholders and aria-labels. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, template, noscript")) continue;
      // Content marked as written in another language (a post in English) is that language's.
      if (!(parent.closest("[lang]")?.getAttribute("lang") ?? "fr").startsWith("fr")) continue;
      if (
        !parent.checkVisibility({ visibilityProperty: true, opacityProperty: false }) &&
        !parent.closest(".sr-only")
      )
        continue;
      texts.push(text);
    }
    for (const el of document.querySelectorAll("[placeholder], [aria-label]")) {
      for (const name of ["placeholder", "aria-label"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    // The tab's title, without the agency's name after it.
    texts.push(document.title.split(" · ")[0]!.trim());
    return [...new Set(texts)];
  });
}

/**
 * Staff's own salary text on job cards ("EUR 1,050 – 1,300 / month", jobs.salaryRange): data, like a
 * job's title. The job's page formats the figures in the reader's language; the cards will too once
 * the listing hands them the figures instead of the text.
 */
const STAFF_SALARY_TEXT = /^[A-Z]{3} [\d.,]+( – [\d.,]+)? \/ (hour|month|year)$/;

async function englishLeftOn(page: Page) {
  const texts = await visibleTexts(page);
  return texts.flatMap((text) => {
    if (STAFF_SALARY_TEXT.test(text)) return [];
    const key = englishKeyOf(text);
    return key ? [`"${text}" (${key})`] : [];
  });
}

/** Chooses French on the switcher's form, as the buttons do (the `lng` cookie, a year). */
async function chooseFrench(page: Page, to: string) {
  const response = await page.request.post("/language", {
    form: { lng: "fr", to },
    maxRedirects: 0,
  });
  expect(response.status(), "language chosen").toBe(302);
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect.soft(response?.status(), `${path} answers`).toBeLessThan(500);
  await page.waitForFunction(() =>
    Object.keys(document.body).some((k) => k.startsWith("__reactFiber$")),
  );
}

async function checkInFrench(page: Page, paths: string[]) {
  for (const path of paths) {
    await visit(page, path);
    await expect.soft(page.locator("html"), `lang of ${path}`).toHaveAttribute("lang", "fr");
    expect.soft(await englishLeftOn(page), `English left on ${path}`).toEqual([]);
    await test.step(`axe on ${path}`, async () => {
      try {
        await expectAccessible(page);
      } catch (error) {
        expect.soft(String(error), `axe on ${path}`).toBe("");
      }
    });
  }
}

const pathsFor = (who: Who) => SCREENS.filter((p) => p.as.includes(who)).map((p) => p.path);

test.describe("every page in French", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("English strings are recognised on an English page (the crawl can fail)", async ({
    page,
  }) => {
    await visit(page, "/jobs");
    expect(await englishLeftOn(page)).toEqual(
      expect.arrayContaining([expect.stringContaining("(jobs:")]),
    );
  });

  test("the public site at /fr", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const fill = await samples(browser);
    await checkInFrench(
      page,
      pathsFor("visitor").map((p) => fill(p === "/" ? "/fr" : `/fr${p}`)),
    );
  });

  test("the applicant's dashboard with French chosen", async ({ page }) => {
    test.setTimeout(180_000);
    await signUpNewApplicant(page, { fullName: "Amara Diallo" });
    await chooseFrench(page, "/dashboard");
    await checkInFrench(
      page,
      SCREENS.filter((p) => p.path.startsWith("/dashboard") && p.as.includes("applicant")).map(
        (p) => p.path,
      ),
    );
  });

  test("the agent's pages with French chosen", async ({ page, browser }) => {
    const fill = await samples(browser);
    await login(page, DEMO.agent);
    await chooseFrench(page, "/agent");
    try {
      await checkInFrench(page, pathsFor("agent").map(fill));
    } finally {
      await page.request.post("/language", { form: { lng: "en", to: "/agent" }, maxRedirects: 0 });
    }
  });

  test("the back-office with French chosen", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const fill = await samples(browser);
    await login(page, DEMO.superadmin);
    // The choice is saved on the profile too: the demo account gets English back afterwards.
    await chooseFrench(page, "/admin");
    try {
      await checkInFrench(page, pathsFor("staff").map(fill));
    } finally {
      await page.request.post("/language", { form: { lng: "en", to: "/admin" }, maxRedirects: 0 });
    }
  });
});
