import { LoadError } from "~/app/components/admin/load-error";
import { Form, useNavigation, useSearchParams } from "react-router";
import { ListTable, Td, Tr } from "~/app/components/admin/data-table";
import { PageFlash } from "~/app/components/admin/flash";
import { ExportCsvLink, FilterSelect, SearchInput } from "~/app/components/admin/list-filters";
import { Pager } from "~/app/components/pager";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { StatusBadge } from "~/app/components/status-badge";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { NativeSelect } from "~/app/components/ui/input";
import { SelectOptions } from "~/app/components/select-options";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed } from "~/app/lib/action-result";
import { shellScreen } from "~/app/lib/shell-screen";
import { PAGE_SIZE, RoleChangeSchema } from "~/domain/admin";
import { type Role, ROLES } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import { parseProfileFilter } from "~/domain/users";
import { redirectDone } from "~/app/lib/redirect-done";
import { guardedRequest } from "~/app/lib/guarded-request";
import { requireUserAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import {
  changeRole,
  listAllProfilesForStaff,
  RoleChangeForbiddenError,
  setRegistrationPaid,
  type StaffProfileRow,
  UserNotFoundError,
} from "~/server/users/staff.server";
import type { Route } from "./+types/users";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.users");

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireUserAdmin);
  const filter = parseProfileFilter(url.searchParams);
  const users = await listAllProfilesForStaff({ filter, page, pageSize: PAGE_SIZE });
  return { users, viewerRole: viewer.role, viewerId: viewer.id };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUserAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const userId = String(formData.get("userId") ?? "");
  try {
    if (intent === "mark-paid" || intent === "mark-unpaid") {
      await setRegistrationPaid({ actor: viewer, userId, paid: intent === "mark-paid" });
      return redirectDone(request, "paymentUpdated");
    }
    if (intent === "role") {
      const parsed = RoleChangeSchema.safeParse({ userId, role: formData.get("role") });
      if (!parsed.success) return actionFailed(intent, "errors.roleInvalid", 400);
      await changeRole({ actor: viewer, userId, role: parsed.data.role });
      return redirectDone(request, "roleUpdated");
    }
  } catch (error) {
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

const COLUMNS = ["user", "role", "joined", "payment", "actions"] as const;

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  const { users, viewerRole } = loaderData;
  const rows = users.items;
  const dateFmt = dateFormatter(lang, "date");
  const exportQs = new URLSearchParams(params);
  for (const k of ["page", "done"]) exportQs.delete(k);
  const grantable: readonly Role[] =
    viewerRole === "super_admin"
      ? ROLES
      : ROLES.filter((r) => r !== "admin" && r !== "super_admin");

  return (
    <div className="grid gap-6">
      <PageFlash flash={actionData?.flash} />
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
        <FilterSelect
          id="user-role"
          name="role"
          label={t("users.search.role")}
          value={params.get("role") ?? ""}
          any={t("users.search.allRoles")}
          options={ROLES.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
        />
        <FilterSelect
          id="user-paid"
          name="paid"
          label={t("users.search.paid")}
          value={params.get("paid") ?? ""}
          any={t("users.search.anyPaid")}
          options={[
            { value: "yes", label: t("users.search.paidYes") },
            { value: "no", label: t("users.search.paidNo") },
          ]}
        />
        <Button type="submit">{t("actions.search")}</Button>
        <ExportCsvLink href={`/exports/users.csv?${exportQs.toString()}`} />
      </Form>

      <ListTable
        columns={COLUMNS.map((c) => t(`users.cols.${c}`))}
        rows={rows}
        empty={t("users.empty")}
      >
        {(u) => <UserRow key={u.id} user={u} dateFmt={dateFmt} grantable={grantable} />}
      </ListTable>
      <Pager page={users} withTotal />
    </div>
  );
}

function UserRow({
  user,
  dateFmt,
  grantable,
}: {
  user: StaffProfileRow;
  dateFmt: Intl.DateTimeFormat;
  grantable: readonly Role[];
}) {
  const { t, tc } = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("userId") === user.id;
  const canEditRole = grantable.includes(user.role);
  return (
    <Tr data-testid="user-row">
      <Td>
        <p className="font-medium text-slate-900">{user.fullName}</p>
        <p className="text-xs break-all text-slate-600">{user.email}</p>
        <p className="text-xs text-slate-600">{user.country ?? ""}</p>
      </Td>
      <Td label={t("users.cols.role")}>
        {canEditRole ? (
          <Form method="post" className="flex items-center gap-2" preventScrollReset>
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={user.id} />
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
      </Td>
      <Td label={t("users.cols.joined")}>{dateFmt.format(new Date(user.createdAt))}</Td>
      <Td label={t("users.cols.payment")}>
        <Badge tone={user.registrationFeePaid ? "success" : "waiting"}>
          {user.registrationFeePaid ? tc("labels.paid") : tc("labels.unpaid")}
        </Badge>
      </Td>
      <Td>
        <Form method="post" preventScrollReset>
          <input
            type="hidden"
            name="intent"
            value={user.registrationFeePaid ? "mark-unpaid" : "mark-paid"}
          />
          <input type="hidden" name="userId" value={user.id} />
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
      </Td>
    </Tr>
  );
}

export function ErrorBoundary() {
  return <LoadError what="users" />;
}
