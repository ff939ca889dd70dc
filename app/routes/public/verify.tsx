import type { SubmissionResult } from "@conform-to/react";
import { BanIcon, CheckCircle2Icon, SearchIcon, ShieldAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { redirect, useNavigation } from "react-router";
import { HoneypotField } from "~/app/components/honeypot-field";
import { Form, Link } from "~/app/components/localized";
import { HeroBand } from "~/app/components/page-section";
import { SubmissionKeyField } from "~/app/components/submission-key";
import { TitledCard } from "~/app/components/titled-card";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { FormErrors, FormInput, FormTextarea, InputField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, actionSucceeded } from "~/app/lib/action-result";
import { useLazyForm } from "~/app/lib/lazy-form";
import { fixedPageMeta } from "~/app/lib/seo";
import type { VerifyAnswer } from "~/domain/agency-trust";
import { normaliseCopyReference } from "~/domain/certified-copies";
import { VerifyQuerySchema } from "~/domain/complaints";
import { secondsUntilAllowed } from "~/server/security/rate-limit-rules.server";
import { findCertifiedCopy } from "~/server/documents/certified-copies.server";
import { verifyContactPoint } from "~/server/trust/verify.server";
import type { Route } from "./+types/verify";
import { receiveScamReport, submissionKeyLoader } from "./inquiry-form.server";
import { CopyCheck } from "./verify-copy";

// /verify (decision record 31): is this number, address or person really Passage's?
// The check is a POST (never kept in the page cache, never in an address bar or a log), capped
// per client; the page also works before JavaScript loads. A certified copy's reference is checked
// by the loader (`?reference=`, the address printed on the copy; decision record 50): it names no
// one, and 78 random bits need no cap against guessing.

export const handle = i18nHandle("trust");

export const meta: Route.MetaFunction = fixedPageMeta("trust:meta.verify", "/verify");

// A public page: nothing to guard. The report form's first submission key, and the answer about
// a certified copy's reference when the address carries one.
export async function loader({ request }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("reference")?.trim();
  return {
    ...submissionKeyLoader(),
    copy: reference ? await findCertifiedCopy(reference.slice(0, 80)) : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const form = await request.clone().formData();
  if (form.get("intent") === "report") return receiveScamReport(args);
  const parsed = VerifyQuerySchema.safeParse({ q: form.get("q") ?? undefined });
  if (!parsed.success) {
    return actionFailed("check", parsed.error.issues[0]?.message ?? "errors.queryRequired", 400);
  }
  // A certified copy's reference typed in this box is answered by the copy check below it.
  const reference = normaliseCopyReference(parsed.data.q);
  if (reference) {
    const path = new URL(request.url).pathname.replace(/\.data$/, "");
    return redirect(`${path}?reference=${reference}`);
  }
  const wait = await secondsUntilAllowed([[`verify:ip:${context.clientIp}`, 600, 30]]);
  if (wait) return actionFailed("check", "verify.tooMany", 429);
  const answer = await verifyContactPoint(parsed.data.q);
  return actionSucceeded("check", null, { answer });
}

type Filed = { reference: string; dueAt: Date } | null;
type ActionData = {
  intent?: string;
  flash?: { ok: boolean; message: string } | null;
  result?: SubmissionResult<string[]>;
  answer?: VerifyAnswer;
  filed?: Filed;
};

export default function VerifyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("trust");
  const data = actionData as ActionData | undefined;
  const checked = data?.intent === "check" ? data : undefined;
  const reported = data?.intent === "complaint" ? data : undefined;
  return (
    <div>
      <HeroBand eyebrow={t("verify.eyebrow")} title={t("verify.title")} lead={t("verify.lead")} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-8">
          <TitledCard title={t("verify.formTitle")}>
            <CheckForm error={checked?.flash && !checked.flash.ok ? checked.flash.message : null} />
            {checked?.answer ? <Answer answer={checked.answer} /> : null}
          </TitledCard>
          <CopyCheck answer={loaderData.copy} />
          <TitledCard
            title={t("verify.report.title")}
            description={t("verify.report.lead")}
            icon={<ShieldAlertIcon className="size-5 text-red-700" aria-hidden />}
          >
            {reported && "filed" in reported ? (
              <Alert tone="success" title={t("verify.report.sentTitle")} data-testid="report-sent">
                {reported.filed ? (
                  <p>{t("verify.report.sentBody", { reference: reported.filed.reference })}</p>
                ) : null}
              </Alert>
            ) : (
              <ReportForm lastResult={reported?.result} />
            )}
          </TitledCard>
        </div>
        <NeverDo />
      </div>
    </div>
  );
}

function CheckForm({ error }: { error: string | null }) {
  const { t } = useTranslation("trust");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "check";
  return (
    <Form method="post" action="/verify" className="grid gap-3">
      <input type="hidden" name="intent" value="check" />
      <InputField
        id="verify-q"
        label={t("verify.label")}
        hint={t("verify.hint")}
        errors={error ? [t(error as "verify.tooMany")] : undefined}
        inputProps={{ name: "q", required: true, maxLength: 120, autoComplete: "off" }}
      />
      <Button type="submit" disabled={busy} className="justify-self-start">
        <SearchIcon aria-hidden />
        {busy ? t("verify.checking") : t("verify.submit")}
      </Button>
    </Form>
  );
}

function Answer({ answer }: { answer: VerifyAnswer }) {
  const { t } = useTranslation("trust");
  if (!answer.found) {
    return (
      <Alert tone="error" title={t("verify.notFound.title")} data-testid="verify-answer">
        <p>
          {answer.kind === "name"
            ? t("verify.notFound.name")
            : t("verify.notFound.body", { value: answer.value })}
        </p>
      </Alert>
    );
  }
  const text =
    answer.kind === "name"
      ? t("verify.found.staff", { name: answer.value, offices: answer.offices.join(", ") })
      : t("verify.found.uses", {
          value: answer.value,
          uses: answer.uses
            .map((u) =>
              u.office
                ? t(
                    u.channel === "email" ? "verify.found.officeEmail" : "verify.found.officePhone",
                    {
                      office: u.office,
                    },
                  )
                : t(`verify.found.${u.channel}`),
            )
            .join(", "),
        });
  return (
    <Alert tone="success" title={t("verify.found.title")} data-testid="verify-answer">
      <p>{text}</p>
      <p className="mt-2">{t("verify.found.stillCareful")}</p>
    </Alert>
  );
}

function ReportForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("trust");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "report";
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/complaints").then((m) => m.ScamReportSchema),
    { id: "scam-report", lastResult, shouldValidate: "onBlur" },
  );
  return (
    <Form method="post" action="/verify" {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="report" />
      <SubmissionKeyField />
      <FormErrors errors={form.errors} ns="trust" />
      <FormInput
        field={fields.reportedContact}
        ns="trust"
        label={t("verify.report.contact")}
        required
        maxLength={200}
        autoComplete="off"
      />
      <FormTextarea
        field={fields.message}
        ns="trust"
        label={t("verify.report.message")}
        hint={t("verify.report.messageHint")}
        rows={5}
        required
        maxLength={5000}
      />
      <FormInput
        field={fields.email}
        ns="trust"
        type="email"
        label={t("verify.report.email")}
        autoComplete="email"
      />
      <HoneypotField id="report-website" label={t("verify.report.email")} />
      <Button type="submit" variant="accent" disabled={busy} className="justify-self-start">
        {busy ? t("verify.report.sending") : t("verify.report.submit")}
      </Button>
    </Form>
  );
}

/** What Passage never does, beside the check, and where to complain. */
function NeverDo() {
  const { t } = useTranslation("trust");
  const items = ["money", "documents", "promise", "fees"] as const;
  return (
    <TitledCard
      title={t("verify.never.title")}
      icon={<BanIcon className="size-5 text-red-700" aria-hidden />}
    >
      <ul className="grid gap-3 text-sm text-slate-800">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden />
            {t(`verify.never.${item}`)}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm">
        <Link to="/complaints" className="font-medium text-primary-700 underline">
          {t("complaints.formTitle")}
        </Link>
      </p>
    </TitledCard>
  );
}
