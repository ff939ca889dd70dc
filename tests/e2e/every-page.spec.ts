import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";
import routes from "~/app/routes";
import { DEMO, expect, login, signUpNewApplicant, test } from "./fixtures";
import { pageAs } from "./steps";
import { PREFIXED_LANGUAGES } from "~/domain/languages";
import { type PageEntry, samples, SCREENS, type Who } from "./site-pages";

// Every page of the site, as each kind of person sees it, on the narrowest phone we support, with
// the browser in the agency's time zone (CAT; the server runs in UTC). A page fails when it is
// wider than the phone (the page scrolls sideways; a wide board or table may scroll inside itself)
// or when anything reaches the console — a hydration mismatch (React #418) among them, which is what
// a time printed in the reader's zone on one side and UTC on the other causes. The zone ten hours
// away, where a date itself can differ, is the French crawl's (languages-crawl.spec.ts): one pass
// over each page per zone, not two.

/** The public pages again at their French and Portuguese addresses (route ids `….fr`, `….pt`). */
const PAGES: PageEntry[] = [
  ...SCREENS,
  ...PREFIXED_LANGUAGES.flatMap((lng) =>
    SCREENS.filter((p) => p.as.includes("visitor")).map((p) => ({
      routeId: `${p.routeId}.${lng}`,
      path: p.path === "/" ? `/${lng}` : `/${lng}${p.path}`,
      as: ["visitor"] as Who[],
    })),
  ),
];

/** Route ids that are not pages a person reads: files, feeds, layouts, redirects, sign-out posts. */
const NOT_PAGES = [
  /^routes\/resources\//,
  /^routes\/(public|dashboard|admin|agent)\/layout(\.\w+)?$/,
  /^routes\/language$/,
  /^redirect-/,
  /^routes\/auth\/sign-out/,
];

type RouteEntry = { id?: string; file: string; children?: RouteEntry[] };
function routeIds(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => [
    r.id ?? r.file.replace(/\.tsx?$/, ""),
    ...routeIds(r.children ?? []),
  ]);
}

test("the page list covers every page in the route table", () => {
  const pages = routeIds(routes as RouteEntry[]).filter(
    (id) => !NOT_PAGES.some((re) => re.test(id)),
  );
  expect(pages.length).toBeGreaterThan(30);
  expect(pages.filter((id) => !PAGES.some((p) => p.routeId === id))).toEqual([]);
  expect(PAGES.filter((p) => !pages.includes(p.routeId)).map((p) => p.routeId)).toEqual([]);
});

/** A new applicant with unread messages (the shell's unread label is what once widened phones). */
async function applicantWithUnreadMessages(page: Page, browser: Browser) {
  await signUpNewApplicant(page, { fullName: "Every Page Applicant" });
  const manager = await pageAs(browser, DEMO.manager);
  const sent = await manager.request.post("/admin/messages", {
    form: {
      recipientType: "group",
      recipientGroup: "job_seekers",
      subject: `Welcome ${Date.now().toString(36)}`,
      content: "Your profile is the first step: add your passport and CV when you can.",
    },
  });
  expect(sent.status(), "message sent").toBe(200);
  await manager.context().close();
}

const PHONE = { width: 360, height: 740 };

/**
 * The class lists on the page in which two classes fight (e.g. `h-9 h-10`): cn() joins and never
 * merges, so which one wins would depend on the stylesheet's order. tailwind-merge, run here and
 * not in the browser, says which class it would have dropped.
 */
async function conflictingClasses(page: Page) {
  const lists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((e) => e.getAttribute("class")!)),
  ]);
  return lists.flatMap((list) => {
    const joined = list.trim().split(/\s+/).join(" ");
    const kept = new Set(twMerge(joined).split(" "));
    const dropped = joined.split(" ").filter((c) => !kept.has(c));
    return dropped.length ? [`[${dropped.join(" ")}] in "${joined}"`] : [];
  });
}

/**
 * The W3C checker's errors for the HTML the server sent for each page (vnu-jar, on Java): run
 * once over a folder of pages, as "page: message" lines. Warnings and info are left out.
 */
