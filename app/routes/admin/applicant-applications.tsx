import type { ComponentProps } from "react";
import { Link } from "react-router";
import { DirectApplicationBadge } from "~/app/components/admin/direct-application";
import { StatusSelectForm } from "~/app/components/admin/status-select-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { StatusBadge } from "~/app/components/status-badge";
import { buttonVariants } from "~/app/components/ui/button";
import { calendarDay, dateFormatter } from "~/domain/format";
import type { ApplicantRecord } from "~/server/applicants/applicant-record.server";
import { Section } from "./applicant-sections";
import { ApplicationChecklist } from "./applications-checklist";

/**
 * Every application of the applicant (jobs and programs), each with its stage, its owner, its
 * interview and departure, a status list, its documents' checklist (with an admin's way past the
 * gate), and the way to its details (notes, comments, travel).
 */
export function ApplicantApplications({
  applications,
  checklists,
}: {
  applications: ApplicantRecord["applications"];
  checklists: readonly {
    applicationId: string;
    lines: ComponentProps<typeof ApplicationChecklist>["lines"];
    overrides: ComponentProps<typeof ApplicationChecklist>["overrides"];
  }[];
}) {
  const { t, tc, lang } = useAdminT();
  const date = dateFormatter(lang, "date");
  const dateTime = dateFormatter(lang, "dateTime");
  const checklistOf = new Map(checklists.map((c) => [c.applicationId, c]));
  return (
    <Section
      id="applicant-applications"
      title={t("applicant.applications")}
      empty={applications.length === 0 && t("applicant.noApplications")}
    >
      <ul className="grid gap-3">
        {applications.map((a) => (
          <li
            key={a.id}
            className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm"
            data-testid="applicant-application"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-medium">{a.jobTitle}</p>
                <p className="text-xs text-slate-600">
                  {a.kind === "program"
                    ? `${tc("labels.applicationKind.program")} · ${a.university ?? ""}`
                    : tc(`labels.sector.${a.jobSector ?? "other"}`)}{" "}
                  · {a.jobCountry ?? tc("labels.notSet")} ·{" "}
                  {t("applicant.applied", { when: date.format(new Date(a.appliedAt)) })}
                </p>
                {a.directApplication ? <DirectApplicationBadge /> : null}
              </div>
              <StatusBadge kind="application" value={a.status} />
            </div>
            <StatusSelectForm
              id={`status-${a.id}`}
              application={a}
              label={t("applications.statusFor", { name: a.applicantName, job: a.jobTitle })}
              compact
              refused={a.refused}
            />
            <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-3">
              <div>
                <dt className="font-medium text-slate-600">{t("applications.cols.owner")}</dt>
                <dd>{a.ownerName ?? t("owners.none")}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">
                  {t("applications.details.interview")}
                </dt>
                <dd data-testid="applicant-interview">
                  {a.interviewDate
                    ? `${dateTime.format(new Date(a.interviewDate))}${a.interviewLocation ? ` · ${a.interviewLocation}` : ""}`
                    : t("applications.details.noInterview")}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">{t("applicant.departure")}</dt>
                <dd>
                  {a.departureDate
                    ? date.format(calendarDay(a.departureDate))
                    : tc("labels.notSet")}
                </dd>
              </div>
            </dl>
            <ApplicationChecklist
              lines={checklistOf.get(a.id)?.lines ?? []}
              overrides={checklistOf.get(a.id)?.overrides ?? []}
              app={a}
            />
            <div>
              <Link
                to={`/admin/applications?owner=all&view=${a.id}`}
                className={buttonVariants({ variant: "ghost", size: "sm" })}
                aria-label={t("applications.viewFor", { name: a.applicantName, job: a.jobTitle })}
              >
                {t("applicant.openApplication")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
