import { applicantHref } from "~/app/components/admin/data-table";
import { LoadError } from "~/app/components/admin/load-error";
import { ArrowLeftIcon, ArrowRightIcon } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { OfficeFilter, SearchInput } from "~/app/components/admin/list-filters";
import { PageFlash } from "~/app/components/flash";
import { StatusSelectForm } from "~/app/components/admin/status-select-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { PaidBadge } from "~/app/components/admin/paid-badge";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { ownerFilter, parseApplicationFilter } from "~/domain/applications";
import {
  type ApplicationKind,
  type ApplicationStatus,
  APPLICATION_KINDS,
  statusesForKind,
} from "~/domain/enums";
import { parseOfficeFilter } from "~/domain/offices";
import { APPLICATION_STATUS_TONE } from "~/domain/tracker";
import { listPipelineForStaff } from "~/server/applications/staff.server";
import { requireStaff } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { listStaffOwners } from "~/server/owners/owners.server";
import type { Route } from "./+types/pipeline";
import { AppliedFromField, OwnerFilter } from "./applications-bulk";
import { ScheduleInterviewDialog } from "./applications-schedule";
import { loadScheduling, runApplicationIntent } from "./applications.server";
import { revalidateAfterStale } from "~/app/lib/action-result";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.pipeline");

const PER_COLUMN = 20;

/** The board shows one kind's stages: jobs by default, study programs with ?kind=program. */
function kindOf(url: URL): ApplicationKind {
  return url.searchParams.get("kind") === "program" ? "program" : "job";
}

/** A column's page: `?page-<status>=N`. */
const pageParam = (status: string) => `page-${status}`;

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireStaff(request);
  const url = new URL(request.url);
  const kind = kindOf(url);
  // The board shows the applicants of the viewer's offices only (or the one office asked for),
  // filtered as the applications list is, so a column's count is the list's for that status.
  const scope = await officeScopeFor(viewer);
  const office = parseOfficeFilter(url.searchParams.get("office"), scope);
  const { q, appliedFrom } = parseApplicationFilter(url.searchParams);
  const ownerView = url.searchParams.get("owner")?.slice(0, 100) || "all";
  const owner = ownerFilter(ownerView, viewer.id);
  const pages = Object.fromEntries(
    statusesForKind(kind).map((status) => [
      status,
      Math.min(10_000, Math.max(1, Number(url.searchParams.get(pageParam(status))) || 1)),
    ]),
  );
  const [columns, scheduling, owners] = await Promise.all([
    listPipelineForStaff(scope, PER_COLUMN, kind, {
      filter: { q, owner, appliedFrom },
      office,
      pages,
    }),
    loadScheduling(url, scope),
    listStaffOwners(),
  ]);
  return {
    columns,
    scheduling,
    kind,
    filters: { q: q ?? "", appliedFrom, ownerView, owner },
    offices: { choices: scope.offices, all: scope.all, office },
    owners,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  return runApplicationIntent(request, viewer, await request.formData());
}

type Card = Route.ComponentProps["loaderData"]["columns"][number]["cards"][number];

