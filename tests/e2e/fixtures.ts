import fs from "node:fs";
import { createRequire } from "node:module";
import { test as base, type Browser, expect, type Page } from "@playwright/test";
import { E2E_DEMO_PASSWORD } from "~/playwright.config";

export { expect };

export const DEMO = {
  password: E2E_DEMO_PASSWORD,
  superadmin: "superadmin@passage.test",
  admin: "admin@passage.test",
  manager: "manager@passage.test",
  agent: "agent@passage.test",
  seeker: "seeker@passage.test",
  paid: "paid@passage.test",
  student: "student@passage.test",
} as const;

/**
 * A console error or an uncaught page error fails the test that caused it. `manager`: the demo
 * manager signed in, in a browser context of their own beside the test's page, closed after it.
 */
export const test = base.extend<
  { failOnConsoleErrors: void; manager: Page },
  { hydratingPages: void }
>({
  manager: ({ browser }, run) => signedInPage(browser, DEMO.manager, run),
  page: async ({ page, javaScriptEnabled }, run) => {
    waitForHydrationOnGoto(page, javaScriptEnabled);
    await run(page);
  },
  // The pages a test opens itself (a second staff member, an admin beside the applicant) wait for
  // hydration too: a click on a link before React has taken the page over is swallowed by it.
  hydratingPages: [
    async ({ browser }, run) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        const javaScriptEnabled = options?.javaScriptEnabled ?? true;
        context.on("page", (page) => waitForHydrationOnGoto(page, javaScriptEnabled));
        const newPage = context.newPage.bind(context);
        context.newPage = async () => {
          const page = await newPage();
          waitForHydrationOnGoto(page, javaScriptEnabled);
          return page;
        };
        return context;
      };
      await run();
    },
    { scope: "worker", auto: true },
  ],
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        // A page or a form answered on purpose with a 4xx (not found, validation, rate limit) makes
        // the browser log it; a 5xx or a broken asset still counts.
        const url = msg.location().url;
        const intended4xx =
          /Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()) &&
          (url === page.url() || new URL(url).pathname.endsWith(".data"));
        if (!intended4xx) errors.push(`${msg.text()} (${url})`);
      });
      page.on("pageerror", (err) => errors.push(`${err.message} @ ${page.url()}`));
      await use();
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

/** Whether each page runs scripts, as the last one to say so knows (the test's own page fixture). */
const runsScripts = new WeakMap<Page, boolean>();
/**
 * page.goto waits until the page has hydrated (app/root.tsx marks <html data-hydrated>): a
 * visitor's page hydrates only after its first paint, and a test that opens a menu, picks a filter
 * or follows a link at once would otherwise race it. Pages without JavaScript are used as they load.
 */
function waitForHydrationOnGoto(page: Page, javaScriptEnabled: boolean) {
  const patched = runsScripts.has(page);
  runsScripts.set(page, javaScriptEnabled);
  if (patched) return;
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const html = /text\/html/.test(response?.headers()["content-type"] ?? "");
    if (runsScripts.get(page) && html) {
      await page
        .waitForFunction(
          () => document.documentElement.hasAttribute("data-hydrated"),
          undefined,
          // A loaded machine (two browsers and the server on two cores) can take this long.
          { timeout: 30_000 },
        )
        .catch(() => {});
    }
    return response;
  };
}

async function signedInPage(browser: Browser, email: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email);
  await run(page);
  await context.close();
}

/** Signs in through the real /auth form endpoint; the session cookie lands in this page's context. */
export async function login(page: Page, email: string, password: string = DEMO.password) {
  const response = await page.request.post("/auth", {
    form: { intent: "signin", email, password },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${email}`).toBe(302);
}

let counter = 0;
/**
 * A brand-new applicant account, signed in. Sign-up itself signs nobody in (it answers a taken
 * address the same way), so the new user signs in with the password they chose.
 */
export async function signUpNewApplicant(
  page: Page,
  options: { role?: "job_seeker" | "student_applicant"; fullName?: string } = {},
) {
  const stamp = `${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;
  const email = `e2e-${stamp}@example.com`;
  const password = "e2e-password-123";
  // Unique across the two workers too: a test that finds "its" applicant by name finds one.
  const fullName = options.fullName ?? `E2E Applicant ${stamp}`;
  const response = await page.request.post("/auth", {
    form: {
      intent: "signup",
      role: options.role ?? "job_seeker",
      fullName,
      email,
      country: "Zimbabwe",
      password,
      confirmPassword: password,
      acceptPolicies: "on",
    },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-up").toBe(302);
  expect(response.headers()["location"], "sign-up").toBe("/auth?done=signedUp");
  await login(page, email, password);
  return { email, password, fullName };
}

const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe finds no violations on what the page shows now. axe-core runs in the page itself: the pages
 * have no frames, and @axe-core/playwright's AxeBuilder opens a blank page for every check to merge
 * frame results, which made each check cost 2.5 s instead of 0.6 s.
 */
export async function expectAccessible(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
        ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    return (await axe.run(document)).violations.map((v) => ({
      id: v.id,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  const summary = violations.map((v) => `${v.id}: ${v.targets.join(", ")}`);
  expect(summary, "axe violations").toEqual([]);
}
