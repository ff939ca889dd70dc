import { LoadError } from "~/app/components/admin/load-error";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  BriefcaseIcon,
  EyeIcon,
  LockIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  ZapIcon,
} from "lucide-react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { DataBody, DataHead, DataTable, Td, Th, Tr } from "~/app/components/admin/data-table";
import { DoneFlash, Flash } from "~/app/components/admin/flash";
import { Pager } from "~/app/components/admin/pager";
import { StatCard, StatGrid } from "~/app/components/admin/stat-card";
import { UrlDialog } from "~/app/components/admin/url-dialog";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { InputField, SelectField, TextareaField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { translateErrors } from "~/app/lib/form-errors";
import { pageMeta } from "~/app/lib/seo";
import { JobFormSchema, PAGE_SIZE, readPage } from "~/domain/admin";
import { EMPLOYMENT_TYPES, JOB_TYPES, SALARY_PERIODS, SECTORS } from "~/domain/enums";
import { redirectDone } from "~/server/admin/flash.server";
import { requireStaff } from "~/server/auth/guards.server";
import {
  createJob,
  deleteJob,
  getJobStatsForStaff,
  JobNotFoundError,
  listAllJobsForStaff,
  listCountriesForJobForm,
  type StaffJobRow,
  toggleJobFlag,
  updateJob,
} from "~/server/jobs/admin.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/jobs";

export const handle: ShellHandle = { ...i18nHandle("admin"), titleKey: "titles.jobs" };
export const meta = () => pageMeta({ title: "Manage Jobs", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page"));
  const [stats, list, countries] = [
    await getJobStatsForStaff(),
    await listAllJobsForStaff({ page, pageSize: PAGE_SIZE }),
    await listCountriesForJobForm(),
  ];
  return { stats, ...list, page, pageSize: PAGE_SIZE, countries };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const jobId = String(formData.get("jobId") ?? "");
  try {
    if (intent === "create" || intent === "update") {
      const submission = parseWithZod(formData, { schema: JobFormSchema });
      if (submission.status !== "success") {
        return data({ intent, result: submission.reply(), flash: null }, 400);
      }
      if (intent === "create") {
        await createJob({ actor: viewer, input: submission.value });
        return redirectDone(request, "jobCreated");
      }
      await updateJob({ actor: viewer, jobId, input: submission.value });
      return redirectDone(request, "jobUpdated");
    }
    if (intent === "toggle-active" || intent === "toggle-public") {
      await toggleJobFlag({
        actor: viewer,
        jobId,
        flag: intent === "toggle-active" ? "isActive" : "isPublic",
      });
      return redirectDone(
        request,
        intent === "toggle-active" ? "jobActiveUpdated" : "jobPublicUpdated",
      );
    }
    if (intent === "delete") {
      const { archived } = await deleteJob({ actor: viewer, jobId });
      return redirectDone(request, archived ? "jobArchived" : "jobDeleted");
    }
  } catch (error) {
    if (error instanceof JobNotFoundError) {
      return data(
        { intent, result: undefined, flash: { ok: false, message: "errors.jobNotFound" } },
        404,
      );
    }
    logger().error({ err: error, intent }, "admin job action failed");
    const message =
      intent === "delete"
        ? "errors.deleteJobFailed"
        : intent.startsWith("toggle")
          ? "errors.toggleJobFailed"
          : "errors.saveJobFailed";
    return data({ intent, result: undefined, flash: { ok: false, message } }, 500);
  }
  return data(
    { intent, result: undefined, flash: { ok: false, message: "errors.unknownAction" } },
    400,
  );
}

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

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  const { stats, rows, total, page, pageSize, countries } = loaderData;
  const editId = params.get("edit");
  const deleteId = params.get("delete");
  const creating = params.get("new") === "1";
  const editing = editId ? rows.find((r) => r.id === editId) : undefined;
  const deleting = deleteId ? rows.find((r) => r.id === deleteId) : undefined;
  const formResult =
    actionData && (actionData.intent === "create" || actionData.intent === "update")
      ? actionData.result
      : undefined;

  return (
    <div className="grid gap-6">
      <DoneFlash done={params.get("done")} />
      <Flash flash={actionData?.flash} />
      <StatGrid>
        <StatCard
          label={t("jobs.cards.total")}
          value={stats.total}
          icon={<BriefcaseIcon aria-hidden />}
        />
        <StatCard
          label={t("jobs.cards.active")}
          value={stats.active}
          icon={<ZapIcon aria-hidden />}
        />
        <StatCard
          label={t("jobs.cards.public")}
          value={stats.public}
          icon={<EyeIcon aria-hidden />}
        />
        <StatCard
          label={t("jobs.cards.paidOnly")}
          value={stats.paidOnly}
          icon={<LockIcon aria-hidden />}
        />
      </StatGrid>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t("jobs.listTitle")}</h2>
        <Link to="?new=1" preventScrollReset className={buttonVariants({ variant: "accent" })}>
          <PlusIcon aria-hidden />
          {t("jobs.add")}
        </Link>
      </div>

      {creating || editing ? (
        <UrlDialog
          param={["new", "edit"]}
          title={editing ? t("jobs.form.editTitle") : t("jobs.form.addTitle")}
          wide
        >
          <JobFormBody
            key={editing?.id ?? "new"}
            job={editing}
            countries={countries}
            lastResult={formResult}
          />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <UrlDialog
          param="delete"
          title={t("jobs.delete.title")}
          description={t("jobs.delete.confirm")}
        >
          <DeleteJobBody job={deleting} />
        </UrlDialog>
      ) : null}

      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {t("jobs.empty")}
        </div>
      ) : (
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
                        className={
                          buttonVariants({ variant: "ghost", size: "sm" }) + " text-red-700"
                        }
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
      )}
      <Pager page={page} pageSize={pageSize} total={total} />
    </div>
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

