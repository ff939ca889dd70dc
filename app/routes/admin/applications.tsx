import { LoadError } from "~/app/components/admin/load-error";
import {
  CalendarIcon,
  CheckCircle2Icon,
  DownloadIcon,
  EyeIcon,
  PlaneIcon,
  UsersIcon,
  ClipboardListIcon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { DataBody, DataHead, DataTable, Td, Th, Tr } from "~/app/components/admin/data-table";
import { DoneFlash, Flash } from "~/app/components/admin/flash";
import { Pager } from "~/app/components/admin/pager";
import { StatCard, StatGrid } from "~/app/components/admin/stat-card";
import { ApplicationStatusBadge } from "~/app/components/admin/status-badge";
import { StatusSelectForm } from "~/app/components/admin/status-select-form";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { InputField, SelectField, TextareaField } from "~/app/components/ui/field";
import { Input, Label } from "~/app/components/ui/input";
import { i18nHandle } from "~/app/i18n/namespaces";
import { translateErrors } from "~/app/lib/form-errors";
import { pageMeta } from "~/app/lib/seo";
import { PAGE_SIZE, readPage, STAFF_COUNT_CAP } from "~/domain/admin";
import { APPLICATION_STATUSES } from "~/domain/enums";
import {
  getApplicationDetailsForStaff,
  getApplicationStatsForStaff,
  listAllApplicationsForStaff,
  readApplicationFilter,
  type StaffApplicationRow,
} from "~/server/applications/staff.server";
import { requireStaff } from "~/server/auth/guards.server";
import { listDocumentsForApplicantAsStaff } from "~/server/documents/documents.server";
import type { Route } from "./+types/applications";
import { handleApplicationAction } from "./applications.server";

export const handle: ShellHandle = { ...i18nHandle("admin"), titleKey: "titles.adminApplications" };
export const meta = () => pageMeta({ title: "Applications", noindex: true });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const { q, status } = readApplicationFilter(url);
  const page = readPage(url.searchParams.get("page"));
  // Independent reads run together; the list counts its matches only up to a cap.
  const [stats, list] = await Promise.all([
    getApplicationStatsForStaff(),
    listAllApplicationsForStaff({
      filter: { q, status },
      page,
      pageSize: PAGE_SIZE,
      countUpTo: STAFF_COUNT_CAP,
    }),
  ]);
  const viewId = url.searchParams.get("view");
  let details = null;
  if (viewId && UUID.test(viewId)) {
    const found = await getApplicationDetailsForStaff(viewId);
    if (found) {
      const docs = await listDocumentsForApplicantAsStaff(found.app.userId);
      details = { ...found, documents: docs.filter((d) => d.status !== "replaced") };
    }
  }
  const scheduleId = url.searchParams.get("schedule");
  const scheduling =
    scheduleId && UUID.test(scheduleId)
      ? ((await getApplicationDetailsForStaff(scheduleId))?.app ?? null)
      : null;
  return { stats, ...list, page, pageSize: PAGE_SIZE, q, status, details, scheduling };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  return handleApplicationAction(request, viewer, await request.formData());
}

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  const { stats, rows, total, capped, hasNext, page, pageSize, q, status, details, scheduling } =
    loaderData;
  const dateFmt = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });
  const exportQs = new URLSearchParams();
  if (q) exportQs.set("q", q);
  if (status) exportQs.set("status", status);

  return (
    <div className="grid gap-6">
      <DoneFlash done={params.get("done")} />
      <Flash flash={actionData?.flash} />
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
        <UrlDialog
          param="schedule"
          title={t("applications.schedule.title")}
          description={t("applications.schedule.description", {
            name: scheduling.applicantName,
            job: scheduling.jobTitle,
          })}
        >
          <ScheduleForm
            applicationId={scheduling.id}
            errors={actionData?.intent === "schedule" ? actionData.flash?.message : undefined}
          />
        </UrlDialog>
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
      <Pager page={page} pageSize={pageSize} total={total} capped={capped} hasNext={hasNext} />
    </div>
  );
}

function linkWith(params: URLSearchParams, key: string, value: string) {
  const next = new URLSearchParams(params);
  for (const k of ["view", "schedule", "done"]) next.delete(k);
  next.set(key, value);
  return `?${next.toString()}`;
}

