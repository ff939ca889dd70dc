import { Form } from "react-router";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { NativeSelect } from "~/app/components/ui/input";
import { useRootData } from "~/app/lib/root-data";
import { isApplicantRole, type Role } from "~/domain/enums";
import { seesEveryOffice } from "~/domain/offices";

type User = {
  id: string;
  fullName: string;
  role: Role;
  office: string | null;
  extraOffices: string[];
  version: number;
};

/**
 * A user's office on the users page: an applicant's nearest (their own choice), and for staff the
 * form that sets their office and the other offices they may see (admins see every office).
 */
export function UserOffices({ user, busy }: { user: User; busy: boolean }) {
  const { t } = useAdminT();
  const { settings } = useRootData();
  const cities = settings.offices.map((o) => o.city);
  const office = user.office && cities.includes(user.office) ? user.office : cities[0];
  if (isApplicantRole(user.role)) {
    return (
      <p className="mt-1 text-xs text-slate-600" data-testid="user-office">
        {t("offices.users.applicantOffice", { office })}
      </p>
    );
  }
  if (seesEveryOffice(user.role)) {
    return <p className="mt-1 text-xs text-slate-600">{t("offices.users.allOffices")}</p>;
  }
  return (
    <details className="mt-2 text-sm">
      <summary className="min-h-6 cursor-pointer leading-6 font-medium text-slate-900">
        {t("offices.users.summary", {
          offices: [office, ...user.extraOffices.filter((o) => o !== office)].join(", "),
        })}
      </summary>
      <Form method="post" preventScrollReset className="mt-2 grid max-w-xs gap-2">
        <input type="hidden" name="intent" value="offices" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="version" value={user.version} />
        <label htmlFor={`office-${user.id}`} className="font-medium text-slate-900">
          {t("offices.users.office", { name: user.fullName })}
        </label>
        <NativeSelect id={`office-${user.id}`} name="office" defaultValue={office} compact>
          {cities.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
        <fieldset className="grid gap-1">
          <legend className="font-medium text-slate-900">
            {t("offices.users.extra", { name: user.fullName })}
          </legend>
          {cities.map((c) => (
            <label key={c} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="extraOffices"
                value={c}
                defaultChecked={user.extraOffices.includes(c)}
              />
              {c}
            </label>
          ))}
        </fieldset>
        <Button type="submit" size="sm" variant="outline" disabled={busy}>
          {t("offices.users.save")}
        </Button>
      </Form>
    </details>
  );
}