function htmlErrors(folder: string): string[] {
  const jar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
  let out: string;
  try {
    out = execFileSync("java", ["-jar", jar, "--errors-only", "--format", "json", folder], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    // The checker exits non-zero when it found errors; its report is on stderr.
    out = (error as { stderr?: string }).stderr ?? "";
  }
  const report = JSON.parse(out || '{"messages":[]}') as {
    messages: { type: string; url: string; message: string; extract?: string }[];
  };
  return report.messages
    .filter((m) => m.type === "error")
    .map((m) => {
      const page = decodeURIComponent(path.basename(m.url, ".html").replace(/~/g, "%"));
      return `${page}: ${m.message}`;
    });
}

/**
 * Controls a thumb may miss (WCAG 2.2, 2.5.8): smaller than 24 × 24 px and closer than 12 px to
 * another control from their centre. Not counted, as the criterion allows: a link inside a
 * sentence, a checkbox or radio with its label (the label is the target), and a link whose
 * stretched ::after covers its card.
 */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]",
      ),
    ].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
    });
    const boxes = controls.map((e) => ({ e, r: e.getBoundingClientRect() }));
    const exempt = (e: Element) => {
      if (e instanceof HTMLInputElement && /^(checkbox|radio)$/.test(e.type) && e.labels?.length)
        return true;
      if (e.tagName !== "A") return false;
      if (getComputedStyle(e, "::after").position === "absolute") return true;
      const own = (e.textContent ?? "").trim().length;
      return (
        getComputedStyle(e).display === "inline" &&
        (e.parentElement?.textContent ?? "").trim().length > own + 5
      );
    };
    return boxes
      .filter(({ e, r }) => (r.width < 24 || r.height < 24) && !exempt(e))
      .filter(({ e, r }) => {
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        return boxes.some(({ e: o, r: q }) => {
          if (o === e || o.contains(e) || e.contains(o)) return false;
          const dx = Math.max(q.left - cx, 0, cx - q.right);
          const dy = Math.max(q.top - cy, 0, cy - q.bottom);
          return Math.hypot(dx, dy) < 12;
        });
      })
      .map(({ e, r }) => {
        const name = (e.getAttribute("aria-label") ?? e.textContent ?? "").trim().slice(0, 40);
        return `${e.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`;
      });
  });
}

/**
 * Loads a page and waits until React has taken it over (hydrated, or re-rendered after a mismatch).
 * Console errors that come later still fail the test: the listener stays for the next pages.
 */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() =>
    Object.keys(document.body).some((k) => k.startsWith("__reactFiber$")),
  );
}

const timezoneId = "Africa/Harare";
test.describe(`every page at 360 px, browser in ${timezoneId}`, () => {
  test.use({ timezoneId, viewport: PHONE });

  for (const who of ["visitor", "applicant", "staff", "agent"] as Who[]) {
    test(`as ${who === "staff" ? "a super admin" : `${who === "agent" ? "an" : "a"} ${who}`}: no console error, no sideways scroll`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(360_000);
      // The fixture fails the test on any console error; this says on which page it came.
      page.on("console", (m) => {
        if (m.type() === "error" && !/status of 404/.test(m.text()))
          console.log(`console error on ${page.url()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => console.log(`page error on ${page.url()}: ${e.message}`));
      const fill = await samples(browser);
      if (who === "applicant") {
        await applicantWithUnreadMessages(page, browser);
        await visit(page, "/dashboard");
        // On the phone, the menu button says how many are unread.
        await expect(
          page
            .getByTestId("phone-menu")
            .locator("summary")
            .getByText(/unread message/),
        ).toHaveCount(1);
      }
      if (who === "staff") await login(page, DEMO.superadmin);
      if (who === "agent") await login(page, DEMO.agent);

      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        timezoneId,
      );
      // The HTML of each page as sent, for the W3C checker.
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), `passage-html-${who}-`));
      for (const entry of PAGES.filter((p) => p.as.includes(who))) {
        const path = fill(entry.path);
        const sent = await page.request.get(path);
        fs.writeFileSync(
          `${folder}/${encodeURIComponent(path).replace(/%/g, "~")}.html`,
          await sent.text(),
        );
        await visit(page, path);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect
          .soft(width, `${path} is ${width} px wide on a ${PHONE.width} px phone`)
          .toBeLessThanOrEqual(PHONE.width);
        expect.soft(await conflictingClasses(page), `conflicting classes on ${path}`).toEqual([]);
        expect.soft(await smallTargets(page), `tap targets under 24 px on ${path}`).toEqual([]);
      }
      expect.soft(htmlErrors(folder), "the W3C HTML checker's errors").toEqual([]);
      fs.rmSync(folder, { recursive: true, force: true });
    });
  }
});
