import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// A first visit to a public page loads few, larger files: brotli compresses one file of 100 KB
// better than ten of 10 KB, and each file is one more request on a slow phone. Two groups:
// the framework every page runs, and the small shared pieces of the public shell (with Vite's
// helper for a lazy module, which would otherwise land in whichever group first uses one). Anything not
// listed (admin screens, charts, dialogs, icons, locale files) stays in its own lazy chunk.
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|react-router)\/|rolldown[:/]runtime/;
const SHELL =
  /\/app\/(components\/(site-header|site-footer|disclosure-menu|sign-out-form|ui\/(button|badge|card|input|alert)|honeypot-field)\.tsx|lib\/(utils|seo|root-meta|lucide-icon|lazy-component)\.ts|i18n\/(namespaces|translator|config|i18n\.client)\.ts|i18n\/react\.tsx)$|\/domain\/(format|services)\.ts$|node_modules\/(clsx|class-variance-authority|@radix-ui\/react-(slot|compose-refs))\/|lucide-react\/dist\/esm\/icons\/(clock|briefcase)\.mjs$|vite\/preload-helper/;

// The pieces every form page needs (Conform, the field, lazy validation): one file, not six small
// ones each paying its own request and headers on a phone. The honeypot field (a few lines) is in
// the shell: the job board's plain alert form needs it, and must not pull in the forms file.
const FORMS =
  /node_modules\/@conform-to\/(react|dom)\/|\/app\/(components\/(ui\/(field|textarea)|submission-key)\.tsx|lib\/(lazy-validation|lazy-form|form-errors)\.ts)$/;

// The job board's pieces, which the home page and /jobs (and /study, in part) load together: one
// file instead of five of a few hundred bytes, each a request and its headers.
const BOARD =
  /\/app\/(components\/(job-filters|empty-state|select-options)\.tsx|lib\/use-path-loading\.ts)$|\/domain\/job-search\.ts$/;

// The job card and what it draws with, loaded together by the home page, /jobs and a job's page.
const JOB_CARD =
  /\/app\/(components\/job-card\.tsx|lib\/payment-required\.ts)$|lucide-react\/dist\/esm\/icons\/lock\.mjs$/;

// lucide-react's icons are drawn by app/lib/lucide-icon.ts: one <svg> with its paths as markup
// written once, instead of an element per path built on every render.
const LIGHT_ICONS = path.resolve(import.meta.dirname, "app/lib/lucide-icon.ts");
const lightIcons: Plugin = {
  name: "passage:light-icons",
  enforce: "pre",
  resolveId(source, importer) {
    if (
      importer?.includes("/node_modules/lucide-react/") &&
      source.endsWith("/createLucideIcon.mjs")
    )
      return LIGHT_ICONS;
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [lightIcons, tailwindcss(), reactRouter()],
  // Bundled into the server too, so that the server draws the icons the same way.
  ssr: { noExternal: ["lucide-react"] },
  resolve: {
    tsconfigPaths: true,
    // Screens import `useTranslation` from "react-i18next"; ours (app/i18n/react.tsx) keeps that
    // API and lets the browser translate without i18next (decision record 19).
    alias: { "react-i18next": path.resolve(import.meta.dirname, "app/i18n/react.tsx") },
  },
  build: {
    target: "es2020",
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK },
                { name: "shell", test: SHELL },
                { name: "forms", test: FORMS },
                // The enums first: many pages need them, and a group takes in what its modules
                // import, so the board's file would otherwise carry them to every such page.
                { name: "enums", test: /\/domain\/enums\.ts$/ },
                { name: "board", test: BOARD },
                // Before the job card's group, which would otherwise carry it to /about and /study.
                { name: "country-flag", test: /\/app\/components\/country-flag\.tsx$/ },
                { name: "job-card", test: JOB_CARD },
                // The sign-in page's own small pieces in one file: each was a request whose
                // headers weighed about as much as its code.
                {
                  name: "auth-parts",
                  test: /\/app\/(routes\/auth\/auth-parts|components\/(office-select|account-fields))\.tsx$/,
                },
              ],
            },
          },
        },
  },
}));
