import { MailIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PaidBadge } from "~/app/components/admin/paid-badge";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { StatusBadge } from "~/app/components/status-badge";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { SelectField } from "~/app/components/ui/field";
import { NO_OWNER } from "~/domain/bulk-actions";
import { dateFormatter, formatMoney, telLink, whatsappLink } from "~/domain/format";

const contactLink =
  "inline-flex min-h-6 items-center font-medium text-primary-700 underline underline-offset-2";
import type { ApplicantRecord } from "~/server/applicants/applicant-record.server";

/** One titled card of the applicant page. */
export function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  /** Shown instead of the children when there is nothing to list. */
  empty?: string | false;
  children?: ReactNode;
}) {
  return (
    <section
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {empty ? <p className="text-sm text-slate-600">{empty}</p> : children}
    </section>
  );
}

type OwnerChoice = { id: string; fullName: string };

/** Who they are: name, contact, office, fee, owner (and the form that changes it). */
export function ApplicantProfile({
  profile,
  owners,
}: {
  profile: ApplicantRecord["profile"];
  /** Who may own them: staff, and the agents of their office. */
  owners: { staff: OwnerChoice[]; agents: OwnerChoice[] };
}) {
  const { t, tc, lang } = useAdminT();
  const date = dateFormatter(lang, "date");
  const rows: [string, ReactNode][] = [
    [t("applicant.email"), <span className="break-all">{profile.email}</span>],
    // One tap to call them, or to open WhatsApp with them.
    [
      t("applicant.phone"),
      profile.phoneNumber ? (
        <a className={contactLink} href={telLink(profile.phoneNumber)}>
          {profile.phoneNumber}
          <span className="sr-only"> {t("applicant.call", { name: profile.fullName })}</span>
        </a>
      ) : (
        tc("labels.notSet")
      ),
    ],
    [
      t("applicant.whatsapp"),
      profile.whatsappNumber ? (
        <a
          className={contactLink}
          href={whatsappLink(profile.whatsappNumber)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {profile.whatsappNumber}
          <span className="sr-only"> {t("applicant.whatsappTo", { name: profile.fullName })}</span>
        </a>
      ) : (
        tc("labels.notSet")
      ),
    ],
    [t("applicant.country"), profile.country ?? tc("labels.notSet")],
    [t("applicant.office"), profile.office ?? tc("labels.notSet")],
    [
      t("applicant.owner"),
      profile.ownerName
        ? profile.ownerRole === "agent"
          ? t("applicant.ownerAgent", { name: profile.ownerName })
          : profile.ownerName
        : t("owners.none"),
    ],
    [t("applicant.since"), date.format(new Date(profile.createdAt))],
  ];
  return (
    <section
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby="applicant-name"
      data-testid="applicant-profile"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="applicant-name" className="text-xl font-semibold">
          {profile.erasedAt ? t("applicant.erased") : profile.fullName}
        </h2>
        <StatusBadge kind="role" value={profile.role} />
        <PaidBadge paid={profile.registrationFeePaid} feeDue={profile.feeDue}>
          {t("applications.details.fee", {
            state: profile.registrationFeePaid ? t("applications.paid") : t("applications.pending"),
          })}
        </PaidBadge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {profile.erasedAt ? null : (
        <div className="flex flex-wrap items-start gap-x-8 gap-y-4 border-t border-slate-100 pt-3">
          <OwnerForm profile={profile} owners={owners} />
          {profile.ownerRole === "agent" && !profile.hasPassword ? (
            <InvitationResend profile={profile} />
          ) : null}
        </div>
      )}
    </section>
  );
}

/**
 * Gives them to a staff member or an agent of their office (who then follows them in /agent),
 * at the version the page shows (decision record 37). A plain form: works before JavaScript.
 */
function OwnerForm({
  profile,
  owners,
}: {
  profile: ApplicantRecord["profile"];
  owners: { staff: OwnerChoice[]; agents: OwnerChoice[] };
}) {
  const { t } = useAdminT();
  const busy = useNavigation().formData?.get("intent") === "owner";
  const listed = [...owners.staff, ...owners.agents].some((o) => o.id === profile.ownerId);
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex flex-wrap items-end gap-2"
      // After a change the select starts from the owner saved.
      key={`${profile.ownerId}-${profile.version}`}
      data-testid="applicant-owner-form"
    >
      <input type="hidden" name="intent" value="owner" />
      <input type="hidden" name="applicantId" value={profile.id} />
      <input type="hidden" name="version" value={profile.version} />
      <SelectField
        id="applicant-owner"
        label={t("applicant.ownerForm.label")}
        className="min-w-56"
        selectProps={{ name: "ownerId", defaultValue: profile.ownerId ?? NO_OWNER }}
      >
        <option value={NO_OWNER}>{t("owners.none")}</option>
        {owners.agents.length ? (
          <optgroup label={t("applicant.ownerForm.agents")}>
            {owners.agents.map((o) => (
              <option key={o.id} value={o.id}>
                {o.fullName}
              </option>
            ))}
          </optgroup>
        ) : null}
        <optgroup label={t("applicant.ownerForm.staff")}>
          {owners.staff.map((o) => (
            <option key={o.id} value={o.id}>
              {o.fullName}
            </option>
          ))}
        </optgroup>
        {profile.ownerId && !listed ? (
          <option value={profile.ownerId}>{profile.ownerName ?? profile.ownerId}</option>
        ) : null}
      </SelectField>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {t("applicant.ownerForm.save")}
      </Button>
    </Form>
  );
}

