import { ArchiveIcon, AwardIcon, GraduationCapIcon, ZapIcon, PlusIcon } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { FilterSelect, SearchInput } from "~/app/components/admin/list-filters";
import { LoadError } from "~/app/components/admin/load-error";
import { StatCards } from "~/app/components/admin/stat-card";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Pager } from "~/app/components/pager";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { resultFor } from "~/app/lib/action-result";
import { guardedRequest } from "~/app/lib/guarded-request";
import { shellScreen } from "~/app/lib/shell-screen";
import { PAGE_SIZE } from "~/domain/admin";
import { parseProgramAdminFilter, PROGRAM_LIST_STATUSES } from "~/domain/programs";
import { requireStaff } from "~/server/auth/guards.server";
import { listCountriesForJobForm } from "~/server/jobs/admin.server";
import { getProgramStatsForStaff, listAllProgramsForStaff } from "~/server/programs/admin.server";
import type { Route } from "./+types/programs";
import { bringBackProgram, dropProgram, saveProgram, switchProgram } from "./programs.server";
import { ProgramForm } from "./programs-form";
import { ProgramsTable, RemoveProgram } from "./programs-table";
import { runStaffIntent } from "./staff-intent.server";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.programs");

export async function loader({ request }: Route.LoaderArgs) {
  const { url, page } = await guardedRequest(request, requireStaff);
  const filter = parseProgramAdminFilter(url.searchParams);
  const [stats, programs, countries] = [
    await getProgramStatsForStaff(),
    await listAllProgramsForStaff({ filter, page, pageSize: PAGE_SIZE }),
    await listCountriesForJobForm(),
  ];
  return { stats, programs, countries, filter };
}

export const action = ({ request }: Route.ActionArgs) =>
  runStaffIntent(
    request,
    {
      create: saveProgram,
      update: saveProgram,
      activate: switchProgram,
      deactivate: switchProgram,
      remove: dropProgram,
      restore: bringBackProgram,
    },
    "errors.unknownAction",
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

export default function AdminPrograms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const [params] = useSearchParams();
  const { stats, programs, countries, filter } = loaderData;
  const rows = programs.items;
  const editId = params.get("edit");
  const deleteId = params.get("delete");
  const creating = params.get("new") === "1";
  const editing = editId ? rows.find((r) => r.id === editId && !r.archivedAt) : undefined;
  const deleting = deleteId ? rows.find((r) => r.id === deleteId && !r.archivedAt) : undefined;

  return (
    <div className="grid gap-6">
      <DoneFlash messages={DONE} />
      <Flash flash={actionData?.flash} />
      <StatCards
        labels="programs.cards"
        stats={stats}
        icons={{
          total: GraduationCapIcon,
          active: ZapIcon,
          scholarship: AwardIcon,
          archived: ArchiveIcon,
        }}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t("programs.listTitle")}</h2>
        <Link to="?new=1" preventScrollReset className={buttonVariants({ variant: "accent" })}>
          <PlusIcon aria-hidden />
          {t("programs.add")}
        </Link>
      </div>

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

      {creating || editing ? (
        <UrlDialog
          param={["new", "edit"]}
          title={editing ? t("programs.form.editTitle") : t("programs.form.addTitle")}
          wide
        >
          <ProgramForm
            key={editing?.id ?? "new"}
            program={editing}
            countries={countries}
            lastResult={resultFor(actionData, "create", "update")}
          />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <UrlDialog
          param="delete"
          title={t("programs.delete.title")}
          description={t("programs.delete.confirm")}
        >
          <RemoveProgram program={deleting} />
        </UrlDialog>
      ) : null}

      <ProgramsTable rows={rows} />
      <Pager page={programs} withTotal drop={["new", "edit", "delete", "done"]} />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="programs" />;
}
