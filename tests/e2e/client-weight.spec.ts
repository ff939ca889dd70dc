import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signUpNewApplicant, test } from "./fixtures";
import { expectMismatchedPasswordsCaught } from "./steps";

// A visitor's first visit to a public page downloads only what that page needs: no code that only
// signed-in or staff screens use (charts, admin dialogs, upload logic, the dashboard shell), no
// validation library until a form is used, and only the translations of the page's namespaces.

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; module: string; imports?: string[] }>;
};

const PUBLIC_ROUTE = /^(root|routes\/(public|jobs|auth)\/)/;
const SIGNED_IN_ROUTE = /^routes\/(admin|dashboard)\//;

/**
 * Visits `url` fresh. `loaded()` gives the JavaScript files the page has loaded so far, with their
 * text (a response event fires before its body is in, so bodies are awaited when asked for).
 */
async function firstVisit(page: Page, url: string) {
  const bodies = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    if (!/javascript/.test(response.headers()["content-type"] ?? "")) return;
    bodies.set(
      new URL(response.url()).pathname,
      response.text().catch(() => ""),
    );
  });
  const loaded = async () => {
    const scripts = new Map<string, string>();
    for (const [file, body] of bodies) scripts.set(file, await body);
    return scripts;
  };
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  return loaded;
}

/**
 * The whole route manifest of the build under test. (The page's own `window.__reactRouterManifest`
 * grows as React Router discovers routes lazily, so it cannot say what exists.)
 */
