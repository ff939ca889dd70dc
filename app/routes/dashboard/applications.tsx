import { parseWithZod } from "@conform-to/zod/v4";
import { ClipboardListIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/app/components/empty-state";
import { OutcomeFlash } from "~/app/components/flash";
import { Pager } from "~/app/components/pager";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, formInvalid, resultFor } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { shellScreen } from "~/app/lib/shell-screen";
import { WithdrawApplicationSchema } from "~/domain/applications";
import { readPage } from "~/domain/pagination";
import { listApplicationsForApplicant } from "~/server/applications/apply.server";
import { withdrawOwnApplication } from "~/server/applications/withdraw.server";
import { requireApplicant } from "~/server/auth/guards.server";
import { hasOwnDocumentsWaiting } from "~/server/documents/documents.server";
import type { Route } from "./+types/applications";
import { ApplicationCard } from "./applications-card";

export const { handle, meta } = shellScreen(i18nHandle("dashboard"), "titles.applications");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  const [list, documentsWaiting] = await Promise.all([
    listApplicationsForApplicant({ viewer, page: readPage(new URL(request.url)) }),
    // At Registration Paid the hint says "we are reviewing them", not "upload your documents".
    hasOwnDocumentsWaiting(viewer),
  ]);
  return { ...list, documentsWaiting };
}

/** The applicant withdraws one of their applications, after confirming it (?withdraw=<id>). */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireApplicant(request);
  const submission = parseWithZod(await request.formData(), { schema: WithdrawApplicationSchema });
  if (submission.status !== "success") {
    if (submission.error?.applicationId) {
      return actionFailed("withdraw", "applications.withdraw.errors.notFound", 404);
    }
    return formInvalid("withdraw", submission.reply());
  }
  const withdrawn = await withdrawOwnApplication({ viewer, ...submission.value });
  if (withdrawn.ok) return redirectDone(request, "withdrawn", { drop: ["withdraw"] });
  return withdrawn.reason === "final"
    ? actionFailed("withdraw", "applications.withdraw.errors.final", 409)
    : actionFailed("withdraw", "applications.withdraw.errors.notFound", 404);
}

const DONE = { withdrawn: "applications.withdraw.done" };

export default function ApplicationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { items, total, documentsWaiting } = loaderData;
  const withdrawResult = resultFor(actionData, "withdraw");

  if (total === 0) {
    return (
      <EmptyState
        icon={ClipboardListIcon}
        title={t("applications.empty")}
        to="/jobs"
        cta={t("applications.emptyCta")}
      />
    );
  }

  return (
    <div className="grid gap-4">
      <OutcomeFlash actionData={actionData} ns="dashboard" messages={DONE} />
      <p className="text-sm text-slate-700">{t("applications.count", { count: total })}</p>
      <ul className="grid gap-4">
        {items.map((a) => (
          <li key={a.id}>
            <ApplicationCard
              application={a}
              withdrawResult={withdrawResult}
              documentsWaiting={documentsWaiting}
            />
          </li>
        ))}
      </ul>
      <Pager page={loaderData} label={t("applications.pages")} />
    </div>
  );
}
