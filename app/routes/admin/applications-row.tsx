import { CalendarIcon, EyeIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { applicantHref, PersonCell, Td, TR_CLASS } from "~/app/components/admin/data-table";
import { CachedHtml, keyOf } from "~/app/lib/cached-html";
import { BulkRowCell } from "~/app/components/admin/bulk-actions";
import { StatusSelectForm } from "~/app/components/admin/status-select-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { PaidBadge } from "~/app/components/admin/paid-badge";
import { DirectApplicationBadge } from "~/app/components/admin/direct-application";
import { buttonVariants } from "~/app/components/ui/button";
import type { FactRefusal } from "~/domain/application-facts";
import type { ApplicationStatus } from "~/domain/enums";
import type { StaffApplicationRow } from "~/server/applications/staff.server";
import { APPLICATIONS_BULK_FORM } from "./applications-bulk";

/** The list's URL with one dialog open (and no other dialog or confirmation). */
export function linkWith(params: URLSearchParams, key: string, value: string) {
  const next = new URLSearchParams(params);
  for (const k of ["view", "schedule", "done"]) next.delete(k);
  next.set(key, value);
  return `?${next.toString()}`;
}

export function ApplicationRow({
  row,
  dateFmt,
  params,
}: {
  row: StaffApplicationRow & { refused?: Partial<Record<ApplicationStatus, FactRefusal>> };
  dateFmt: Intl.DateTimeFormat;
  params: URLSearchParams;
}) {
  const { t, tc, lang } = useAdminT();
  const location = useLocation();
  return (
    // The row is the same for every staff member on this list's page (its links and its status
    // form come back to it): kept once rendered, under what it shows and where it stands.
    <CachedHtml
      as="tr"
      className={TR_CLASS}
      data-testid="application-row"
      cacheKey={`application-row:${lang}:${location.pathname}${location.search}:${keyOf(row)}`}
    >
      {() => (
        <>
          <BulkRowCell
            form={APPLICATIONS_BULK_FORM}
            id={row.id}
            version={row.version}
            label={t("bulk.selectApplication", { name: row.applicantName, job: row.jobTitle })}
          />
          <PersonCell
            name={row.applicantName}
            href={applicantHref(row.userId)}
            email={row.applicantEmail}
            country={row.applicantCountry ?? tc("labels.notSet")}
          />
          <Td label={t("applications.cols.job")}>
            <p className="font-medium">{row.jobTitle}</p>
            <p className="text-xs text-slate-600">
              {row.kind === "program"
                ? `${tc("labels.applicationKind.program")} · ${row.university ?? ""}`
                : tc(`labels.sector.${row.jobSector ?? "other"}`)}{" "}
              · {row.jobCountry ?? tc("labels.notSet")}
            </p>
            {row.directApplication ? <DirectApplicationBadge /> : null}
          </Td>
          <Td label={t("applications.cols.status")}>
            <StatusSelectForm
              id={`status-${row.id}`}
              application={row}
              label={t("applications.statusFor", { name: row.applicantName, job: row.jobTitle })}
              compact
              refused={row.refused}
            />
          </Td>
          <Td label={t("applications.cols.owner")} data-testid="owner">
            {row.ownerName ?? <span className="text-slate-600">{t("owners.none")}</span>}
          </Td>
          <Td label={t("applications.cols.applied")}>{dateFmt.format(new Date(row.appliedAt))}</Td>
          <Td label={t("applications.cols.payment")}>
            <PaidBadge paid={row.paid} feeDue={row.feeDue} />
          </Td>
          <Td>
            <div className="flex flex-wrap gap-1">
              <Link
                to={linkWith(params, "view", row.id)}
                preventScrollReset
                className={buttonVariants({ variant: "ghost", size: "sm" })}
                aria-label={t("applications.viewFor", {
                  name: row.applicantName,
                  job: row.jobTitle,
                })}
              >
                <EyeIcon aria-hidden />
                {t("applications.view")}
              </Link>
              {row.status === "job_matched" ? (
                <Link
                  to={linkWith(params, "schedule", row.id)}
                  preventScrollReset
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  <CalendarIcon aria-hidden />
                  {t("applications.scheduleInterview")}
                </Link>
              ) : null}
            </div>
          </Td>
        </>
      )}
    </CachedHtml>
  );
}
