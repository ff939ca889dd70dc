import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Machine-readable resources
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("news/rss.xml", "routes/resources/rss.ts"),

  // Public site: header and footer
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("outsourcing", "routes/public/outsourcing.tsx"),
    route("services/:slug", "routes/public/service.tsx"),
    route("privacy-policy", "routes/public/legal.tsx", { id: "legal-privacy" }),
    route("terms-of-service", "routes/public/legal.tsx", { id: "legal-terms" }),
    route("cookie-policy", "routes/public/legal.tsx", { id: "legal-cookies" }),
    route("news", "routes/public/news-list.tsx"),
    route("news/:slug", "routes/public/news-post.tsx"),
    route("jobs", "routes/jobs/list.tsx"),
    route("jobs/:id", "routes/jobs/detail.tsx"),
    route("auth", "routes/auth/auth.tsx"),
    route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
    route("auth/reset-password", "routes/auth/reset-password.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  route("auth/sign-out-everywhere", "routes/auth/sign-out-everywhere.tsx"),

  // Old top-level applicant paths: permanent redirects to /dashboard/*
  route("profile", "routes/redirects.tsx", { id: "redirect-profile" }),
  route("documents", "routes/redirects.tsx", { id: "redirect-documents" }),
  route("payment", "routes/redirects.tsx", { id: "redirect-payment" }),
  route("my-applications", "routes/redirects.tsx", { id: "redirect-applications" }),

  // Signed-in area (applicants, agents; staff share the shell)
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx"),
    route("applications", "routes/dashboard/applications.tsx"),
    route("profile", "routes/dashboard/profile.tsx"),
    route("documents", "routes/dashboard/documents.tsx"),
    route("payment", "routes/dashboard/payment.tsx"),
    route("messages", "routes/dashboard/messages.tsx"),
  ]),

  // Back-office
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx", { id: "admin-index" }),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
    route("applications", "routes/admin/applications.tsx"),
    route("pipeline", "routes/admin/pipeline.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    // One inbox module, two inboxes: its path says which (the ids stay those of the old files).
    route("inquiries", "routes/admin/inquiries.tsx"),
    route("outsourcing", "routes/admin/inquiries.tsx", { id: "routes/admin/outsourcing" }),
    route("monitoring", "routes/admin/monitoring.tsx"),
    route("cms", "routes/admin/cms.tsx"),
    route("settings", "routes/admin/settings.tsx"),
  ]),
] satisfies RouteConfig;
