import { ArchiveIcon, AwardIcon, GraduationCapIcon, ZapIcon } from "lucide-react";
import { Form } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { FilterSelect, SearchInput } from "~/app/components/admin/list-filters";
import { LoadError } from "~/app/components/admin/load-error";
import { StatCards } from "~/app/components/admin/stat-card";
import { CatalogueList, RemoveRowForm } from "~/app/components/admin/catalogue";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { guardedRequest } from "~/app/lib/guarded-request";
import { shellScreen } from "~/app/lib/shell-screen";
import { PAGE_SIZE } from "~/domain/admin";
import { parseProgramAdminFilter, PROGRAM_LIST_STATUSES } from "~/domain/programs";
import { requireStaff } from "~/server/auth/guards.server";
import { listCountriesForJobForm } from "~/server/jobs/admin.server";
import { getProgramStatsForStaff, listAllProgramsForStaff } from "~/server/programs/admin.server";
import type { Route } from "./+types/programs";
import { bringBackProgram, dropProgram, saveProgram, switchProgram } from "./programs.server";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { ProgramForm } from "./programs-form";
import { ProgramsTable } from "./programs-table";
import { runIntent } from "~/app/lib/intent-action.server";
import { revalidateAfterStale } from "~/app/lib/action-result";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.programs");

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  const { url, page } = await guardedRequest(request, requireStaff);
  const filter = parseProgramAdminFilter(url.searchParams);
  const [stats, programs, countries, documentTypes] = [
    await getProgramStatsForStaff(),
    await listAllProgramsForStaff({ filter, page, pageSize: PAGE_SIZE }),
    await listCountriesForJobForm(),
    await listDocumentTypes(),
  ];
  return {
    stats,
    programs,
    countries,
    filter,
    documentTypes: documentTypes.map(({ key, names, active }) => ({ key, names, active })),
  };
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireStaff,
    {
      create: saveProgram,
      update: saveProgram,
      activate: switchProgram,
      deactivate: switchProgram,
      remove: dropProgram,
      restore: bringBackProgram,
    },
    { unknown: "errors.unknownAction" },
  );

/** The ?done=<key> confirmations of this screen (translation keys of "admin"). */
const DONE = Object.fromEntries(
  [
    "programCreated",
    "programUpdated",
    "programActivated",
    "programDeactivated",
    "programArchived",
    "programDeleted",
    "programRestored",
  ].map((key) => [key, `programs.done.${key}`]),
);

/** The figures above the list, in order, by their icons. */
const CARD_ICONS = {
  total: GraduationCapIcon,
  active: ZapIcon,
  scholarship: AwardIcon,
  archived: ArchiveIcon,
};

export default function AdminPrograms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { stats, programs, countries, filter } = loaderData;

  return (
    <div className="grid gap-6">
      <DoneFlash messages={DONE} />
      {/* A stale save is told in its edit dialog (decision record 37). */}
      <Flash flash={actionData?.flash && "stale" in actionData.flash ? null : actionData?.flash} />
      <StatCards labels="programs.cards" stats={stats} icons={CARD_ICONS} />

      <CatalogueList
        keys="programs"
        page={programs}
        editable={(program) => !program.archivedAt}
        filters={
          <Form
            method="get"
            className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
            role="search"
          >
            <SearchInput
              id="program-search"
              label={t("programs.search.label")}
              defaultValue={filter.q}
              placeholder={t("programs.search.placeholder")}
            />
            <FilterSelect
              id="program-status"
              name="status"
              label={t("programs.search.status")}
              value={filter.status ?? ""}
              any={t("programs.search.notArchived")}
              options={PROGRAM_LIST_STATUSES.map((s) => ({
                value: s,
                label: t(`programs.search.statuses.${s}`),
              }))}
            />
            <Button type="submit" variant="outline">
              {t("programs.search.apply")}
            </Button>
          </Form>
        }
        form={ProgramForm}
        countries={countries}
        remove={(program) => (
          <RemoveRowForm keys="programs" intent="remove" idName="programId" row={program} />
        )}
        table={<ProgramsTable rows={programs.items} />}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="programs" />;
}
