import { applicantHref } from "~/app/components/admin/data-table";
import { LoadError } from "~/app/components/admin/load-error";
import { ArrowLeftIcon, ArrowRightIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PageFlash } from "~/app/components/flash";
import { StatusSelectForm } from "~/app/components/admin/status-select-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { PaidBadge } from "~/app/components/admin/paid-badge";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { type ApplicationKind, APPLICATION_KINDS, statusesForKind } from "~/domain/enums";
import { APPLICATION_STATUS_TONE } from "~/domain/tracker";
import { listPipelineForStaff } from "~/server/applications/staff.server";
import { requireStaff } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import type { Route } from "./+types/pipeline";
import { ScheduleInterviewDialog } from "./applications-schedule";
import { loadScheduling, runApplicationIntent } from "./applications.server";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.pipeline");

const PER_COLUMN = 20;

/** The board shows one kind's stages: jobs by default, study programs with ?kind=program. */
function kindOf(url: URL): ApplicationKind {
  return url.searchParams.get("kind") === "program" ? "program" : "job";
}

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireStaff(request);
  const url = new URL(request.url);
  const kind = kindOf(url);
  // The board shows the applicants of the viewer's offices only.
  const scope = await officeScopeFor(viewer);
  const [columns, scheduling] = await Promise.all([
    listPipelineForStaff(scope, PER_COLUMN, kind),
    loadScheduling(url, scope),
  ]);
  return { columns, scheduling, kind };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  return runApplicationIntent(request, viewer, await request.formData());
}

type Card = Route.ComponentProps["loaderData"]["columns"][number]["cards"][number];

export default function Pipeline({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tc } = useAdminT();
  const { columns, scheduling, kind } = loaderData;
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
                {col.total > col.cards.length ? (
                  <Link
                    to={`/admin/applications?status=${col.status}&kind=${kind}`}
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
        <input type="hidden" name="fromStatus" value={card.status} />
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
          <Link to={applicantHref(card.userId)} className="underline" data-testid="applicant-link">
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