function ApplicationRow({
  row,
  dateFmt,
  params,
}: {
  row: StaffApplicationRow;
  dateFmt: Intl.DateTimeFormat;
  params: URLSearchParams;
}) {
  const { t, tc } = useAdminT();
  return (
    <Tr data-testid="application-row">
      <Td>
        <p className="font-medium text-slate-900">{row.applicantName}</p>
        <p className="text-xs break-all text-slate-600">{row.applicantEmail}</p>
        <p className="text-xs text-slate-600">{row.applicantCountry ?? tc("labels.notSet")}</p>
      </Td>
      <Td label={t("applications.cols.job")}>
        <p className="font-medium">{row.jobTitle}</p>
        <p className="text-xs text-slate-600">
          {tc(`labels.sector.${row.jobSector}`)} · {row.jobCountry ?? tc("labels.notSet")}
        </p>
      </Td>
      <Td label={t("applications.cols.status")}>
        <StatusSelectForm
          applicationId={row.id}
          status={row.status}
          label={t("applications.statusFor", { name: row.applicantName, job: row.jobTitle })}
          compact
        />
      </Td>
      <Td label={t("applications.cols.applied")}>{dateFmt.format(new Date(row.appliedAt))}</Td>
      <Td label={t("applications.cols.payment")}>
        <Badge tone={row.paid ? "success" : "waiting"}>
          {row.paid ? t("applications.paid") : t("applications.pending")}
        </Badge>
      </Td>
      <Td>
        <div className="flex flex-wrap gap-1">
          <Link
            to={linkWith(params, "view", row.id)}
            preventScrollReset
            className={buttonVariants({ variant: "ghost", size: "sm" })}
            aria-label={t("applications.viewFor", { name: row.applicantName, job: row.jobTitle })}
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
    </Tr>
  );
}

function ScheduleForm({ applicationId, errors }: { applicationId: string; errors?: string }) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "schedule";
  // The browser's offset lets the server read the picked local time correctly; without JS it is 0 (UTC).
  const [tzOffset, setTzOffset] = useState("0");
  const [min, setMin] = useState<string | undefined>(undefined);
  useEffect(() => {
    const now = new Date();
    setTzOffset(String(now.getTimezoneOffset()));
    const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
    setMin(local.toISOString().slice(0, 16));
  }, []);
  const list = translateErrors(t, errors ? [errors] : undefined);
  return (
    <Form method="post" className="grid gap-4" preventScrollReset>
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="tzOffset" value={tzOffset} />
      <InputField
        id="interview-at"
        label={t("applications.schedule.when")}
        errors={list}
        inputProps={{ type: "datetime-local", name: "interviewAt", required: true, min }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={busy}>
          {t("applications.schedule.submit")}
        </Button>
      </div>
    </Form>
  );
}

type Details = NonNullable<Route.ComponentProps["loaderData"]["details"]>;

