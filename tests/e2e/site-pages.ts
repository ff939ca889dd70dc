import type { Browser } from "@playwright/test";
import { SERVICE_SLUGS } from "~/domain/services";
import { DEMO, expect, login } from "./fixtures";

// The site's pages, shared by the specs that open every one of them (every-page, languages-crawl).

export type Who = "visitor" | "applicant" | "staff" | "agent";
export type PageEntry = { routeId: string; path: string; as: Who[] };

/**
 * The site's pages by route id (app/routes.ts). The first test checks this list against the route
 * table, so a new page cannot be left out. `:id`/`:slug` are filled from live data at run time.
 */
export const SCREENS: PageEntry[] = [
  { routeId: "routes/public/home", path: "/", as: ["visitor", "applicant"] },
  { routeId: "routes/public/about", path: "/about", as: ["visitor", "applicant"] },
  { routeId: "routes/public/contact", path: "/contact", as: ["visitor", "applicant"] },
  { routeId: "routes/public/outsourcing", path: "/outsourcing", as: ["visitor", "applicant"] },
  { routeId: "routes/public/verify", path: "/verify", as: ["visitor", "applicant"] },
  { routeId: "routes/public/complaints", path: "/complaints", as: ["visitor", "applicant"] },
  ...SERVICE_SLUGS.map((slug) => ({
    routeId: "routes/public/service",
    path: `/services/${slug}`,
    as: ["visitor"] as Who[],
  })),
  { routeId: "legal-privacy", path: "/privacy-policy", as: ["visitor"] },
  { routeId: "legal-terms", path: "/terms-of-service", as: ["visitor"] },
  { routeId: "legal-cookies", path: "/cookie-policy", as: ["visitor"] },
  { routeId: "routes/public/news-list", path: "/news", as: ["visitor", "applicant"] },
  { routeId: "routes/public/news-post", path: "/news/:slug", as: ["visitor"] },
  { routeId: "routes/jobs/list", path: "/jobs", as: ["visitor", "applicant"] },
  { routeId: "routes/jobs/detail", path: "/jobs/:id", as: ["visitor", "applicant"] },
  // A visitor's job alert confirmation, opened without its e-mail's token (job-alerts.spec
  // confirms one with it).
  { routeId: "routes/jobs/alert-confirm", path: "/alerts/confirm", as: ["visitor"] },
  { routeId: "routes/public/study", path: "/study", as: ["visitor", "applicant"] },
  { routeId: "routes/public/study-program", path: "/study/:program", as: ["visitor", "applicant"] },
  { routeId: "routes/auth/auth", path: "/auth", as: ["visitor"] },
  { routeId: "routes/auth/auth", path: "/auth?tab=signup", as: ["visitor"] },
  { routeId: "routes/auth/forgot-password", path: "/auth/forgot-password", as: ["visitor"] },
  { routeId: "routes/auth/reset-password", path: "/auth/reset-password", as: ["visitor"] },
  // Shown only to someone who has not accepted the texts in force (tests/e2e/privacy.spec.ts);
  // a visitor is sent to sign in.
  { routeId: "routes/auth/consent", path: "/auth/consent", as: ["visitor"] },
  { routeId: "routes/public/not-found", path: "/no-such-page", as: ["visitor", "applicant"] },
  { routeId: "routes/dashboard/home", path: "/dashboard", as: ["applicant"] },
  { routeId: "routes/dashboard/applications", path: "/dashboard/applications", as: ["applicant"] },
  { routeId: "routes/dashboard/profile", path: "/dashboard/profile", as: ["applicant", "staff"] },
  { routeId: "routes/dashboard/documents", path: "/dashboard/documents", as: ["applicant"] },
  { routeId: "routes/dashboard/payment", path: "/dashboard/payment", as: ["applicant"] },
  { routeId: "routes/dashboard/messages", path: "/dashboard/messages", as: ["applicant"] },
  { routeId: "routes/dashboard/saved-jobs", path: "/dashboard/saved-jobs", as: ["applicant"] },
  { routeId: "routes/dashboard/alerts", path: "/dashboard/alerts", as: ["applicant"] },
  { routeId: "routes/dashboard/interviews", path: "/dashboard/interviews", as: ["applicant"] },
  // Not under a language prefix (every "visitor" page here has /fr and /pt copies): opened here
  // signed in; job-alerts.spec opens it as a visitor, with and without JavaScript.
  { routeId: "routes/alerts-unsubscribe", path: "/alerts/unsubscribe", as: ["applicant"] },
  // A demo payment's receipt, as staff open it from the payments list.
  { routeId: "routes/receipt", path: "/receipts/:receipt", as: ["staff"] },
  { routeId: "admin-index", path: "/admin", as: ["staff"] },
  { routeId: "routes/admin/dashboard", path: "/admin/dashboard", as: ["staff"] },
  { routeId: "routes/admin/search", path: "/admin/search?q=passage", as: ["staff"] },
  { routeId: "routes/admin/users", path: "/admin/users", as: ["staff"] },
  { routeId: "routes/admin/payments", path: "/admin/payments", as: ["staff"] },
  { routeId: "routes/admin/todos", path: "/admin/todos", as: ["staff"] },
  { routeId: "routes/admin/jobs", path: "/admin/jobs", as: ["staff"] },
  { routeId: "routes/admin/programs", path: "/admin/programs", as: ["staff"] },
  { routeId: "routes/admin/employers", path: "/admin/employers", as: ["staff"] },
  { routeId: "routes/admin/applications", path: "/admin/applications", as: ["staff"] },
  { routeId: "routes/admin/applicant", path: "/admin/applicants/:applicant", as: ["staff"] },
  { routeId: "routes/admin/views", path: "/admin/views", as: ["staff"] },
  { routeId: "routes/admin/pipeline", path: "/admin/pipeline", as: ["staff"] },
  { routeId: "routes/admin/interviews", path: "/admin/interviews", as: ["staff"] },
  { routeId: "routes/admin/activity", path: "/admin/activity", as: ["staff"] },
  { routeId: "routes/admin/messages", path: "/admin/messages", as: ["staff"] },
  { routeId: "routes/admin/inquiries", path: "/admin/inquiries", as: ["staff"] },
  { routeId: "routes/admin/outsourcing", path: "/admin/outsourcing", as: ["staff"] },
  { routeId: "routes/admin/complaints", path: "/admin/complaints", as: ["staff"] },
  { routeId: "routes/admin/monitoring", path: "/admin/monitoring", as: ["staff"] },
  { routeId: "routes/admin/cms", path: "/admin/cms", as: ["staff"] },
  { routeId: "routes/admin/settings", path: "/admin/settings", as: ["staff"] },
  { routeId: "routes/admin/document-types", path: "/admin/document-types", as: ["staff"] },
  { routeId: "routes/admin/checklists", path: "/admin/checklists", as: ["staff"] },
  {
    routeId: "routes/admin/expiring-documents",
    path: "/admin/expiring-documents",
    as: ["staff"],
  },
  // The agent area (the demo agent; the applicant is one they register in `samples`).
  { routeId: "routes/agent/applicants", path: "/agent", as: ["agent"] },
  { routeId: "routes/agent/register", path: "/agent/register", as: ["agent"] },
  { routeId: "routes/agent/applicant", path: "/agent/applicants/:agentApplicant", as: ["agent"] },
];