function DeleteJobBody({ job }: { job: StaffJobRow }) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" className="grid gap-4">
      <p className="font-medium">{job.title}</p>
      {job.applicationCount > 0 ? (
        <p className="text-sm text-amber-900" data-testid="archive-note">
          {t("jobs.delete.archiveNote", { count: job.applicationCount })}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="jobId" value={job.id} />
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="?" className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
        <Button type="submit" variant="destructive" disabled={busy}>
          {job.applicationCount > 0 ? t("jobs.delete.archiveButton") : t("jobs.delete.button")}
        </Button>
      </div>
    </Form>
  );
}

type LastResult = Parameters<typeof useForm>[0]["lastResult"];

function JobFormBody({
  job,
  countries,
  lastResult,
}: {
  job?: StaffJobRow;
  countries: { id: number; name: string }[];
  lastResult: LastResult;
}) {
  const { t, tc } = useAdminT();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    ["create", "update"].includes(String(navigation.formData?.get("intent")));
  const [form, fields] = useForm({
    id: job ? `job-${job.id}` : "job-new",
    lastResult,
    defaultValue: job
      ? {
          title: job.title,
          description: job.description,
          sector: job.sector,
          jobType: job.jobType,
          employmentType: job.employmentType,
          countryId: job.countryId ? String(job.countryId) : "",
          salaryRange: job.salaryRange ?? "",
          salaryMin: job.salaryMin != null ? String(job.salaryMin) : "",
          salaryMax: job.salaryMax != null ? String(job.salaryMax) : "",
          salaryCurrency: job.salaryCurrency ?? "",
          salaryPeriod: job.salaryPeriod ?? "",
          requirements: job.requirements.join("\n"),
          benefits: job.benefits.join("\n"),
          isActive: job.isActive ? "on" : "",
          isPublic: job.isPublic ? "on" : "",
        }
      : {
          sector: "technology",
          jobType: "entry_level",
          employmentType: "full_time",
          isActive: "on",
          isPublic: "on",
        },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: JobFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const err = (e: unknown) => translateErrors(t, e);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" preventScrollReset>
      <input type="hidden" name="intent" value={job ? "update" : "create"} />
      {job ? <input type="hidden" name="jobId" value={job.id} /> : null}
      {translateErrors(t, form.errors) ? (
        <Flash flash={{ ok: false, message: translateErrors(t, form.errors)!.join(" ") }} />
      ) : null}
      <InputField
        id={fields.title.id}
        label={t("jobs.form.title")}
        errors={err(fields.title.errors)}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), required: true }}
      />
      <TextareaField
        id={fields.description.id}
        label={t("jobs.form.description")}
        errors={err(fields.description.errors)}
        textareaProps={{ ...getTextareaProps(fields.description), required: true, rows: 4 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={fields.sector.id}
          label={t("jobs.form.sector")}
          errors={err(fields.sector.errors)}
          selectProps={getSelectProps(fields.sector)}
        >
          {SECTORS.map((s) => (
            <option key={s} value={s}>
              {tc(`labels.sector.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={fields.jobType.id}
          label={t("jobs.form.jobType")}
          errors={err(fields.jobType.errors)}
          selectProps={getSelectProps(fields.jobType)}
        >
          {JOB_TYPES.map((s) => (
            <option key={s} value={s}>
              {tc(`labels.jobType.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={fields.employmentType.id}
          label={t("jobs.form.employmentType")}
          errors={err(fields.employmentType.errors)}
          selectProps={getSelectProps(fields.employmentType)}
        >
          {EMPLOYMENT_TYPES.map((s) => (
            <option key={s} value={s}>
              {tc(`labels.employmentType.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={fields.countryId.id}
          label={t("jobs.form.country")}
          errors={err(fields.countryId.errors)}
          selectProps={getSelectProps(fields.countryId)}
        >
          <option value="">{tc("labels.notSet")}</option>
          {countries.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{t("jobs.form.salary")}</legend>
        <InputField
          id={fields.salaryRange.id}
          className="sm:col-span-2"
          label={t("jobs.form.salaryRange")}
          hint={t("jobs.form.salaryRangeHint")}
          errors={err(fields.salaryRange.errors)}
          inputProps={getInputProps(fields.salaryRange, { type: "text" })}
        />
        <InputField
          id={fields.salaryMin.id}
          label={t("jobs.form.salaryMin")}
          errors={err(fields.salaryMin.errors)}
          inputProps={{
            ...getInputProps(fields.salaryMin, { type: "text" }),
            inputMode: "decimal",
          }}
        />
        <InputField
          id={fields.salaryMax.id}
          label={t("jobs.form.salaryMax")}
          errors={err(fields.salaryMax.errors)}
          inputProps={{
            ...getInputProps(fields.salaryMax, { type: "text" }),
            inputMode: "decimal",
          }}
        />
        <InputField
          id={fields.salaryCurrency.id}
          label={t("jobs.form.salaryCurrency")}
          hint={t("jobs.form.salaryCurrencyHint")}
          errors={err(fields.salaryCurrency.errors)}
          inputProps={{ ...getInputProps(fields.salaryCurrency, { type: "text" }), maxLength: 3 }}
        />
        <SelectField
          id={fields.salaryPeriod.id}
          label={t("jobs.form.salaryPeriod")}
          errors={err(fields.salaryPeriod.errors)}
          selectProps={getSelectProps(fields.salaryPeriod)}
        >
          <option value="">{tc("labels.notSet")}</option>
          {SALARY_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`jobs.form.period.${p}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <TextareaField
        id={fields.requirements.id}
        label={t("jobs.form.requirements")}
        hint={t("jobs.form.onePerLine")}
        errors={err(fields.requirements.errors)}
        textareaProps={{ ...getTextareaProps(fields.requirements), rows: 4 }}
      />
      <TextareaField
        id={fields.benefits.id}
        label={t("jobs.form.benefits")}
        hint={t("jobs.form.onePerLine")}
        errors={err(fields.benefits.errors)}
        textareaProps={{ ...getTextareaProps(fields.benefits), rows: 4 }}
      />
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.isActive, { type: "checkbox" })} className="size-4" />
          {t("jobs.form.isActive")}
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.isPublic, { type: "checkbox" })} className="size-4" />
          {t("jobs.form.isPublic")}
        </label>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="?" className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
        <Button type="submit" disabled={busy}>
          {job ? t("jobs.form.update") : t("jobs.form.create")}
        </Button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <LoadError what="jobs" />;
}
