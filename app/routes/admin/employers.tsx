import { ArchiveIcon, BadgeCheckIcon, BuildingIcon } from "lucide-react";
import { Form, useSearchParams } from "react-router";
import { FilterSelect, SearchInput } from "~/app/components/admin/list-filters";
import { LoadError } from "~/app/components/admin/load-error";
import { StatCards } from "~/app/components/admin/stat-card";
import { CatalogueList, RemoveRowForm } from "~/app/components/admin/catalogue";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { DoneFlash, Flash } from "~/app/components/flash";
import { Button } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { revalidateAfterStale } from "~/app/lib/action-result";
import { guardedRequest } from "~/app/lib/guarded-request";
import { shellScreen } from "~/app/lib/shell-screen";
import { PAGE_SIZE } from "~/domain/admin";
import { EMPLOYER_LIST_STATUSES, parseEmployerFilter } from "~/domain/employers";
import { requireStaff } from "~/server/auth/guards.server";
import {
  contactsOf,
  getEmployerStatsForStaff,
  listEmployersForStaff,
} from "~/server/employers/employers.server";
import { listCountriesForJobForm } from "~/server/jobs/admin.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/employers";
import { EmployerContacts } from "./employers-contacts";
import {
  addContact,
  bringBackEmployer,
  dropContact,
  dropEmployer,
  saveEmployer,
  verifyEmployer,
} from "./employers.server";
import { EmployerForm } from "./employers-form";
import { EmployersTable } from "./employers-table";
import { runIntent } from "~/app/lib/intent-action.server";

// The employers who hire through the agency (decision record 43), kept by the office
// that owns each relationship: staff see and change those of their own offices only.

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.employers");

/** After a change refused as stale, the page shows the employers as they are now (record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireStaff);
  const filter = parseEmployerFilter(url.searchParams);
  const [scope, settings, countries] = await Promise.all([
    officeScopeFor(viewer),
    getSiteSettings(),
    listCountriesForJobForm(),
  ]);
  const [stats, list] = await Promise.all([
    getEmployerStatsForStaff(scope),
    listEmployersForStaff({ filter, scope, page, pageSize: PAGE_SIZE }),
  ]);
  const contacts = await contactsOf(list.items.map((e) => e.id));
  // What the shared catalogue screen needs of a row: a title, and what keeps it from deletion.
  const items = list.items.map((e) => ({
    ...e,
    title: e.name,
    applicationCount: e.jobCount,
    contacts: contacts.get(e.id) ?? [],
  }));
  const offices = scope.all ? settings.offices.map((o) => o.city) : scope.offices;
  return { stats, employers: { ...list, items }, countries, offices, filter };
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireStaff,
    {
      create: saveEmployer,
      update: saveEmployer,
      verify: verifyEmployer,
      unverify: verifyEmployer,
      remove: dropEmployer,
      restore: bringBackEmployer,
      "add-contact": addContact,
      "remove-contact": dropContact,
    },
    { unknown: "errors.unknownAction" },
  );

export type EmployerRow = Route.ComponentProps["loaderData"]["employers"]["items"][number];

const DONE = Object.fromEntries(
  [
    "employerCreated",
    "employerUpdated",
    "employerVerified",
    "employerUnverified",
    "employerArchived",
    "employerDeleted",
    "employerRestored",
    "contactAdded",
    "contactRemoved",
  ].map((key) => [key, `employers.done.${key}`]),
);

export default function AdminEmployers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { stats, employers, countries, filter } = loaderData;
  const [params] = useSearchParams();
  const showingContacts = employers.items.find((e) => e.id === params.get("contacts"));

  return (
    <div className="grid gap-6">
      <DoneFlash messages={DONE} />
      {/* A stale edit or removal is told in its dialog (decision record 37). */}
      <Flash
        flash={
          actionData?.flash &&
          "stale" in actionData.flash &&
          ["update", "remove"].includes(actionData.intent)
            ? null
            : actionData?.flash
        }
      />
      <StatCards
        labels="employers.cards"
        stats={stats}
        icons={{ total: BuildingIcon, verified: BadgeCheckIcon, archived: ArchiveIcon }}
      />
      {showingContacts ? (
        <UrlDialog
          param="contacts"
          title={t("employers.contacts.title", { name: showingContacts.name })}
          wide
        >
          <EmployerContacts employer={showingContacts} />
        </UrlDialog>
      ) : null}
      <CatalogueList
        keys="employers"
        page={employers}
        editable={(e) => !e.archivedAt}
        filters={
          <Form
            method="get"
            className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
            role="search"
          >
            <SearchInput
              id="employer-search"
              label={t("employers.search.label")}
              defaultValue={filter.q}
              placeholder={t("employers.search.placeholder")}
            />
            <FilterSelect
              id="employer-status"
              name="status"
              label={t("employers.search.status")}
              value={filter.status ?? ""}
              any={t("employers.search.notArchived")}
              options={EMPLOYER_LIST_STATUSES.map((s) => ({
                value: s,
                label: t(`employers.search.statuses.${s}`),
              }))}
            />
            <Button type="submit" variant="outline">
              {t("employers.search.apply")}
            </Button>
          </Form>
        }
        form={EmployerForm}
        countries={countries}
        remove={(e) => (
          <RemoveRowForm
            keys="employers"
            intent="remove"
            idName="employerId"
            row={e}
            version={e.version}
          />
        )}
        table={<EmployersTable rows={employers.items} />}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="employers" />;
}