/**
 * Values for the pages with a parameter: a listed job and study program (from the sitemap) and a
 * news post this test publishes itself (the demo seed has none).
 */
export async function samples(browser: Browser) {
  const staff = await browser.newContext();
  const page = await staff.newPage();
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const id = /\/jobs\/([0-9a-f-]{36})</.exec(sitemap)?.[1];
  expect(id, "a listed job").toBeTruthy();
  const program = /\/study\/([0-9a-f-]{36})</.exec(sitemap)?.[1];
  expect(program, "a listed study program").toBeTruthy();
  await login(page, DEMO.manager);
  const slug = `every-page-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const saved = await page.request.post("/admin/cms", {
    form: {
      intent: "save",
      title: "Every page check",
      slug,
      category: "news",
      status: "published",
      excerpt: "A post the every-page browser test reads.",
      content: "Published by the browser test that opens every page of the site.",
    },
    maxRedirects: 0,
  });
  expect(saved.status(), "news post published").toBe(302);
  // A receipt: the demo's paid accounts have one, linked from the payments list.
  await page.goto("/admin/payments?status=completed");
  const receipt = await page.locator('a[href^="/receipts/"]').first().getAttribute("href");
  expect(receipt, "a receipt").toBeTruthy();
  // An applicant's page: the payer's, as the payments list links it.
  const applicant = await page.getByTestId("applicant-link").first().getAttribute("href");
  expect(applicant, "an applicant's page").toBeTruthy();
  await staff.close();
  // An applicant of the demo agent's: one they register now.
  const agent = await browser.newContext();
  const agentPage = await agent.newPage();
  await login(agentPage, DEMO.agent);
  const registered = await agentPage.request.post("/agent/register", {
    form: {
      fullName: "Every Page Registered",
      email: `${slug}@example.com`,
      country: "South Africa",
      role: "job_seeker",
    },
    maxRedirects: 0,
  });
  const agentApplicant = registered.headers()["location"]?.split("?")[0];
  expect(agentApplicant, "an agent's applicant").toMatch(/^\/agent\/applicants\//);
  await agent.close();
  return (path: string) =>
    path
      .replace(":program", program!)
      .replace(":id", id!)
      .replace(":slug", slug)
      .replace("/receipts/:receipt", receipt!)
      .replace("/admin/applicants/:applicant", applicant!)
      .replace("/agent/applicants/:agentApplicant", agentApplicant!);
}