/** An agent registered them and they have not chosen their password: the e-mail, again. */
function InvitationResend({ profile }: { profile: ApplicantRecord["profile"] }) {
  const { t } = useAdminT();
  const busy = useNavigation().formData?.get("intent") === "resendInvitation";
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid max-w-md justify-items-start gap-2"
      data-testid="applicant-invitation"
    >
      <input type="hidden" name="intent" value="resendInvitation" />
      <input type="hidden" name="applicantId" value={profile.id} />
      <p className="text-sm text-slate-700">{t("applicant.invitation.waiting")}</p>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        <MailIcon aria-hidden />
        {t("applicant.invitation.resend")}
      </Button>
    </Form>
  );
}

/** Their payments, each with its receipt when there is one. */
export function ApplicantPayments({ payments }: { payments: ApplicantRecord["payments"] }) {
  const { t, lang } = useAdminT();
  const dateTime = dateFormatter(lang, "dateTime");
  return (
    <Section
      id="applicant-payments"
      title={t("applicant.payments")}
      empty={payments.length === 0 && t("applicant.noPayments")}
    >
      <ul className="grid gap-2 text-sm">
        {payments.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center gap-2"
            data-testid="applicant-payment"
          >
            <span className="font-medium">{formatMoney(p.amountMinor, p.currency, lang)}</span>
            <Badge
              tone={
                p.status === "completed" ? "success" : p.status === "failed" ? "danger" : "neutral"
              }
            >
              {t(`payments.statuses.${p.status}`)}
            </Badge>
            <span className="text-slate-600">
              {t(`payments.providers.${p.provider}`, { defaultValue: p.provider })} ·{" "}
              {dateTime.format(new Date(p.paidAt ?? p.createdAt))}
            </span>
            {p.receiptNumber ? (
              <Link to={`/receipts/${p.id}`} className="text-primary-700 underline">
                {p.receiptNumber}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Staff notes on any of their applications (added in an application's details). */
export function ApplicantNotes({
  notes,
  applications,
}: {
  notes: ApplicantRecord["notes"];
  applications: ApplicantRecord["applications"];
}) {
  const { t, lang } = useAdminT();
  const dateTime = dateFormatter(lang, "dateTime");
  const title = new Map(applications.map((a) => [a.id, a.jobTitle]));
  return (
    <Section
      id="applicant-notes"
      title={t("applicant.notes")}
      empty={notes.length === 0 && t("applicant.noNotes")}
    >
      <ul className="grid gap-2 text-sm">
        {notes.map((n) => (
          <li
            key={n.id}
            className="rounded-md border border-amber-200 bg-amber-50 p-2"
            data-testid="staff-note"
          >
            <p className="text-xs font-semibold text-amber-900">{title.get(n.applicationId)}</p>
            <p className="break-words whitespace-pre-line">{n.body}</p>
            <p className="text-xs text-slate-700">
              {t("applications.details.noteBy", {
                name: n.authorName ?? t("applications.details.formerStaff"),
                when: dateTime.format(new Date(n.createdAt)),
              })}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
