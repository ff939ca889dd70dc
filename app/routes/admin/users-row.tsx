import { Form, Link, useNavigation } from "react-router";
import { applicantHref, PersonCell, Td, Tr } from "~/app/components/admin/data-table";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { StatusBadge } from "~/app/components/status-badge";
import { Button } from "~/app/components/ui/button";
import { Input, NativeSelect } from "~/app/components/ui/input";
import { SelectOptions } from "~/app/components/select-options";
import { isApplicantRole, isStaff, type Role } from "~/domain/enums";
import { BulkRowCell } from "~/app/components/admin/bulk-actions";
import { PaidBadge } from "~/app/components/admin/paid-badge";
import type { StaffProfileRow } from "~/server/users/staff.server";
import { UserOffices } from "./users-offices";

// One person of the users list (/admin/users): their role, owner, payment (Mark Paid or Unpaid with
// the reference the money came with), offices and, for an applicant, erasing the account.

export const USERS_BULK_FORM = "bulk-users";

export function UserRow({
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
          className="mt-1 flex min-h-6 items-center text-xs text-primary-700 underline"
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

/** Erase an applicant's account on their request: a disclosure with the e-mail as confirmation. */
export function EraseAccount({ user, busy }: { user: StaffProfileRow; busy: boolean }) {
  const { t } = useAdminT();
  return (
    <details className="mt-2 text-sm">
      <summary className="min-h-6 cursor-pointer leading-6 font-medium text-red-700">
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