function ApplicationDetails({
  details,
  actionData,
}: {
  details: Details;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { t, tc, lang } = useAdminT();
  const { app, history, documents } = details;
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="grid gap-5 text-sm" data-testid="application-details">
      <section className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t("applications.details.applicant")}</h3>
          <p>{app.applicantName}</p>
          <p className="break-all text-slate-600">{app.applicantEmail}</p>
          <p className="text-slate-600">{app.applicantPhone ?? ""}</p>
          <p className="text-slate-600">{app.applicantCountry ?? tc("labels.notSet")}</p>
          <Badge tone={app.paid ? "success" : "waiting"}>
            {t("applications.details.fee", {
              state: app.paid ? t("applications.paid") : t("applications.pending"),
            })}
          </Badge>
        </div>
        <div>
          <h3 className="font-semibold">{t("applications.details.job")}</h3>
          <p>{app.jobTitle}</p>
          <p className="text-slate-600">
            {tc(`labels.sector.${app.jobSector}`)} · {tc(`labels.jobType.${app.jobType}`)} ·{" "}
            {app.jobCountry ?? tc("labels.notSet")}
          </p>
        </div>
      </section>
      <section className="grid gap-2">
        <h3 className="font-semibold">{t("applications.details.status")}</h3>
        <div className="flex flex-wrap items-center gap-3">
          <ApplicationStatusBadge status={app.status} />
          <StatusSelectForm
            applicationId={app.id}
            status={app.status}
            label={t("applications.details.changeStatus")}
          />
        </div>
        <p>
          <span className="font-medium">{t("applications.details.interview")}: </span>
          {app.interviewDate
            ? dateTime.format(new Date(app.interviewDate))
            : t("applications.details.noInterview")}
        </p>
      </section>
      <section className="grid gap-1">
        <h3 className="font-semibold">{t("applications.details.notes")}</h3>
        <p className="whitespace-pre-line text-slate-700">
          {app.notes || t("applications.details.noNotes")}
        </p>
      </section>
      <Form method="post" className="grid gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="comments" />
        <input type="hidden" name="applicationId" value={app.id} />
        <TextareaField
          id="admin-comments"
          label={t("applications.details.adminComments")}
          hint={t("applications.details.adminCommentsHint")}
          textareaProps={{ name: "adminComments", defaultValue: app.adminComments ?? "", rows: 3 }}
        />
        <div>
          <Button type="submit" size="sm" disabled={busy}>
            {t("applications.details.saveComments")}
          </Button>
        </div>
      </Form>
      <section className="grid gap-2">
        <h3 className="font-semibold">{t("applications.details.documents")}</h3>
        {actionData?.intent === "review" && actionData.flash ? (
          <Flash flash={actionData.flash} />
        ) : null}
        {documents.length === 0 ? (
          <p className="text-slate-600">{t("applications.details.noDocuments")}</p>
        ) : (
          <ul className="grid gap-3">
            {documents.map((d) => (
              <li
                key={d.id}
                className="grid gap-2 rounded-lg border border-slate-200 p-3"
                data-testid="staff-document"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium">{tc(`labels.documentType.${d.documentType}`)}</p>
                    <p className="text-xs break-all text-slate-600">{d.fileName}</p>
                  </div>
                  <Badge
                    tone={
                      d.status === "verified"
                        ? "success"
                        : d.status === "rejected"
                          ? "danger"
                          : "waiting"
                    }
                  >
                    {t(`documents.status.${d.status}`)}
                  </Badge>
                </div>
                {d.reviewReason ? <p className="text-xs text-slate-700">{d.reviewReason}</p> : null}
                <div className="flex flex-wrap items-end gap-2">
                  <a
                    href={d.downloadUrl}
                    target="_blank"
                    rel="noreferrer"
                    className={buttonVariants({ variant: "ghost", size: "sm" })}
                  >
                    {t("applications.details.open")}
                  </a>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="review" />
                    <input type="hidden" name="documentId" value={d.id} />
                    <input type="hidden" name="decision" value="verify" />
                    <Button
                      type="submit"
                      size="sm"
                      variant="outline"
                      disabled={busy || d.status === "verified"}
                    >
                      <CheckCircle2Icon aria-hidden />
                      {t("applications.details.verify")}
                    </Button>
                  </Form>
                  <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="review" />
                    <input type="hidden" name="documentId" value={d.id} />
                    <input type="hidden" name="decision" value="reject" />
                    <div className="grid gap-1">
                      <Label htmlFor={`reason-${d.id}`} className="text-xs">
                        {t("applications.details.rejectReason")}
                      </Label>
                      <Input
                        id={`reason-${d.id}`}
                        name="reason"
                        required
                        maxLength={500}
                        className="h-9"
                      />
                    </div>
                    <Button type="submit" size="sm" variant="destructive" disabled={busy}>
                      {t("applications.details.reject")}
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="grid gap-2">
        <h3 className="font-semibold">{t("applications.details.history")}</h3>
        {history.length === 0 ? (
          <p className="text-slate-600">{t("applications.details.noHistory")}</p>
        ) : (
          <ol className="grid gap-2" data-testid="status-history">
            {history.map((h) => (
              <li key={h.id} className="rounded-md bg-slate-50 p-2">
                <p>
                  {h.fromStatus
                    ? tc(`labels.applicationStatus.${h.fromStatus}.label`)
                    : t("applications.details.new")}{" "}
                  →{" "}
                  <span className="font-medium">
                    {tc(`labels.applicationStatus.${h.toStatus}.label`)}
                  </span>
                </p>
                <p className="text-xs text-slate-600">
                  {t("applications.details.changedBy", {
                    name: h.changedByName ?? t("applications.details.system"),
                    when: dateTime.format(new Date(h.createdAt)),
                  })}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="applications" />;
}
