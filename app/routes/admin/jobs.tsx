import { BriefcaseIcon, EyeIcon, LockIcon, PlusIcon, ZapIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PageFlash } from "~/app/components/flash";
import { LoadError } from "~/app/components/admin/load-error";
import { StatCards } from "~/app/components/admin/stat-card";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Pager } from "~/app/components/pager";
import { buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { resultFor } from "~/app/lib/action-result";
import { shellScreen } from "~/app/lib/shell-screen";
import { guardedRequest } from "~/app/lib/guarded-request";
import { PAGE_SIZE } from "~/domain/admin";
import { requireStaff } from "~/server/auth/guards.server";
import {
  getJobStatsForStaff,
  listAllJobsForStaff,
  listCountriesForJobForm,
} from "~/server/jobs/admin.server";
import type { Route } from "./+types/jobs";
import { removeJob, saveJob, toggleJob } from "./jobs.server";
import { DeleteJob } from "./jobs-delete";
import { JobForm } from "./jobs-form";
import { JobsTable } from "./jobs-table";
import { runStaffIntent } from "./staff-intent.server";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.jobs");

export async function loader({ request }: Route.LoaderArgs) {
  const { page } = await guardedRequest(request, requireStaff);
  const [stats, jobs, countries] = [
    await getJobStatsForStaff(),
    await listAllJobsForStaff({ page, pageSize: PAGE_SIZE }),
    await listCountriesForJobForm(),
  ];
  return { stats, jobs, countries };
}

export const action = ({ request }: Route.ActionArgs) =>
  runStaffIntent(
    request,
    {
      create: saveJob,
      update: saveJob,
      "toggle-active": toggleJob,
      "toggle-public": toggleJob,
      delete: removeJob,
    },
    "errors.unknownAction",
  );

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const [params] = useSearchParams();
  const { stats, jobs, countries } = loaderData;
  const rows = jobs.items;
  const editId = params.get("edit");
  const deleteId = params.get("delete");
  const creating = params.get("new") === "1";
  const editing = editId ? rows.find((r) => r.id === editId) : undefined;
  const deleting = deleteId ? rows.find((r) => r.id === deleteId) : undefined;

  return (
    <div className="grid gap-6">
      <PageFlash flash={actionData?.flash} />
      <StatCards
        labels="jobs.cards"
        stats={stats}
        icons={{ total: BriefcaseIcon, active: ZapIcon, public: EyeIcon, paidOnly: LockIcon }}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t("jobs.listTitle")}</h2>
        <Link to="?new=1" preventScrollReset className={buttonVariants({ variant: "accent" })}>
          <PlusIcon aria-hidden />
          {t("jobs.add")}
        </Link>
      </div>

      {creating || editing ? (
        <UrlDialog
          param={["new", "edit"]}
          title={editing ? t("jobs.form.editTitle") : t("jobs.form.addTitle")}
          wide
        >
          <JobForm
            key={editing?.id ?? "new"}
            job={editing}
            countries={countries}
            lastResult={resultFor(actionData, "create", "update")}
          />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <UrlDialog
          param="delete"
          title={t("jobs.delete.title")}
          description={t("jobs.delete.confirm")}
        >
          <DeleteJob job={deleting} />
        </UrlDialog>
      ) : null}

      <JobsTable rows={rows} />
      <Pager page={jobs} withTotal drop={["new", "edit", "delete", "done"]} />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="jobs" />;
}