export default function Pipeline({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc } = useAdminT();
  const { columns, scheduling, kind, filters, offices, owners } = loaderData;
  const [params] = useSearchParams();
  // What the board is filtered by, for the links that keep it (a column's pages, "see all").
  const filterQs = new URLSearchParams();
  if (kind === "program") filterQs.set("kind", "program");
  if (filters.q) filterQs.set("q", filters.q);
  if (filters.appliedFrom) filterQs.set("from", filters.appliedFrom);
  if (offices.office) filterQs.set("office", offices.office);
  if (filters.ownerView !== "all") filterQs.set("owner", filters.ownerView);
  const filtered = Boolean(filters.q || filters.appliedFrom || offices.office || filters.owner);
  const listQs = (status: string) => {
    const qs = new URLSearchParams(filterQs);
    qs.set("status", status);
    qs.set("kind", kind);
    qs.set("owner", filters.ownerView);
    return qs.toString();
  };
  const pageHref = (status: string, page: number) => {
    const qs = new URLSearchParams(params);
    if (page > 1) qs.set(pageParam(status), String(page));
    else qs.delete(pageParam(status));
    return `?${qs.toString()}`;
  };
  return (
    <div className="grid gap-4">
      <nav aria-label={t("pipeline.kinds")} className="flex flex-wrap gap-2">
        {APPLICATION_KINDS.map((k) => (
          <Link
            key={k}
            to={k === "job" ? "?" : "?kind=program"}
            aria-current={k === kind ? "page" : undefined}
            className={buttonVariants({ variant: k === kind ? "default" : "outline", size: "sm" })}
          >
            {t(`pipeline.kind.${k}`)}
          </Link>
        ))}
      </nav>
      {/* Keyed by the filters shown: after "Clear filters" (or Back) its fields show the board's
          filters, not the ones chosen before, which a later Filter would bring back unseen. */}
      <Form
        key={filterQs.toString()}
        method="get"
        role="search"
        aria-label={t("pipeline.filters")}
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto_auto] sm:items-end"
      >
        {kind === "program" ? <input type="hidden" name="kind" value="program" /> : null}
        <SearchInput
          id="pipeline-search"
          label={t("applications.search.label")}
          defaultValue={filters.q}
          placeholder={t("applications.search.placeholder")}
        />
        <OfficeFilter id="pipeline-office" offices={offices} />
        <OwnerFilter id="pipeline-owner" value={filters.ownerView} owners={owners} />
        <AppliedFromField id="pipeline-from" value={filters.appliedFrom} />
        <div className="flex gap-2">
          <Button type="submit">{t("pipeline.filter")}</Button>
          {filtered ? (
            <Link
              to={kind === "program" ? "?kind=program" : "?"}
              className={buttonVariants({ variant: "ghost" })}
            >
              {t("pipeline.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      <PageFlash flash={actionData?.intent === "schedule" ? null : actionData?.flash} />
      {scheduling ? (
        <ScheduleInterviewDialog scheduling={scheduling} actionData={actionData} />
      ) : null}
      <p className="text-sm text-slate-600">{t("pipeline.intro", { count: PER_COLUMN })}</p>
      {/* relative: the hidden labels inside the board are placed within its scroll box, not the page.
          Focusable, so a keyboard can scroll it sideways even when no card in view has a control. */}
      <div
        role="region"
        aria-label={t("pipeline.board")}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must take focus
        tabIndex={0}
        className="relative -mx-4 overflow-x-auto px-4 pb-4"
      >
        <ol className="flex gap-3" aria-label={t("pipeline.board")}>
          {columns.map((col) => (
            <li key={col.status} className="w-72 shrink-0" data-testid={`column-${col.status}`}>
              <section
                aria-labelledby={`col-${col.status}`}
                className="grid gap-2 rounded-xl border border-slate-200 bg-slate-100 p-3"
              >
                <h2
                  id={`col-${col.status}`}
                  className="flex items-center justify-between gap-2 text-sm font-semibold"
                >
                  <span>{tc(`labels.applicationStatus.${col.status}.label`)}</span>
                  <Badge tone={APPLICATION_STATUS_TONE[col.status]}>{col.total}</Badge>
                </h2>
                {col.cards.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-slate-300 p-3 text-center text-xs text-slate-600">
                    {t("pipeline.emptyColumn")}
                  </p>
                ) : (
                  <ul className="grid gap-2">
                    {col.cards.map((card) => (
                      <PipelineCard key={card.id} card={card} />
                    ))}
                  </ul>
                )}
                {col.total > PER_COLUMN ? (
                  <ColumnPages
                    status={col.status}
                    page={col.page}
                    total={col.total}
                    pageHref={pageHref}
                  />
                ) : null}
                {col.total > col.cards.length ? (
                  <Link
                    to={`/admin/applications?${listQs(col.status)}`}
                    className="text-center text-xs font-medium text-primary-700 underline"
                  >
                    {t("pipeline.seeAll", { count: col.total })}
                  </Link>
                ) : null}
              </section>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/** A column's place in its cards, and links to its newer and older ones. */
function ColumnPages({
  status,
  page,
  total,
  pageHref,
}: {
  status: ApplicationStatus;
  page: number;
  total: number;
  pageHref: (status: string, page: number) => string;
}) {
  const { t, tc } = useAdminT();
  const first = (page - 1) * PER_COLUMN + 1;
  const last = Math.min(total, page * PER_COLUMN);
  const link = "font-medium text-primary-700 underline";
  return (
    <nav
      aria-label={t("pipeline.columnPages", {
        status: tc(`labels.applicationStatus.${status}.label`),
      })}
      className="flex items-center justify-between gap-2 text-xs text-slate-700"
    >
      {page > 1 ? (
        <Link to={pageHref(status, page - 1)} preventScrollReset className={link}>
          {t("pipeline.newer")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("pipeline.range", { first, last, total })}</span>
      {last < total ? (
        <Link to={pageHref(status, page + 1)} preventScrollReset className={link}>
          {t("pipeline.older")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function PipelineCard({ card }: { card: Card }) {
  const { t, tc } = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("applicationId") === card.id;
  const stages = statusesForKind(card.kind);
  const index = stages.indexOf(card.status);
  const prev = stages[index - 1];
  const next = stages[index + 1];
  const move = (to: string | undefined, icon: React.ReactNode) => {
    if (!to) return <span />;
    const label = t("pipeline.moveTo", {
      name: card.applicantName,
      status: tc(`labels.applicationStatus.${to}.label`),
    });
    // Interview Scheduled asks for the date and place first: the arrow opens that dialog.
    return to === "interview_scheduled" ? (
      <Link
        to={`?schedule=${card.id}`}
        preventScrollReset
        aria-label={label}
        title={label}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
      >
        {icon}
      </Link>
    ) : (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="applicationId" value={card.id} />
        <input type="hidden" name="status" value={to} />
        <input type="hidden" name="version" value={card.version} />
        <Button
          type="submit"
          size="sm"
          variant="ghost"
          disabled={busy}
          aria-label={label}
          title={label}
        >
          {icon}
        </Button>
      </Form>
    );
  };
  return (
    <li
      className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      data-testid="pipeline-card"
    >
      <div>
        <p className="text-sm font-medium text-slate-900">
          <Link
            to={applicantHref(card.userId)}
            discover="none"
            className="underline"
            data-testid="applicant-link"
          >
            {card.applicantName}
          </Link>
        </p>
        <p className="text-xs text-slate-600">{card.jobTitle}</p>
      </div>
      <StatusSelectForm
        application={card}
        label={t("pipeline.moveCard", { name: card.applicantName, job: card.jobTitle })}
        compact
      />
      <div className="flex items-center justify-between">
        {move(prev, <ArrowLeftIcon aria-hidden />)}
        <PaidBadge paid={card.paid} feeDue={card.feeDue} />
        {move(next, <ArrowRightIcon aria-hidden />)}
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <LoadError what="applications" />;
}
