import { ClipboardListIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pager } from "~/app/components/pager";
import { buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { readPage } from "~/domain/pagination";
import { listApplicationsForApplicant } from "~/server/applications/apply.server";
import { requireApplicant } from "~/server/auth/guards.server";
import type { Route } from "./+types/applications";
import { ApplicationCard } from "./applications-card";

export const { handle, meta } = shellScreen(i18nHandle("dashboard"), "titles.applications");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  return listApplicationsForApplicant({ viewer, page: readPage(new URL(request.url)) });
}

export default function ApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { items, total } = loaderData;

  if (total === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <ClipboardListIcon className="size-8 text-slate-500" aria-hidden />
        <p className="text-lg font-semibold text-slate-900">{t("applications.empty")}</p>
        <Link to="/jobs" className={buttonVariants()}>
          {t("applications.emptyCta")}
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">{t("applications.count", { count: total })}</p>
      <ul className="grid gap-4">
        {items.map((a) => (
          <li key={a.id}>
            <ApplicationCard application={a} />
          </li>
        ))}
      </ul>
      <Pager page={loaderData} label={t("applications.pages")} />
    </div>
  );
}