function buildManifest(): Manifest {
  const dir = path.join(process.cwd(), process.env.BUILD_DIR ?? "build", "client", "assets");
  const file = fs.readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  expect(file, `a route manifest in ${dir}`).toBeTruthy();
  const source = fs.readFileSync(path.join(dir, file!), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** Files that only signed-in/staff route modules import (per the build's route manifest). */
function signedInOnlyFiles() {
  const manifest = buildManifest();
  const filesOf = (test: RegExp) =>
    new Set(
      Object.values(manifest.routes)
        .filter((route) => test.test(route.id))
        .flatMap((route) => [route.module, ...(route.imports ?? [])]),
    );
  const publicFiles = filesOf(PUBLIC_ROUTE);
  for (const file of [manifest.entry.module, ...(manifest.entry.imports ?? [])]) {
    publicFiles.add(file);
  }
  return [...filesOf(SIGNED_IN_ROUTE)].filter((file) => !publicFiles.has(file));
}

/** A string of the admin namespace that no other namespace has. */
function adminOnlyString(): string {
  const dir = path.join(process.cwd(), "app", "locales", "en");
  const strings = (file: string): string[] => {
    const walk = (v: unknown): string[] =>
      typeof v === "string"
        ? [v]
        : v && typeof v === "object"
          ? Object.values(v).flatMap(walk)
          : [];
    return walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
  };
  const others = new Set(
    fs
      .readdirSync(dir)
      .filter((f) => f !== "admin.json")
      .flatMap(strings),
  );
  const unique = strings("admin.json")
    .filter((s) => !others.has(s) && !s.includes("{{") && s.length > 20)
    .sort((a, b) => b.length - a.length);
  expect(unique.length).toBeGreaterThan(0);
  return unique[0]!;
}

const PAGES: [string, string[]][] = [
  ["/", ["common", "jobs", "content", "study"]],
  ["/jobs", ["common", "jobs"]],
  ["/study", ["common", "study"]],
  ["/news", ["common", "content"]],
  ["/about", ["common", "content"]],
  ["/contact", ["common", "inquiries"]],
  ["/outsourcing", ["common", "outsourcing"]],
  ["/verify", ["common", "trust"]],
  ["/complaints", ["common", "trust"]],
  ["/auth", ["common", "auth"]],
];

for (const [url, namespaces] of PAGES) {
  test(`a first visit to ${url} loads no signed-in code and only its translations`, async ({
    page,
  }) => {
    const scripts = await (await firstVisit(page, url))();
    expect(scripts.size).toBeGreaterThan(0);

    const forbidden = signedInOnlyFiles();
    expect(forbidden.length, "the manifest lists signed-in-only files").toBeGreaterThan(0);
    expect([...scripts.keys()].filter((file) => forbidden.includes(file))).toEqual([]);
    for (const [file, body] of scripts) {
      expect(body.includes("recharts-wrapper"), `${file} holds the charts`).toBe(false);
      expect(body.includes("ZodError"), `${file} holds the validation library`).toBe(false);
    }

    const translations = await page.evaluate(
      () => (window as unknown as { __i18n: { resources: Record<string, object> } }).__i18n,
    );
    expect(Object.keys(translations.resources.en ?? {}).sort()).toEqual([...namespaces].sort());
    expect(await page.content()).not.toContain(adminOnlyString());
  });
}

test("a form loads its validation when it is used, and still stops a bad sign-up", async ({
  page,
}) => {
  const loaded = await firstVisit(page, "/auth?tab=signup");
  const holdsZod = async () =>
    [...(await loaded()).values()].some((body) => body.includes("ZodError"));
  expect(await holdsZod()).toBe(false);
  await expectMismatchedPasswordsCaught(page, "Lazy Person", "lazy@example.com");
  expect(await holdsZod()).toBe(true);
});

test("a visitor's job page loads no form code; an applicant gets the apply form, with or without JavaScript", async ({
  page,
  browser,
}) => {
  await page.goto("/jobs?q=construction");
  const card = page.getByTestId("job-card").filter({ hasText: "Construction Labourer" });
  // A visitor's card for a free job opens the job's page.
  const href = decodeURIComponent((await card.getByRole("link").getAttribute("href"))!);
  const jobPath = href.match(/\/jobs\/[0-9a-f-]+/)![0];

  const visitor = await browser.newPage();
  const visitorScripts = [...(await (await firstVisit(visitor, jobPath))()).keys()];
  expect(visitorScripts.length).toBeGreaterThan(0);
  expect(visitorScripts.filter((file) => /apply-form/.test(file))).toEqual([]);
  await expect(visitor.getByRole("link", { name: "Apply Now" })).toBeVisible();
  await visitor.close();

  // Without JavaScript the server renders the form itself.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await signUpNewApplicant(plain);
  await plain.goto(jobPath);
  await expect(plain.getByLabel("Note to our team (optional)")).toBeVisible();
  await expect(plain.getByRole("button", { name: "Apply Now" })).toBeVisible();
  await noScript.close();

  // With it, the form's code comes while the page hydrates, and the form is React's.
  await signUpNewApplicant(page);
  const applicantScripts = await firstVisit(page, jobPath);
  // Fetched while the page hydrates, which on a busy machine may end after the network went idle.
  await expect
    .poll(async () => [...(await applicantScripts()).keys()].filter((f) => /apply-form/.test(f)))
    .toHaveLength(1);
  const note = page.getByLabel("Note to our team (optional)");
  await note.fill("x".repeat(5));
  await expect(note).toHaveValue("xxxxx");
});

test("a public page shows its text before any script is fetched, then hydrates", async ({
  page,
}) => {
  await page.goto("/jobs");
  await page.waitForLoadState("networkidle");
  // Hydrated: a client-side navigation keeps the document (no new page load).
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About Us" })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
});

test("the home page's study programs load their code when a person scrolls to them, and then work", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const loaded = await firstVisit(page, "/");
  const studyCode = async () =>
    [...(await loaded()).keys()].filter((file) => /study-programs/.test(file));
  // Far below the fold on a phone: shown from the server's HTML, its code not fetched.
  expect(await studyCode()).toEqual([]);
  const programs = page.getByRole("region", { name: "Study abroad programs" });
  await expect(programs.getByRole("link").first()).toBeAttached();

  await programs.scrollIntoViewIfNeeded();
  await expect.poll(studyCode).toHaveLength(1);
  // Hydrated in place: a program's link is a client-side navigation (the document stays). The code
  // arriving is not yet React holding the link: a click before that is an ordinary page load.
  const seeAll = programs.getByRole("link", { name: /see all/i });
  await expect
    .poll(() => seeAll.evaluate((link) => Object.keys(link).some((k) => k.startsWith("__react"))))
    .toBe(true);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await seeAll.click();
  await expect(page).toHaveURL(/\/study$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  // Back on the home page by a client-side navigation, the section is rendered at once.
  await page.goBack();
  await expect(page.getByRole("region", { name: "Study abroad programs" })).toBeVisible();
});
