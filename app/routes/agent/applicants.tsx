import { UserPlusIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LoadError } from "~/app/components/admin/load-error";
import { EmptyState } from "~/app/components/empty-state";
import { Link } from "~/app/components/localized";
import { Pager } from "~/app/components/pager";
import { StatusBadge } from "~/app/components/status-badge";
import { buttonVariants } from "~/app/components/ui/button";
import { Card, CardContent } from "~/app/components/ui/card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { formatDate } from "~/domain/format";
import { readPage } from "~/domain/pagination";
import { listOwnApplicantsForAgent } from "~/server/agents/agent-applicants.server";
import { requireAgent } from "~/server/auth/guards.server";
import type { Route } from "./+types/applicants";
import { AccountBadge } from "./account-badge";
import { ResendInvitationForm } from "./resend-invitation";

export const { handle, meta } = shellScreen(i18nHandle("agent"), "titles.agentApplicants");

export async function loader({ request }: Route.LoaderArgs) {
  const agent = await requireAgent(request);
  const list = await listOwnApplicantsForAgent({ agent, page: readPage(new URL(request.url)) });
  return {
    ...list,
    items: list.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export default function AgentApplicants({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("agent");
  const { items, total } = loaderData;
  const register = (
    <Link to="/agent/register" className={buttonVariants()}>
      <UserPlusIcon aria-hidden />
      {t("list.register")}
    </Link>
  );
  if (total === 0) {
    return (
      <EmptyState
        icon={UsersIcon}
        title={t("list.emptyTitle")}
        body={t("list.emptyBody")}
        to="/agent/register"
        cta={t("list.register")}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t("list.intro", { count: total })}</p>
        {register}
      </div>
      <ul className="grid gap-3" aria-label={t("list.label")}>
        {items.map((a) => (
          <li key={a.id}>
            <Card data-testid="agent-applicant">
              <CardContent alone className="grid gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/agent/applicants/${a.id}`}
                    className="font-semibold break-words text-primary-700 underline-offset-2 hover:underline"
                  >
                    {a.fullName}
                  </Link>
                  <AccountBadge account={a.account} />
                </div>
                <p className="text-sm break-all text-slate-600">{a.email}</p>
                <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  {a.latest ? (
                    <>
                      <StatusBadge kind="application" value={a.latest.status} />
                      <span className="break-words">{a.latest.title}</span>
                    </>
                  ) : (
                    <span>{t("list.noApplication")}</span>
                  )}
                </div>
                <p className="text-sm text-slate-600" data-testid="agent-applicant-documents">
                  {a.documentCounts.pending + a.documentCounts.verified + a.documentCounts.rejected
                    ? t("list.documents", a.documentCounts)
                    : t("list.noDocuments")}
                </p>
                <p className="text-xs text-slate-500">
                  {t("list.registeredOn", { date: formatDate(a.createdAt, i18n.language) })}
                </p>
                {a.account === "invited" ? (
                  <ResendInvitationForm applicantId={a.id} name={a.fullName} />
                ) : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <Pager page={loaderData} />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="agentApplicants" />;
}
