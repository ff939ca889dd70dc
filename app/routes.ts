import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
// React Router's CLI reads this file before Vite's `~/` alias exists, so this import is relative.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { type Language, PREFIXED_LANGUAGES } from "../domain/languages";

/** The pages of the public layout, for one language (ids as the files for English). */
function publicPages(lng: Language) {
  const id = (name: string) => (lng === "en" ? { id: name } : { id: `${name}.${lng}` });
  const page = (path: string, file: string, name = `routes/${file.replace(/\.tsx$/, "")}`) =>
    route(path, `routes/${file}`, id(name));
  return [
    index("routes/public/home.tsx", id("routes/public/home")),
    page("about", "public/about.tsx"),
    page("contact", "public/contact.tsx"),
    // How the agency proves who it is (decision record 31): check a number, complain
    page("verify", "public/verify.tsx"),
    page("complaints", "public/complaints.tsx"),
    page("outsourcing", "public/outsourcing.tsx"),
    page("services/:slug", "public/service.tsx"),
    page("privacy-policy", "public/legal.tsx", "legal-privacy"),
    page("terms-of-service", "public/legal.tsx", "legal-terms"),
    page("cookie-policy", "public/legal.tsx", "legal-cookies"),
    page("news", "public/news-list.tsx"),
    page("news/:slug", "public/news-post.tsx"),
    page("jobs", "jobs/list.tsx"),
    page("jobs/:id", "jobs/detail.tsx"),
    // A visitor's job alert is confirmed here, from its e-mail's link (no session needed)
    page("alerts/confirm", "jobs/alert-confirm.tsx"),
    page("study", "public/study.tsx"),
    page("study/:id", "public/study-program.tsx"),
    page("auth", "auth/auth.tsx"),
    page("auth/forgot-password", "auth/forgot-password.tsx"),
    page("auth/reset-password", "auth/reset-password.tsx"),
    page("auth/consent", "auth/consent.tsx"),
    page("*", "public/not-found.tsx"),
  ];
}

export default [
  // Machine-readable resources
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("news/rss.xml", "routes/resources/rss.ts"),
  // A namespace's strings as a file a signed-in page names and the browser keeps
  route("i18n/:lng/:file", "routes/resources/translations.ts"),

  // Public site: header and footer. English at the root, each other language under its prefix
  // (decision record 21); route ids of the prefixed copies end in their language.
  layout("routes/public/layout.tsx", publicPages("en")),
  ...PREFIXED_LANGUAGES.map((lng) =>
    route(lng, "routes/public/layout.tsx", { id: `routes/public/layout.${lng}` }, publicPages(lng)),
  ),
  // The language switcher's form (remembers the choice, back to the same page in that language)
  route("language", "routes/language.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  route("auth/sign-out-everywhere", "routes/auth/sign-out-everywhere.tsx"),

  // Old top-level applicant paths: permanent redirects to /dashboard/*
  route("profile", "routes/redirects.tsx", { id: "redirect-profile" }),
  route("documents", "routes/redirects.tsx", { id: "redirect-documents" }),
  route("payment", "routes/redirects.tsx", { id: "redirect-payment" }),
  route("my-applications", "routes/redirects.tsx", { id: "redirect-applications" }),

  // Signed-in area (applicants; staff share the shell, an agent keeps only their profile here)
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx"),
    route("applications", "routes/dashboard/applications.tsx"),
    route("profile", "routes/dashboard/profile.tsx"),
    route("documents", "routes/dashboard/documents.tsx"),
    route("payment", "routes/dashboard/payment.tsx"),
    route("messages", "routes/dashboard/messages.tsx"),
    route("saved-jobs", "routes/dashboard/saved-jobs.tsx"),
    route("alerts", "routes/dashboard/alerts.tsx"),
    route("interviews", "routes/dashboard/interviews.tsx"),
  ]),
  // The agent area: a field recruiter's applicants, registered and followed on their behalf
  route("agent", "routes/agent/layout.tsx", [
    index("routes/agent/applicants.tsx"),
    route("register", "routes/agent/register.tsx"),
    route("applicants/:id", "routes/agent/applicant.tsx"),
  ]),
  // A printable receipt, for its payer and for staff
  route("receipts/:paymentId", "routes/receipt.tsx"),
  route("receipts/:paymentId/pdf", "routes/resources/receipt-pdf.ts"),
  // A job alert's one-click unsubscribe (its e-mail's link and List-Unsubscribe): no session needed
  route("alerts/unsubscribe", "routes/alerts-unsubscribe.tsx"),

  // Back-office
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx", { id: "admin-index" }),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("search", "routes/admin/search.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("payments", "routes/admin/payments.tsx"),
    route("todos", "routes/admin/todos.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
    route("programs", "routes/admin/programs.tsx"),
    route("employers", "routes/admin/employers.tsx"),
    route("applications", "routes/admin/applications.tsx"),
    // One applicant: everything the back-office knows of them
    route("applicants/:id", "routes/admin/applicant.tsx"),
    route("views", "routes/admin/views.tsx"),
    route("pipeline", "routes/admin/pipeline.tsx"),
    route("interviews", "routes/admin/interviews.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    // One inbox module, two inboxes: its path says which (the ids stay those of the old files).
    route("inquiries", "routes/admin/inquiries.tsx"),
    route("outsourcing", "routes/admin/inquiries.tsx", { id: "routes/admin/outsourcing" }),
    route("complaints", "routes/admin/inquiries.tsx", { id: "routes/admin/complaints" }),
    route("monitoring", "routes/admin/monitoring.tsx"),
    route("cms", "routes/admin/cms.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("document-types", "routes/admin/document-types.tsx"),
    route("checklists", "routes/admin/checklists.tsx"),
    route("expiring-documents", "routes/admin/expiring-documents.tsx"),
  ]),
] satisfies RouteConfig;
