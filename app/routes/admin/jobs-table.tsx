import { CatalogueTable, RowEditLinks, RowIntentButton } from "~/app/components/admin/catalogue";
import { Td, Tr } from "~/app/components/admin/data-table";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import type { StaffJobRow } from "~/server/jobs/admin.server";
import { numberFormatter } from "~/domain/format";

function salaryText(job: StaffJobRow, lang: string) {
  if (job.salaryRange) return job.salaryRange;
  if (job.salaryMin == null && job.salaryMax == null) return null;
  const fmt = (n: number) =>
    job.salaryCurrency
      ? numberFormatter(lang, {
          style: "currency",
          currency: job.salaryCurrency,
          maximumFractionDigits: 0,
        }).format(n)
      : numberFormatter(lang).format(n);
  return [job.salaryMin, job.salaryMax]
    .filter((n): n is number => n != null)
    .map(fmt)
    .join(" – ");
}

const COLUMNS = [
  "title",
  "country",
  "sector",
  "type",
  "employment",
  "active",
  "visibility",
] as const;

/** The jobs of this page, as a table (stacked cards on a phone), or the empty state. */
export function JobsTable({ rows }: { rows: StaffJobRow[] }) {
  const { t, tc, lang } = useAdminT();
  const column = (c: (typeof COLUMNS)[number]) => t(`jobs.cols.${c}`);
  return (
    <CatalogueTable keys="jobs" columns={COLUMNS} rows={rows}>
      {(job) => {
        const salary = salaryText(job, lang);
        return (
          <Tr key={job.id} data-testid="job-row">
            <Td>
              <p className="font-medium text-slate-900">{job.title}</p>
              {salary ? <p className="text-xs text-slate-600">{salary}</p> : null}
            </Td>
            <Td label={column("country")}>{job.countryName ?? tc("labels.notSet")}</Td>
            <Td label={column("sector")}>{tc(`labels.sector.${job.sector}`)}</Td>
            <Td label={column("type")}>{tc(`labels.jobType.${job.jobType}`)}</Td>
            <Td label={column("employment")}>
              {tc(`labels.employmentType.${job.employmentType}`)}
            </Td>
            {TOGGLES.map((toggle) => (
              <Td key={toggle.intent} label={column(toggle.column)}>
                <ToggleBadge job={job} {...toggle} />
              </Td>
            ))}
            <Td>
              <RowEditLinks row={job} edit="jobs.editJob" remove="jobs.deleteJob" />
            </Td>
          </Tr>
        );
      }}
    </CatalogueTable>
  );
}

/** The two flags a row switches in place, each a badge that posts its intent. */
const TOGGLES = [
  {
    intent: "toggle-active",
    column: "active",
    flag: "isActive",
    on: "jobs.badges.active",
    off: "jobs.badges.inactive",
    offTone: "neutral",
    action: "jobs.badges.toggleActive",
  },
  {
    intent: "toggle-public",
    column: "visibility",
    flag: "isPublic",
    on: "jobs.badges.public",
    off: "jobs.badges.premium",
    offTone: "purple",
    action: "jobs.badges.togglePublic",
  },
] as const;

function ToggleBadge({
  job,
  intent,
  flag,
  on,
  off,
  offTone,
  action,
}: (typeof TOGGLES)[number] & { job: StaffJobRow }) {
  const { t } = useAdminT();
  const isOn = job[flag];
  return (
    <RowIntentButton
      idName="jobId"
      rowId={job.id}
      intent={intent}
      label={t(action, { title: job.title })}
    >
      <Badge tone={isOn ? "success" : offTone}>{isOn ? t(on) : t(off)}</Badge>
    </RowIntentButton>
  );
}
