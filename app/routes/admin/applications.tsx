import { CalendarIcon, ClipboardListIcon, PlaneIcon, UsersIcon } from "lucide-react";
import { Form, useSearchParams } from "react-router";
import { withSelectAll } from "~/app/components/admin/bulk-actions";
import { ListTable } from "~/app/components/admin/data-table";
import { PageFlash } from "~/app/components/flash";
import { LoadError } from "~/app/components/admin/load-error";
import {
  choicesOf,
  ExportCsvLink,
  OfficeFilter,
  FilterSelects,
  SearchInput,
} from "~/app/components/admin/list-filters";
import { StatCards } from "~/app/components/admin/stat-card";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { CachedHtml, keyOf } from "~/app/lib/cached-html";
import { shellScreen } from "~/app/lib/shell-screen";
import { DIALOG_PARAMS } from "~/app/lib/redirect-done";
import { guardedRequest } from "~/app/lib/guarded-request";
import { Pager } from "~/app/components/pager";
import { PAGE_SIZE, STAFF_COUNT_CAP } from "~/domain/admin";
import { ownerChoice, ownerFilter, parseApplicationFilter } from "~/domain/applications";
import { APPLICATION_KINDS, APPLICATION_STATUSES } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import {
  getApplicationStatsForStaff,
  listAllApplicationsForStaff,
} from "~/server/applications/staff.server";
import { refusedStatusesForStaff } from "~/server/applications/application-facts.server";
import { requireStaff } from "~/server/auth/guards.server";
import { listStaffOwners } from "~/server/owners/owners.server";
import { ownsAnyApplication } from "~/server/queues/work-queues.server";
import { parseOfficeFilter } from "~/domain/offices";
import { officeScopeFor } from "~/server/offices/scope.server";
import type { Route } from "./+types/applications";
import { ApplicationDetails } from "./applications-details";
import {
  APPLICATIONS_BULK_FORM,
  AppliedFromField,
  ApplicationsBulk,
  OwnerFilter,
} from "./applications-bulk";
import { runApplicationBulk } from "./bulk.server";
import { ApplicationRow } from "./applications-row";
import { SaveViewForm } from "./applications-save-view";
import { ScheduleInterviewDialog } from "./applications-schedule";
import { loadDetails, loadScheduling, runApplicationIntent } from "./applications.server";
import { revalidateAfterStale } from "~/app/lib/action-result";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.adminApplications");

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireStaff);
  const { q, status, kind, appliedFrom } = parseApplicationFilter(url.searchParams);
  // Only the applicants of the viewer's offices (all of them, or the one asked for).
  const scope = await officeScopeFor(viewer);
  const office = parseOfficeFilter(url.searchParams.get("office"), scope);
  // "My applicants" by default for managers who own any (decision records 25 and 41).
  const ownerView = ownerChoice(
    url.searchParams,
    viewer.role,
    url.searchParams.has("owner") || (await ownsAnyApplication(viewer.id)),
  );
  const owner = ownerFilter(ownerView, viewer.id);
  // Independent reads run together; the list counts its matches only up to a cap.
  const [stats, list, details, scheduling, owners] = await Promise.all([
    getApplicationStatsForStaff(scope),
    listAllApplicationsForStaff({
      filter: { q, status, kind, owner, appliedFrom },
      scope,
      office,
      page,
      pageSize: PAGE_SIZE,
      countUpTo: STAFF_COUNT_CAP,
    }),
    loadDetails(url, viewer, scope),
    loadScheduling(url, scope),
    listStaffOwners(),
  ]);
  const offices = { choices: scope.offices, all: scope.all, office };
  // Each row's statuses whose fact is false (decision record 32): its list offers them disabled.
  const refused = await refusedStatusesForStaff(list.items);
  return {
    stats,
    list: { ...list, items: list.items.map((r) => ({ ...r, refused: refused.get(r.id) ?? {} })) },
    q,
    status,
    kind,
    appliedFrom,
    details,
    scheduling,
    offices,
    owners,
    ownerView,
    owner,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  const formData = await request.formData();
  if (formData.get("intent") === "bulk") return runApplicationBulk(viewer, formData);
  return runApplicationIntent(request, viewer, formData);
}

