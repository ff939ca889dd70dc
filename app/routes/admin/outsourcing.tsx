import { LoadError } from "~/app/components/admin/load-error";
import { parseWithZod } from "@conform-to/zod/v4";
import { BriefcaseBusinessIcon, CheckCircle2Icon, LoaderIcon, SparklesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import {
  CountCard,
  FetcherStatusSelect,
  PageLinks,
  pageFrom,
  SearchStatusFilter,
} from "~/app/components/list-parts";
import { Badge } from "~/app/components/ui/badge";
import { Card, CardContent } from "~/app/components/ui/card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageMeta } from "~/app/lib/seo";
import { OUTSOURCING_INQUIRY_STATUSES, type OutsourcingInquiryStatus } from "~/domain/enums";
import { OutsourcingStatusSchema } from "~/domain/inquiries";
import { requireStaff } from "~/server/auth/guards.server";
import {
  OUTSOURCING_PAGE_SIZE,
  countOutsourcingInquiriesByStatus,
  listAllOutsourcingInquiriesForStaff,
  updateOutsourcingInquiryStatus,
} from "~/server/inquiries/outsourcing.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/outsourcing";

export const handle: ShellHandle = { ...i18nHandle("outsourcing"), titleKey: "titles.outsourcing" };
export const meta = () => pageMeta({ title: "Outsourcing Inquiries", noindex: true });

const isStatus = (v: string | null): v is OutsourcingInquiryStatus =>
  (OUTSOURCING_INQUIRY_STATUSES as readonly string[]).includes(v ?? "");

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageFrom(url);
  const [list, counts] = await Promise.all([
    listAllOutsourcingInquiriesForStaff({ status: isStatus(status) ? status : undefined, q, page }),
    countOutsourcingInquiriesByStatus(),
  ]);
  return {
    ...list,
    counts,
    page,
    pageSize: OUTSOURCING_PAGE_SIZE,
    filters: { q, status: isStatus(status) ? status : "" },
  };
}

type ActionResult = { ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  const formData = await request.formData();
  const parsed = parseWithZod(formData, { schema: OutsourcingStatusSchema });
  if (parsed.status !== "success")
    return data<ActionResult>({ ok: false, message: "admin.failed" }, 400);
  try {
    const ok = await updateOutsourcingInquiryStatus(viewer, parsed.value);
    if (!ok) return data<ActionResult>({ ok: false, message: "admin.failed" }, 404);
  } catch (error) {
    logger().error({ err: error, requestId: context.requestId }, "outsourcing status failed");
    return data<ActionResult>({ ok: false, message: "admin.failed" }, 500);
  }
  return { ok: true, message: "admin.updated" };
}

const TONE = { new: "waiting", in_progress: "progress", completed: "success" } as const;

export default function OutsourcingAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("outsourcing");
  const { rows, counts, page, total, filters, pageSize } = loaderData;
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <CountCard
          label={t("admin.cards.total")}
          value={counts.total}
          icon={<BriefcaseBusinessIcon />}
        />
        <CountCard label={t("admin.cards.new")} value={counts.new} icon={<SparklesIcon />} />
        <CountCard
          label={t("admin.cards.inProgress")}
          value={counts.inProgress}
          icon={<LoaderIcon />}
        />
        <CountCard
          label={t("admin.cards.completed")}
          value={counts.completed}
          icon={<CheckCircle2Icon />}
        />
      </div>

      {actionData ? (
        <p
          role="status"
          className={actionData.ok ? "text-sm text-green-800" : "text-sm text-red-700"}
        >
          {t(actionData.message as "admin.updated")}
        </p>
      ) : null}

      <SearchStatusFilter
        idPrefix="out"
        q={filters.q}
        status={filters.status}
        statuses={OUTSOURCING_INQUIRY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        labels={{
          form: t("admin.filters.label"),
          search: t("admin.filters.search"),
          placeholder: t("admin.filters.searchPlaceholder"),
          status: t("admin.filters.status"),
          all: t("admin.filters.all"),
          apply: t("admin.filters.apply"),
          clear: t("admin.filters.clear"),
        }}
      />

      {rows.length === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-slate-600">{t("admin.empty")}</CardContent>
        </Card>
      ) : (
        <>
          <ul className="grid gap-3" aria-label={t("admin.listLabel")}>
            {rows.map((r) => (
              <li key={r.id} data-testid="outsourcing-row">
                <Card className="grid gap-3 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="text-base font-semibold text-slate-900">{r.company}</h2>
                      <p className="text-sm text-slate-700">
                        {r.name} ·{" "}
                        <a href={`mailto:${r.email}`} className="text-primary-700 underline">
                          {r.email}
                        </a>
                      </p>
                      <p className="text-xs text-slate-600">
                        {t("admin.received", { date: fmt.format(new Date(r.createdAt)) })}
                      </p>
                    </div>
                    <Badge tone={TONE[r.status]}>{t(`status.${r.status}`)}</Badge>
                  </div>
                  <dl className="grid gap-1 text-sm sm:grid-cols-2">
                    <div>
                      <dt className="font-medium text-slate-800">{t("admin.services")}</dt>
                      <dd className="text-slate-700">
                        {r.services
                          .map((s) => t(`services.${s}.title`, { defaultValue: s }))
                          .join(", ")}
                      </dd>
                    </div>
                    <div>
                      <dt className="font-medium text-slate-800">{t("admin.budget")}</dt>
                      <dd className="text-slate-700">{r.budget || t("admin.noBudget")}</dd>
                    </div>
                  </dl>
                  {r.message ? (
                    <p className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
                      {r.message}
                    </p>
                  ) : null}
                  <StatusSelect
                    id={r.id}
                    status={r.status}
                    label={t("admin.statusFor", { company: r.company })}
                  />
                </Card>
              </li>
            ))}
          </ul>
          <PageLinks
            page={page}
            hasNext={page < pages}
            labels={{
              nav: t("admin.pager.label"),
              previous: t("admin.pager.previous"),
              next: t("admin.pager.next"),
              summary: t("admin.pager.page", { page, pages }),
            }}
          />
        </>
      )}
    </div>
  );
}

function StatusSelect({
  id,
  status,
  label,
}: {
  id: string;
  status: OutsourcingInquiryStatus;
  label: string;
}) {
  const { t } = useTranslation("outsourcing");
  return (
    <FetcherStatusSelect
      id={id}
      status={status}
      statuses={OUTSOURCING_INQUIRY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      label={label}
      saveLabel={t("admin.save")}

      selectClassName="w-40"
      okMessageClassName="text-sm text-green-800"
      translateMessage={(key) => t(key as "admin.updated")}
    />
  );
}

export function ErrorBoundary() {
  return <LoadError what="outsourcing" />;
}
