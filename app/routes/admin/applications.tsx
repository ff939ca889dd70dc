import { CalendarIcon, ClipboardListIcon, DownloadIcon, PlaneIcon, UsersIcon } from "lucide-react";
import { Form, useSearchParams } from "react-router";
import { DataBody, DataHead, DataTable, Th } from "~/app/components/admin/data-table";
import { DoneFlash, Flash } from "~/app/components/admin/flash";
import { LoadError } from "~/app/components/admin/load-error";
import { StatCard, StatGrid } from "~/app/components/admin/stat-card";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { SelectField } from "~/app/components/ui/field";
import { Input, Label } from "~/app/components/ui/input";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageMeta } from "~/app/lib/seo";
import { DIALOG_PARAMS } from "~/app/lib/redirect-done";
import { Pager } from "~/app/components/pager";
import { PAGE_SIZE, STAFF_COUNT_CAP } from "~/domain/admin";
import { parseApplicationFilter } from "~/domain/applications";
import { readPage } from "~/domain/pagination";
import { APPLICATION_STATUSES } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import {
  getApplicationStatsForStaff,
  listAllApplicationsForStaff,
} from "~/server/applications/staff.server";
import { requireStaff } from "~/server/auth/guards.server";
import type { Route } from "./+types/applications";
import { ApplicationDetails } from "./applications-details";
import { ApplicationRow } from "./applications-row";
import { ScheduleInterviewDialog } from "./applications-schedule";
import { loadDetails, loadScheduling, runApplicationIntent } from "./applications.server";

export const handle: ShellHandle = { ...i18nHandle("admin"), titleKey: "titles.adminApplications" };
export const meta = () => pageMeta({ title: "Applications", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const { q, status } = parseApplicationFilter(url.searchParams);
  const page = readPage(url);
  // Independent reads run together; the list counts its matches only up to a cap.
  const [stats, list, details, scheduling] = await Promise.all([
    getApplicationStatsForStaff(),
    listAllApplicationsForStaff({
      filter: { q, status },
      page,
      pageSize: PAGE_SIZE,
      countUpTo: STAFF_COUNT_CAP,
    }),
    loadDetails(url),
    loadScheduling(url),
  ]);
  return { stats, list, q, status, details, scheduling };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  return runApplicationIntent(request, viewer, await request.formData());
}

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  const { stats, list, q, status, details, scheduling } = loaderData;
  const rows = list.items;
  const dateFmt = dateFormatter(lang, "date");
  const exportQs = new URLSearchParams();
  if (q) exportQs.set("q", q);
  if (status) exportQs.set("status", status);

  return (
    <div className="grid gap-6">
      <DoneFlash done={params.get("done")} />
      <Flash flash={actionData?.intent === "schedule" ? null : actionData?.flash} />
      <StatGrid>
        <StatCard
          label={t("applications.cards.total")}
          value={stats.total}
          icon={<ClipboardListIcon aria-hidden />}
        />
        <StatCard
          label={t("applications.cards.paidUsers")}
          value={stats.paidUsers}
          icon={<UsersIcon aria-hidden />}
        />
        <StatCard
          label={t("applications.cards.interviews")}
          value={stats.interviews}
          icon={<CalendarIcon aria-hidden />}
        />
        <StatCard
          label={t("applications.cards.departed")}
          value={stats.departed}
          icon={<PlaneIcon aria-hidden />}
        />
      </StatGrid>

      <Form
        method="get"
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        role="search"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="app-search">{t("applications.search.label")}</Label>
          <Input
            id="app-search"
            type="search"
            name="q"
            defaultValue={q ?? ""}
            placeholder={t("applications.search.placeholder")}
          />
        </div>
        <SelectField
          id="app-status"
          label={t("applications.search.status")}
          selectProps={{ name: "status", defaultValue: status ?? "" }}
        >
          <option value="">{t("applications.search.allStatuses")}</option>
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {tc(`labels.applicationStatus.${s}.label`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit">{t("actions.search")}</Button>
        <a
          href={`/exports/applications.csv?${exportQs.toString()}`}
          className={buttonVariants({ variant: "outline" })}
          download
        >
          <DownloadIcon aria-hidden />
          {t("actions.exportCsv")}
        </a>
      </Form>

      {details ? (
        <UrlDialog param="view" title={t("applications.details.title")} wide>
          <ApplicationDetails details={details} actionData={actionData} />
        </UrlDialog>
      ) : null}
      {scheduling ? (
        <ScheduleInterviewDialog scheduling={scheduling} actionData={actionData} />
      ) : null}

      {rows.length === 0 ? (
        <div
          className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600"
          data-testid="empty"
        >
          {q || status ? t("applications.emptyFiltered") : t("applications.empty")}
        </div>
      ) : (
        <DataTable>
          <DataHead>
            <Th>{t("applications.cols.applicant")}</Th>
            <Th>{t("applications.cols.job")}</Th>
            <Th>{t("applications.cols.status")}</Th>
            <Th>{t("applications.cols.applied")}</Th>
            <Th>{t("applications.cols.payment")}</Th>
            <Th>{t("applications.cols.actions")}</Th>
          </DataHead>
          <DataBody>
            {rows.map((r) => (
              <ApplicationRow key={r.id} row={r} dateFmt={dateFmt} params={params} />
            ))}
          </DataBody>
        </DataTable>
      )}
      <Pager page={list} withTotal drop={DIALOG_PARAMS} />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="applications" />;
}