const COLUMNS = [
  "select",
  "applicant",
  "job",
  "status",
  "owner",
  "applied",
  "payment",
  "actions",
] as const;

/** The figures above the list, in order, by their icons. */
const CARD_ICONS = {
  total: ClipboardListIcon,
  paidUsers: UsersIcon,
  interviews: CalendarIcon,
  departed: PlaneIcon,
};

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  const {
    stats,
    list,
    q,
    status,
    kind,
    appliedFrom,
    details,
    scheduling,
    offices,
    owners,
    ownerView,
    owner,
  } = loaderData;
  const rows = list.items;
  const dateFmt = dateFormatter(lang, "date");
  const exportQs = new URLSearchParams();
  if (q) exportQs.set("q", q);
  if (status) exportQs.set("status", status);
  if (kind) exportQs.set("kind", kind);
  if (appliedFrom) exportQs.set("from", appliedFrom);
  if (offices.office) exportQs.set("office", offices.office);
  exportQs.set("owner", owner ?? "all");
  const statusChoices = choicesOf(APPLICATION_STATUSES, (s) =>
    tc(`labels.applicationStatus.${s}.label`),
  );
  const kindChoices = choicesOf(APPLICATION_KINDS, (k) => tc(`labels.applicationKind.${k}`));

  return (
    <div className="grid gap-6">
      <PageFlash
        flash={
          actionData?.intent === "schedule" ||
          actionData?.intent === "bulk" ||
          // A stale refusal with the details open is told in the dialog (decision record 37).
          (details && actionData?.flash && "stale" in actionData.flash)
            ? null
            : actionData?.flash
        }
      />
      <StatCards labels="applications.cards" stats={stats} icons={CARD_ICONS} />

      <Form
        method="get"
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto_auto_auto] sm:items-end"
        role="search"
      >
        {/* The same for every staff member who sees these offices and owners, for this search. */}
        <CachedHtml
          className="contents"
          cacheKey={`application-filters:${lang}:${keyOf([q, status, kind, ownerView, exportQs.toString()])}:${keyOf(offices)}:${keyOf(owners)}`}
        >
          {() => (
            <>
              <SearchInput
                id="app-search"
                label={t("applications.search.label")}
                defaultValue={q ?? ""}
                placeholder={t("applications.search.placeholder")}
              />
              <FilterSelects
                idPrefix="app"
                keys="applications.search"
                current={{ status, kind }}
                filters={[
                  { name: "status", any: "allStatuses", options: statusChoices },
                  { name: "kind", any: "allKinds", options: kindChoices },
                ]}
              />
              <OfficeFilter id="app-office" offices={offices} />
              <OwnerFilter value={ownerView} owners={owners} />
              <AppliedFromField id="app-from" value={appliedFrom} />
              <Button type="submit">{t("actions.search")}</Button>
              <ExportCsvLink href={`/exports/applications.csv?${exportQs.toString()}`} />
            </>
          )}
        </CachedHtml>
      </Form>
      <SaveViewForm />

      {details ? (
        <UrlDialog param="view" title={t("applications.details.title")} wide>
          <ApplicationDetails details={details} actionData={actionData} />
        </UrlDialog>
      ) : null}
      {scheduling ? (
        <ScheduleInterviewDialog scheduling={scheduling} actionData={actionData} />
      ) : null}

      {rows.length > 0 ? (
        <ApplicationsBulk
          pageIds={rows.map((r) => r.id)}
          matching={{ total: list.total, capped: list.capped }}
          filter={Object.fromEntries(exportQs)}
          owners={owners}
          answer={actionData}
        />
      ) : null}
      <ListTable
        columns={withSelectAll(COLUMNS, APPLICATIONS_BULK_FORM, (c) => t(`applications.cols.${c}`))}
        rows={rows}
        empty={
          q || status || kind || owner || appliedFrom
            ? t("applications.emptyFiltered")
            : t("applications.empty")
        }
        emptyTestId="empty"
      >
        {(r) => <ApplicationRow key={r.id} row={r} dateFmt={dateFmt} params={params} />}
      </ListTable>
      <Pager page={list} withTotal drop={DIALOG_PARAMS} />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="applications" />;
}
