import {
  AlertTriangleIcon,
  CreditCardIcon,
  FileTextIcon,
  SearchIcon,
  UserCogIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TitledSection } from "~/app/components/titled-section";
import { Badge } from "~/app/components/ui/badge";
import { buttonVariants } from "~/app/components/ui/button";
import { cn } from "~/app/lib/utils";
import { inLanguage } from "~/domain/document-types";
import type { Route } from "./+types/home";

type Dashboard = Route.ComponentProps["loaderData"];
type T = ReturnType<typeof useTranslation<"dashboard">>["t"];

type NextStep = {
  key: string;
  urgent?: boolean;
  title: string;
  body: string;
  cta: string;
  to: string;
  icon: ReactNode;
};

/** What the applicant should do next, most pressing first; `fee` is the formatted registration fee. */
function nextSteps(d: Dashboard, t: T, fee: string, lng: string) {
  const prompts: NextStep[] = [];
  // A student applicant's prompts speak of study programs.
  const student = d.recommended.basis === "programs";
  // A rejected document comes first: nothing moves until the applicant uploads a new one.
  for (const doc of d.rejectedDocuments) {
    // The phrase for a type the sentence knows ("your passport"), else the type's name.
    const document = t(
      `home.prompts.rejected.documents.${doc.type}` as "home.prompts.rejected.title",
      {
        defaultValue: doc.names ? inLanguage(doc.names, lng) : doc.type,
      },
    );
    const reason = doc.reason?.trim().replace(/[.!]+$/, "");
    prompts.push({
      key: `rejected-${doc.type}`,
      urgent: true,
      title: t("home.prompts.rejected.title", { document }),
      body: reason
        ? t("home.prompts.rejected.body", { reason })
        : t("home.prompts.rejected.bodyNoReason"),
      cta: t("home.prompts.rejected.cta", { document }),
      to: `/dashboard/documents#doc-${doc.type}-title`,
      icon: <FileTextIcon aria-hidden />,
    });
  }
  // Under a policy with no up-front fee there is no payment step (decision record 33).
  if (!d.stats.feePaid && d.stats.feeDue) {
    prompts.push({
      key: "pay",
      urgent: true,
      title: t("home.prompts.pay.title"),
      body: student
        ? t("home.prompts.pay.bodyStudy", { fee })
        : t("home.prompts.pay.body", { fee }),
      cta: t("home.prompts.pay.cta"),
      to: "/dashboard/payment",
      icon: <CreditCardIcon aria-hidden />,
    });
  }
  if (d.stats.documents === 0) {
    prompts.push({
      key: "documents",
      title: t("home.prompts.documents.title"),
      body: student ? t("home.prompts.documents.bodyStudy") : t("home.prompts.documents.body"),
      cta: t("home.prompts.documents.cta"),
      to: "/dashboard/documents",
      icon: <FileTextIcon aria-hidden />,
    });
  }
  if (d.completion < 100) {
    prompts.push({
      key: "profile",
      title: t("home.prompts.profile.title", { percent: d.completion }),
      body: t("home.prompts.profile.body"),
      cta: t("home.prompts.profile.cta"),
      to: "/dashboard/profile",
      icon: <UserCogIcon aria-hidden />,
    });
  }
  const mayApply = d.stats.feePaid || !d.stats.feeDue || (student && !d.stats.programsNeedFee);
  if (mayApply && d.stats.applications === 0) {
    prompts.push({
      key: "apply",
      title: t("home.prompts.apply.title"),
      // Under no fee nothing was paid: the body says what is open and why, never "paid".
      body: !student
        ? d.stats.feePaid
          ? t("home.prompts.apply.body")
          : d.stats.registrationComplete
            ? t("home.prompts.apply.bodyNoFee")
            : t("home.prompts.apply.bodyNoFeeIncomplete")
        : d.stats.feePaid
          ? t("home.prompts.apply.bodyStudy")
          : t("home.prompts.apply.bodyStudyFree"),
      cta: student ? t("home.prompts.apply.ctaStudy") : t("home.prompts.apply.cta"),
      to: student ? "/study" : "/jobs",
      icon: <SearchIcon aria-hidden />,
    });
  }
  return prompts;
}

/** "Next steps": a card per thing to do, or a line saying everything is done. */
export function NextSteps({ dashboard, fee }: { dashboard: Dashboard; fee: string }) {
  const { t, i18n } = useTranslation("dashboard");
  const prompts = nextSteps(dashboard, t, fee, i18n.language);
  return (
    <TitledSection id="dash-next" title={t("home.nextSteps")}>
      {prompts.length === 0 ? (
        <p className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          {t("home.nextStepsDone")}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {prompts.map((p) => (
            <li
              key={p.key}
              data-testid={`next-step-${p.key}`}
              className={cn(
                "flex gap-3 rounded-xl border p-4 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0",
                p.urgent ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white",
              )}
            >
              {p.urgent ? <AlertTriangleIcon aria-hidden className="text-amber-700" /> : p.icon}
              <div className="grid gap-2">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {p.title}
                  {p.urgent ? <Badge tone="waiting">{t("home.urgent")}</Badge> : null}
                </p>
                <p className="text-sm text-slate-700">{p.body}</p>
                <Link
                  to={p.to}
                  className={buttonVariants({
                    size: "sm",
                    variant: p.urgent ? "accent" : "outline",
                    className: "justify-self-start",
                  })}
                >
                  {p.cta}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
