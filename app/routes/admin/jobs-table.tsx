import { PencilIcon, Trash2Icon } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { DataBody, DataHead, DataTable, Td, Th, Tr } from "~/app/components/admin/data-table";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { buttonVariants } from "~/app/components/ui/button";
import type { StaffJobRow } from "~/server/jobs/admin.server";

function salaryText(job: StaffJobRow, lang: string) {
  if (job.salaryRange) return job.salaryRange;
  if (job.salaryMin == null && job.salaryMax == null) return null;
  const fmt = (n: number) =>
    job.salaryCurrency
      ? new Intl.NumberFormat(lang, {
          style: "currency",
          currency: job.salaryCurrency,
          maximumFractionDigits: 0,
        }).format(n)
      : new Intl.NumberFormat(lang).format(n);
  return [job.salaryMin, job.salaryMax]
    .filter((n): n is number => n != null)
    .map(fmt)
    .join(" – ");
}

/** The jobs of this page, as a table (stacked cards on a phone), or the empty state. */
export function JobsTable({ rows }: { rows: StaffJobRow[] }) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  if (rows.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        {t("jobs.empty")}
      </div>
    );
  }
  return (
    <DataTable>
      <DataHead>
        <Th>{t("jobs.cols.title")}</Th>
        <Th>{t("jobs.cols.country")}</Th>
        <Th>{t("jobs.cols.sector")}</Th>
        <Th>{t("jobs.cols.type")}</Th>
        <Th>{t("jobs.cols.employment")}</Th>
        <Th>{t("jobs.cols.active")}</Th>
        <Th>{t("jobs.cols.visibility")}</Th>
        <Th>
          <span className="sr-only">{t("jobs.cols.actions")}</span>
        </Th>
      </DataHead>
      <DataBody>
        {rows.map((job) => {
          const salary = salaryText(job, lang);
          return (
            <Tr key={job.id} data-testid="job-row">
              <Td>
                <p className="font-medium text-slate-900">{job.title}</p>
                {salary ? <p className="text-xs text-slate-600">{salary}</p> : null}
              </Td>
              <Td label={t("jobs.cols.country")}>{job.countryName ?? tc("labels.notSet")}</Td>
              <Td label={t("jobs.cols.sector")}>{tc(`labels.sector.${job.sector}`)}</Td>
              <Td label={t("jobs.cols.type")}>{tc(`labels.jobType.${job.jobType}`)}</Td>
              <Td label={t("jobs.cols.employment")}>
                {tc(`labels.employmentType.${job.employmentType}`)}
              </Td>
              <Td label={t("jobs.cols.active")}>
                <ToggleBadge
                  jobId={job.id}
                  intent="toggle-active"
                  on={job.isActive}
                  onLabel={t("jobs.badges.active")}
                  offLabel={t("jobs.badges.inactive")}
                  action={t("jobs.badges.toggleActive", { title: job.title })}
                />
              </Td>
              <Td label={t("jobs.cols.visibility")}>
                <ToggleBadge
                  jobId={job.id}
                  intent="toggle-public"
                  on={job.isPublic}
                  onLabel={t("jobs.badges.public")}
                  offLabel={t("jobs.badges.premium")}
                  action={t("jobs.badges.togglePublic", { title: job.title })}
                />
              </Td>
              <Td>
                <div className="flex gap-1">
                  <Link
                    to={`?${withParam(params, "edit", job.id)}`}
                    preventScrollReset
                    className={buttonVariants({ variant: "ghost", size: "sm" })}
                    aria-label={t("jobs.editJob", { title: job.title })}
                  >
                    <PencilIcon aria-hidden />
                    <span className="md:sr-only">{t("actions.edit")}</span>
                  </Link>
                  <Link
                    to={`?${withParam(params, "delete", job.id)}`}
                    preventScrollReset
                    className={buttonVariants({ variant: "ghost", size: "sm" }) + " text-red-700"}
                    aria-label={t("jobs.deleteJob", { title: job.title })}
                  >
                    <Trash2Icon aria-hidden />
                    <span className="md:sr-only">{t("actions.delete")}</span>
                  </Link>
                </div>
              </Td>
            </Tr>
          );
        })}
      </DataBody>
    </DataTable>
  );
}

function withParam(params: URLSearchParams, key: string, value: string) {
  const next = new URLSearchParams(params);
  for (const k of ["new", "edit", "delete", "done"]) next.delete(k);
  next.set(key, value);
  return next.toString();
}

function ToggleBadge(props: {
  jobId: string;
  intent: string;
  on: boolean;
  onLabel: string;
  offLabel: string;
  action: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("jobId") === props.jobId &&
    navigation.formData?.get("intent") === props.intent;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="jobId" value={props.jobId} />
      <button type="submit" aria-label={props.action} disabled={busy} className="rounded-full">
        <Badge
          tone={props.on ? "success" : props.intent === "toggle-public" ? "purple" : "neutral"}
        >
          {props.on ? props.onLabel : props.offLabel}
        </Badge>
      </button>
    </Form>
  );
}
