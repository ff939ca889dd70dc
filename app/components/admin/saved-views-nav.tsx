import { BookmarkIcon, SlidersHorizontalIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { sideLink } from "~/app/components/dashboard-shell";
import { applicationViewQuery, savedViewHref } from "~/domain/saved-views";

export type SavedViewLink = { id: string; name: string; query: string };

/**
 * The viewer's saved views of the applications list, in the back-office sidebar: each
 * opens the list with its filters; the one on screen is marked current. Then Manage views.
 */
export function SavedViewsNav({ views }: { views: SavedViewLink[] }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const onScreen =
    location.pathname === "/admin/applications" ? applicationViewQuery(location.search) : null;
  return (
    <div className="mt-2 md:mt-4 md:border-t md:border-slate-200 md:pt-4">
      <h2
        id="saved-views-heading"
        className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        {t("views.sidebar")}
      </h2>
      <ul
        aria-labelledby="saved-views-heading"
        className="flex gap-1 overflow-x-auto pb-2 md:grid md:overflow-visible md:pb-0"
        data-testid="saved-views-nav"
      >
        {views.map((view) => (
          <li key={view.id} className="shrink-0">
            <Link
              to={savedViewHref(view.query)}
              className={sideLink}
              aria-current={onScreen === view.query ? "page" : undefined}
            >
              <BookmarkIcon aria-hidden />
              <span className="max-w-44 truncate">{view.name}</span>
            </Link>
          </li>
        ))}
        <li className="shrink-0">
          <Link
            to="/admin/views"
            className={sideLink}
            aria-current={location.pathname === "/admin/views" ? "page" : undefined}
          >
            <SlidersHorizontalIcon aria-hidden />
            <span>{t("views.manage")}</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
