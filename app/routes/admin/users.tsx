import { LoadError } from "~/app/components/admin/load-error";
import { Form, useSearchParams } from "react-router";
import { ListTable } from "~/app/components/admin/data-table";
import { PageFlash } from "~/app/components/flash";
import {
  choicesOf,
  ExportCsvLink,
  FilterSelects,
  SearchInput,
} from "~/app/components/admin/list-filters";
import { Pager } from "~/app/components/pager";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { revalidateAfterStale } from "~/app/lib/action-result";
import { shellScreen } from "~/app/lib/shell-screen";
import { PAGE_SIZE } from "~/domain/admin";
import { type Role, ROLES } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import { parseProfileFilter } from "~/domain/users";
import { guardedRequest } from "~/app/lib/guarded-request";
import { requireUserAdmin } from "~/server/auth/guards.server";
import { EVERY_OFFICE, listAgentOwners, listStaffOwners } from "~/server/owners/owners.server";
import { BulkActions, withSelectAll } from "~/app/components/admin/bulk-actions";
import { USER_BULK_ACTIONS } from "~/domain/bulk-actions";
import { listAllProfilesForStaff } from "~/server/users/staff.server";
import type { Route } from "./+types/users";
import { runIntent } from "~/app/lib/intent-action.server";
import {
  changeUsersInBulk,
  erasePerson,
  markPaid,
  markUnpaid,
  setOffices,
  setRole,
} from "./users.server";
import { USERS_BULK_FORM, UserRow } from "./users-row";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.users");

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireUserAdmin);
  const filter = parseProfileFilter(url.searchParams);
  // The bulk owner: staff, or an agent (for applicants of the agent's own office only: the
  // list shows every office's people, so every office's agents, and the service refuses the rest).
  const [users, owners, agentOwners] = await Promise.all([
    listAllProfilesForStaff({ filter, page, pageSize: PAGE_SIZE }),
    listStaffOwners(),
    listAgentOwners(EVERY_OFFICE),
  ]);
  return { users, owners, agentOwners, viewerRole: viewer.role, viewerId: viewer.id };
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireUserAdmin,
    {
      bulk: changeUsersInBulk,
      erase: erasePerson,
      "mark-paid": markPaid,
      "mark-unpaid": markUnpaid,
      offices: setOffices,
      role: setRole,
    },
    { unknown: "errors.unknownAction" },
  );

/**
 * An edit of a person changed by someone else since the list was read (decision record 37): who,
 * when, and what the edit was about as it is now; a typed payment reference is kept.
 */

const COLUMNS = ["select", "user", "role", "owner", "joined", "payment", "actions"] as const;
export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  const { users, owners, agentOwners, viewerRole } = loaderData;
  const rows = users.items;
  const dateFmt = dateFormatter(lang, "date");
  const exportQs = new URLSearchParams(params);
  for (const k of ["page", "done"]) exportQs.delete(k);
  const grantable: readonly Role[] =
    viewerRole === "super_admin"
      ? ROLES
      : ROLES.filter((r) => r !== "admin" && r !== "super_admin");
  const paidChoices = [
    { value: "yes", label: t("users.search.paidYes") },
    { value: "no", label: t("users.search.paidNo") },
  ];

  return (
    <div className="grid gap-6">
      <PageFlash flash={actionData?.intent === "bulk" ? null : actionData?.flash} />
      <Form
        method="get"
        role="search"
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto_auto] sm:items-end"
      >
        <SearchInput
          id="user-search"
          label={t("users.search.label")}
          defaultValue={params.get("q") ?? ""}
          placeholder={t("users.search.placeholder")}
        />
        <FilterSelects
          idPrefix="user"
          keys="users.search"
          current={Object.fromEntries(params)}
          filters={[
            { name: "role", any: "allRoles", options: choicesOf(ROLES, (r) => tc(`roles.${r}`)) },
            { name: "paid", any: "anyPaid", options: paidChoices },
          ]}
        />
        <Button type="submit">{t("actions.search")}</Button>
        <ExportCsvLink href={`/exports/users.csv?${exportQs.toString()}`} />
      </Form>
      <p className="text-sm">
        <a
          href="/admin/activity?action=account.erase"
          className="font-medium text-blue-700 underline underline-offset-2"
        >
          {t("users.erase.deletionLog")}
        </a>
      </p>

      {rows.length > 0 ? (
        <BulkActions
          formId={USERS_BULK_FORM}
          actions={USER_BULK_ACTIONS}
          owners={owners}
          agentOwners={agentOwners}
          pageIds={rows.map((u) => u.id)}
          matching={{ total: users.total, capped: false }}
          hidden={Object.fromEntries(exportQs)}
          exportHref="/exports/users.csv"
          answer={actionData}
        />
      ) : null}
      <ListTable
        columns={withSelectAll(COLUMNS, USERS_BULK_FORM, (c) => t(`users.cols.${c}`))}
        rows={rows}
        empty={t("users.empty")}
      >
        {(u) => (
          <UserRow
            key={u.id}
            user={u}
            dateFmt={dateFmt}
            grantable={grantable}
            keptReference={keptReferenceFor(actionData, u.id)}
          />
        )}
      </ListTable>
      <Pager page={users} withTotal />
    </div>
  );
}

/** The payment reference a refused Mark Paid on this person carried, to put back in its box. */
function keptReferenceFor(actionData: unknown, userId: string) {
  const kept = (actionData as { kept?: { userId?: string; reference?: string } } | undefined)?.kept;
  return kept?.userId === userId && kept.reference ? kept.reference : undefined;
}

export function ErrorBoundary() {
  return <LoadError what="users" />;
}
