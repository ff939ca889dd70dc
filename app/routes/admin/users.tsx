import { LoadError } from "~/app/components/admin/load-error";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { applicantHref, ListTable, PersonCell, Td, Tr } from "~/app/components/admin/data-table";
import { PageFlash } from "~/app/components/flash";
import {
  choicesOf,
  ExportCsvLink,
  FilterSelects,
  SearchInput,
} from "~/app/components/admin/list-filters";
import { Pager } from "~/app/components/pager";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { StatusBadge } from "~/app/components/status-badge";
import { Button } from "~/app/components/ui/button";
import { Input, NativeSelect } from "~/app/components/ui/input";
import { SelectOptions } from "~/app/components/select-options";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, staleRefused, revalidateAfterStale } from "~/app/lib/action-result";
import { shellScreen } from "~/app/lib/shell-screen";
import { MarkPaidSchema, PAGE_SIZE, RoleChangeSchema } from "~/domain/admin";
import { isApplicantRole, isStaff, type Role, ROLES } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import { parseProfileFilter } from "~/domain/users";
import { editVersion, StaleEditError } from "~/domain/versions";
import { redirectDone } from "~/app/lib/redirect-done";
import { guardedRequest } from "~/app/lib/guarded-request";
import { requireUserAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { listStaffOwners } from "~/server/owners/owners.server";
import { BulkActions, BulkRowCell, withSelectAll } from "~/app/components/admin/bulk-actions";
import { PaidBadge } from "~/app/components/admin/paid-badge";
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
  type StaffProfileRow,
  UserNotFoundError,
} from "~/server/users/staff.server";
import type { Route } from "./+types/users";
import { StaffOfficesError, setStaffOffices } from "~/server/offices/staff-offices.server";
import { UserOffices } from "./users-offices";

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
const USERS_BULK_FORM = "bulk-users";

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

function UserRow({
  user,
  dateFmt,
  grantable,
  keptReference,
}: {
  user: StaffProfileRow;
  dateFmt: Intl.DateTimeFormat;
  grantable: readonly Role[];
  keptReference?: string;
}) {
  const { t, tc } = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("userId") === user.id;
  const canEditRole = grantable.includes(user.role);
  return (
    <Tr data-testid="user-row">
      <BulkRowCell
        form={USERS_BULK_FORM}
        id={user.id}
        version={user.version}
        label={t("bulk.selectPerson", { name: user.fullName })}
      />
      <PersonCell
        name={user.fullName}
        email={user.email}
        country={user.country ?? ""}
        href={isStaff(user.role) ? undefined : applicantHref(user.id)}
      />
      <Td label={t("users.cols.role")}>
        {canEditRole ? (
          <Form method="post" className="flex items-center gap-2" preventScrollReset>
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="version" value={user.version} />
            <label htmlFor={`role-${user.id}`} className="sr-only">
              {t("users.roleFor", { name: user.fullName })}
            </label>
            <NativeSelect
              id={`role-${user.id}`}
              name="role"
              defaultValue={user.role}
              key={user.role}
              compact
              className="min-w-36"
            >
              <SelectOptions
                options={grantable.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
              />
            </NativeSelect>
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              {t("users.changeRole")}
            </Button>
          </Form>
        ) : (
          <StatusBadge kind="role" value={user.role} />
        )}
        <UserOffices user={user} busy={busy} />
      </Td>
      <Td label={t("users.cols.owner")}>
        {isApplicantRole(user.role)
          ? (user.ownerName ?? <span className="text-slate-600">{t("owners.none")}</span>)
          : null}
      </Td>
      <Td label={t("users.cols.joined")}>{dateFmt.format(new Date(user.createdAt))}</Td>
      <Td label={t("users.cols.payment")}>
        <PaidBadge paid={user.registrationFeePaid} feeDue={user.feeDue}>
          {user.registrationFeePaid ? tc("labels.paid") : tc("labels.unpaid")}
        </PaidBadge>
        {/* The user's payments and receipts. */}
        <Link
          to={`/admin/payments?user=${encodeURIComponent(user.id)}`}
          className="mt-1 block text-xs text-primary-700 underline"
          aria-label={t("payments.forUser", { name: user.fullName })}
        >
          {t("users.paymentsLink")}
        </Link>
      </Td>
      <Td>
        {/* Nobody is marked as paying a fee their policy does not ask (the server refuses too). */}
        {!user.registrationFeePaid && !user.feeDue ? (
          <p className="max-w-xs text-xs text-slate-600">{t("users.noFeeDue")}</p>
        ) : (
          <Form method="post" preventScrollReset className="grid max-w-xs gap-1">
            <input
              type="hidden"
              name="intent"
              value={user.registrationFeePaid ? "mark-unpaid" : "mark-paid"}
            />
            <input type="hidden" name="userId" value={user.id} />
            {/* The version the row shows: a change on an older one is refused (record 37). */}
            <input type="hidden" name="version" value={user.version} />
            {user.registrationFeePaid ? null : (
              <>
                {/* The fee received by hand is recorded with its reference, and gets a receipt. */}
                <label
                  htmlFor={`paid-ref-${user.id}`}
                  className="text-xs font-medium text-slate-700"
                >
                  {t("users.paymentReference")}
                </label>
                <Input
                  id={`paid-ref-${user.id}`}
                  name="reference"
                  defaultValue={keptReference}
                  required
                  minLength={3}
                  maxLength={100}
                  autoComplete="off"
                  aria-describedby={`paid-ref-hint-${user.id}`}
                />
                <p id={`paid-ref-hint-${user.id}`} className="text-xs text-slate-600">
                  {t("users.paymentReferenceHint")}
                </p>
              </>
            )}
            <Button
              type="submit"
              size="sm"
              variant={user.registrationFeePaid ? "outline" : "default"}
              disabled={busy}
              aria-label={
                user.registrationFeePaid
                  ? t("users.markUnpaidFor", { name: user.fullName })
                  : t("users.markPaidFor", { name: user.fullName })
              }
            >
              {user.registrationFeePaid ? t("users.markUnpaid") : t("users.markPaid")}
            </Button>
          </Form>
        )}
        {isApplicantRole(user.role) ? <EraseAccount user={user} busy={busy} /> : null}
      </Td>
    </Tr>
  );
}

export function ErrorBoundary() {
  return <LoadError what="users" />;
}

/** Erase an applicant's account on their request: a disclosure with the e-mail as confirmation. */
function EraseAccount({ user, busy }: { user: StaffProfileRow; busy: boolean }) {
  const { t } = useAdminT();
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-red-700">
        {t("users.erase.erase")}
      </summary>
      <Form method="post" preventScrollReset className="mt-2 grid max-w-xs gap-2">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="userId" value={user.id} />
        <p className="text-slate-700">{t("users.erase.eraseConfirm")}</p>
        <label htmlFor={`erase-${user.id}`} className="font-medium text-slate-900">
          {t("users.erase.eraseEmail")}
        </label>
        <Input id={`erase-${user.id}`} name="email" type="email" autoComplete="off" required />
        <Button type="submit" size="sm" variant="destructive" disabled={busy}>
          {t("users.erase.erase")}
        </Button>
      </Form>
    </details>
  );
}
