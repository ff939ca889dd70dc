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
import { actionFailed, staleRefused, revalidateAfterStale } from "~/app/lib/action-result";
import { shellScreen } from "~/app/lib/shell-screen";
import { MarkPaidSchema, PAGE_SIZE, RoleChangeSchema } from "~/domain/admin";
import { type Role, ROLES } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import { parseProfileFilter } from "~/domain/users";
import { editVersion, StaleEditError } from "~/domain/versions";
import { redirectDone } from "~/app/lib/redirect-done";
import { guardedRequest } from "~/app/lib/guarded-request";
import { requireUserAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { listStaffOwners } from "~/server/owners/owners.server";
import { BulkActions, withSelectAll } from "~/app/components/admin/bulk-actions";
import { USER_BULK_ACTIONS } from "~/domain/bulk-actions";
import { runUserBulk } from "./bulk.server";
import { AccountErasureError, eraseAccount } from "~/server/privacy/erase-account.server";
import {
  AlreadyPaidError,
  changeRole,
  listAllProfilesForStaff,
  NoFeeDueError,
  PaymentReferenceTakenError,
  RoleChangeForbiddenError,
  setRegistrationPaid,
  UserNotFoundError,
} from "~/server/users/staff.server";
import type { Route } from "./+types/users";
import { StaffOfficesError, setStaffOffices } from "~/server/offices/staff-offices.server";
import { USERS_BULK_FORM, UserRow } from "./users-row";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.users");

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireUserAdmin);
  const filter = parseProfileFilter(url.searchParams);
  const [users, owners] = await Promise.all([
    listAllProfilesForStaff({ filter, page, pageSize: PAGE_SIZE }),
    listStaffOwners(),
  ]);
  return { users, owners, viewerRole: viewer.role, viewerId: viewer.id };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUserAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "bulk") return runUserBulk(viewer, formData);
  const userId = String(formData.get("userId") ?? "");
  // The version of the person the row showed: an edit on an older one is refused (decision
  // record 37).
  const expectedVersion = editVersion.safeParse(formData.get("version") || undefined).data;
  try {
    if (intent === "erase") {
      // On the person's request (issue 17), confirmed by typing their e-mail address.
      await eraseAccount({
        actor: viewer,
        userId,
        by: "staff",
        confirmEmail: String(formData.get("email") ?? ""),
      });
      return redirectDone(request, "accountErased");
    }
    if (intent === "mark-paid") {
      const parsed = MarkPaidSchema.safeParse({ userId, reference: formData.get("reference") });
      if (!parsed.success) {
        return actionFailed(intent, parsed.error.issues[0]?.message ?? "errors.paymentFailed", 400);
      }
      await setRegistrationPaid({
        actor: viewer,
        userId,
        paid: true,
        reference: parsed.data.reference,
        expectedVersion,
      });
      return redirectDone(request, "paymentUpdated");
    }
    if (intent === "mark-unpaid") {
      await setRegistrationPaid({ actor: viewer, userId, paid: false, expectedVersion });
      return redirectDone(request, "paymentUpdated");
    }
    if (intent === "offices") {
      await setStaffOffices({
        actor: viewer,
        userId,
        office: String(formData.get("office") ?? ""),
        extraOffices: formData.getAll("extraOffices").map(String),
        expectedVersion,
      });
      return redirectDone(request, "officesUpdated");
    }
    if (intent === "role") {
      const parsed = RoleChangeSchema.safeParse({ userId, role: formData.get("role") });
      if (!parsed.success) return actionFailed(intent, "errors.roleInvalid", 400);
      await changeRole({ actor: viewer, userId, role: parsed.data.role, expectedVersion });
      return redirectDone(request, "roleUpdated");
    }
  } catch (error) {
    if (error instanceof StaleEditError) return staleUser(intent, userId, error, formData);
    if (error instanceof AccountErasureError) {
      const message = {
        notFound: "errors.userNotFound",
        notApplicant: "users.erase.eraseNotApplicant",
        emailMismatch: "users.erase.eraseMismatch",
      }[error.reason];
      return actionFailed(intent, message, error.reason === "notFound" ? 404 : 400);
    }
    if (error instanceof StaffOfficesError) {
      const status = error.reason === "notFound" ? 404 : error.reason === "forbidden" ? 403 : 400;
      return actionFailed(intent, `offices.errors.${error.reason}`, status);
    }
    if (error instanceof AlreadyPaidError) {
      return actionFailed(intent, "errors.alreadyPaid", 409);
    }
    if (error instanceof NoFeeDueError) {
      return actionFailed(intent, "errors.noFeeDue", 409);
    }
    if (error instanceof PaymentReferenceTakenError) {
      return actionFailed(intent, "errors.paymentReferenceTaken", 409);
    }
    if (error instanceof UserNotFoundError) {
      return actionFailed(intent, "errors.userNotFound", 404);
    }
    if (error instanceof RoleChangeForbiddenError) {
      return actionFailed(intent, `errors.role.${error.reason}`, 403);
    }
    logger().error({ err: error, intent }, "admin user action failed");
    return actionFailed(intent, intent === "role" ? "errors.roleFailed" : "errors.paymentFailed");
  }
  return actionFailed(intent, "errors.unknownAction", 400);
}

/**
 * An edit of a person changed by someone else since the list was read (decision record 37): who,
 * when, and what the edit was about as it is now; a typed payment reference is kept.
 */
function staleUser(intent: string, userId: string, error: StaleEditError, formData: FormData) {
  const now = error.stale.current;
  const kept = { userId, reference: String(formData.get("reference") ?? "") };
  if (intent === "role") {
    return staleRefused(intent, error.stale, { key: `common:roles.${String(now.role)}` }, { kept });
  }
  if (intent === "offices") {
    const offices = [now.office, ...((now.extraOffices as string[] | undefined) ?? [])];
    const text = offices.filter((o, i) => o && offices.indexOf(o) === i).join(", ");
    return staleRefused(intent, error.stale, { text: text || null }, { kept });
  }
  return staleRefused(
    intent,
    error.stale,
    { key: now.paid ? "common:labels.paid" : "common:labels.unpaid" },
    { kept },
  );
}

const COLUMNS = ["select", "user", "role", "owner", "joined", "payment", "actions"] as const;
export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  const { users, owners, viewerRole } = loaderData;
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
