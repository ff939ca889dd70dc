import { BriefcaseIcon, EyeIcon, LockIcon, ZapIcon } from "lucide-react";
import { PageFlash } from "~/app/components/flash";
import { LoadError } from "~/app/components/admin/load-error";
import { StatCards } from "~/app/components/admin/stat-card";
import { CatalogueList, RemoveRowForm } from "~/app/components/admin/catalogue";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { guardedRequest } from "~/app/lib/guarded-request";
import { PAGE_SIZE } from "~/domain/admin";
import { requireStaff } from "~/server/auth/guards.server";
import {
  getJobStatsForStaff,
  listAllJobsForStaff,
  listCountriesForJobForm,
} from "~/server/jobs/admin.server";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import type { Route } from "./+types/jobs";
import { removeJob, saveJob, toggleJob } from "./jobs.server";
import { JobForm } from "./jobs-form";
import { JobsTable } from "./jobs-table";
import { runIntent } from "~/app/lib/intent-action.server";
import { listEmployerChoices } from "~/server/employers/employers.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { revalidateAfterStale } from "~/app/lib/action-result";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.jobs");

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, page } = await guardedRequest(request, requireStaff);
  const [stats, jobs, countries, employers, documentTypes] = await Promise.all([
    getJobStatsForStaff(),
    listAllJobsForStaff({ page, pageSize: PAGE_SIZE }),
    listCountriesForJobForm(),
    // The employers the form may name: those of the viewer's offices (decision record 43).
    officeScopeFor(viewer).then(listEmployerChoices),
    listDocumentTypes(),
  ]);
  return {
    stats,
    jobs,
    countries,
    employers,
    documentTypes: documentTypes.map(({ key, names, active }) => ({ key, names, active })),
  };
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireStaff,
    {
      create: saveJob,
      update: saveJob,
      "toggle-active": toggleJob,
      "toggle-public": toggleJob,
      delete: removeJob,
    },
    { unknown: "errors.unknownAction" },
  );

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, jobs, countries } = loaderData;

  return (
    <div className="grid gap-6">
      {/* A stale save is told in its edit dialog (decision record 37). */}
      <PageFlash
        flash={actionData?.flash && "stale" in actionData.flash ? null : actionData?.flash}
      />
      <StatCards
        labels="jobs.cards"
        stats={stats}
        icons={{ total: BriefcaseIcon, active: ZapIcon, public: EyeIcon, paidOnly: LockIcon }}
      />

      <CatalogueList
        keys="jobs"
        page={jobs}
        form={JobForm}
        countries={countries}
        remove={(job) => <RemoveRowForm keys="jobs" intent="delete" idName="jobId" row={job} />}
        table={<JobsTable rows={jobs.items} />}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="jobs" />;
}
