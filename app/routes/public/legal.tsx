import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Link } from "~/app/components/localized";
import { Prose } from "~/app/components/prose";
import { RouteError } from "~/app/components/route-error";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { i18nHandle } from "~/app/i18n/namespaces";
import { readInLanguage } from "~/app/lib/page-content.server";
import { pageNotFound, publicPageMeta } from "~/app/lib/seo";
import { calendarDay, formatDate } from "~/domain/format";
import { splitLanguage } from "~/domain/languages";
import { LEGAL_PAGES, type LegalPath, readLegalPage } from "~/server/content/pages.server";
import type { Route } from "./+types/legal";

export const handle = i18nHandle("content");

export async function loader({ request }: Route.LoaderArgs) {
  // Public page. One module serves the three legal routes at each language's address; the path
  // (without its language prefix) says which text, the page's language which translation.
  const { path } = splitLanguage(new URL(request.url).pathname.replace(/\/$/, ""));
  const name = LEGAL_PAGES[path as LegalPath];
  if (!name) throw data(null, { status: 404 });
  const lng = await requestLanguage(request);
  const page = await readInLanguage(lng, (language) => readLegalPage(name, language));
  return { ...page, path };
}

export const meta: Route.MetaFunction = publicPageMeta(({ data }, t) =>
  data ? { title: data.title, description: data.description, path: data.path } : pageNotFound(t),
);

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const { title, lastUpdated, html, path } = loaderData;
  const updated = lastUpdated
    ? formatDate(calendarDay(lastUpdated), i18n.language, "longDate")
    : null;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_16rem]">
      <article className="grid max-w-3xl content-start gap-4">
        <header className="grid gap-2 border-b border-slate-200 pb-4">
          <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
          {updated && lastUpdated ? (
            <p className="text-sm text-slate-600">
              {t("legal.lastUpdated")} <time dateTime={lastUpdated}>{updated}</time>
            </p>
          ) : null}
        </header>
        <Prose html={html} />
      </article>
      <aside className="lg:pt-2">
        <nav
          aria-label={t("legal.nav")}
          className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 className="text-sm font-semibold text-slate-900">{t("legal.nav")}</h2>
          <ul className="grid gap-1 text-sm">
            {(Object.keys(LEGAL_LINKS) as (keyof typeof LEGAL_LINKS)[]).map((href) => (
              <li key={href}>
                <Link
                  to={href}
                  aria-current={href === path ? "page" : undefined}
                  className="text-primary-700 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
                >
                  {t(LEGAL_LINKS[href])}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/contact" className="text-primary-700 hover:underline">
                {t("legal.contact")}
              </Link>
            </li>
          </ul>
        </nav>
      </aside>
    </div>
  );
}

const LEGAL_LINKS = {
  "/privacy-policy": "legal.privacy",
  "/terms-of-service": "legal.terms",
  "/cookie-policy": "legal.cookies",
} as const;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
