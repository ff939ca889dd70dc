import type { SubmissionResult } from "@conform-to/react";
import { ExternalLinkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { HoneypotField } from "~/app/components/honeypot-field";
import { Form } from "~/app/components/localized";
import { HeroBand } from "~/app/components/page-section";
import { SubmissionKeyField } from "~/app/components/submission-key";
import { TitledCard } from "~/app/components/titled-card";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { FormErrors, FormInput, FormSelect, FormTextarea } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, actionSucceeded } from "~/app/lib/action-result";
import { useLazyForm } from "~/app/lib/lazy-form";
import { fixedPageMeta } from "~/app/lib/seo";
import { useRootData } from "~/app/lib/root-data";
import { FILED_COMPLAINT_CATEGORIES } from "~/domain/agency-trust";
import { ComplaintFollowSchema } from "~/domain/complaints";
import { formatDate } from "~/domain/format";
import { getViewer } from "~/server/auth/guards.server";
import {
  followComplaint,
  type FollowedComplaint,
} from "~/server/complaints/follow-complaint.server";
import { secondsUntilAllowed } from "~/server/security/rate-limit-rules.server";
import type { Route } from "./+types/complaints";
import { receiveComplaint, submissionKeyLoader } from "./inquiry-form.server";

// /complaints (decision record 31): anyone files a complaint, signed in or not, and
// follows it by its reference. Following is a POST, capped per client, so a reference is never
// in an address, a log or the page cache.

export const handle = i18nHandle("trust");

export const meta: Route.MetaFunction = fixedPageMeta("trust:meta.complaints", "/complaints");

// A public page: nothing to guard. The form's first submission key.
export const loader = submissionKeyLoader;

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const form = await request.clone().formData();
  if (form.get("intent") !== "follow") {
    // Signed in or not: a signed-in person's complaint names them, for staff.
    const viewer = await getViewer(request);
    return receiveComplaint(args, viewer?.id ?? null);
  }
  const parsed = ComplaintFollowSchema.safeParse({ reference: form.get("reference") ?? undefined });
  if (!parsed.success) {
    return actionFailed(
      "follow",
      parsed.error.issues[0]?.message ?? "errors.referenceInvalid",
      400,
    );
  }
  const wait = await secondsUntilAllowed([[`complaint-follow:ip:${context.clientIp}`, 600, 30]]);
  if (wait) return actionFailed("follow", "complaints.tooMany", 429);
  const complaint = await followComplaint(parsed.data.reference);
  if (!complaint) return actionFailed("follow", "complaints.notFound", 404);
  return actionSucceeded("follow", null, { complaint });
}

type ActionData = {
  intent?: string;
  flash?: { ok: boolean; message: string } | null;
  result?: SubmissionResult<string[]>;
  filed?: { reference: string; dueAt: Date } | null;
  complaint?: FollowedComplaint;
};

export default function ComplaintsPage({ actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("trust");
  const { settings } = useRootData();
  const data = actionData as ActionData | undefined;
  const filing = data?.intent === "complaint" ? data : undefined;
  const following = data?.intent === "follow" ? data : undefined;
  return (
    <div>
      <HeroBand
        eyebrow={t("complaints.eyebrow")}
        title={t("complaints.title")}
        lead={t("complaints.lead", { days: settings.trust.complaintResponseDays })}
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[3fr_2fr]">
        <TitledCard title={t("complaints.formTitle")}>
          {filing && "filed" in filing ? (
            <Alert tone="success" title={t("complaints.filedTitle")} data-testid="complaint-filed">
              {filing.filed ? (
                <p>
                  {t("complaints.filedBody", {
                    reference: filing.filed.reference,
                    due: formatDate(new Date(filing.filed.dueAt), i18n.language, "date"),
                  })}
                </p>
              ) : null}
            </Alert>
          ) : (
            <ComplaintForm lastResult={filing?.result} />
          )}
        </TitledCard>
        <div className="grid content-start gap-8">
          <TitledCard title={t("complaints.followTitle")}>
            <FollowForm
              error={following?.flash && !following.flash.ok ? following.flash.message : null}
            />
            {following?.complaint ? <Followed complaint={following.complaint} /> : null}
          </TitledCard>
          <OutsideBodies />
        </div>
      </div>
    </div>
  );
}

function ComplaintForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("trust");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "file";
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/complaints").then((m) => m.ComplaintSchema),
    { id: "complaint", lastResult, shouldValidate: "onBlur" },
  );
  return (
    <Form method="post" action="/complaints" {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="file" />
      <SubmissionKeyField />
      <FormErrors errors={form.errors} ns="trust" />
      <FormSelect field={fields.category} ns="trust" label={t("complaints.category")} required>
        <option value="">—</option>
        {FILED_COMPLAINT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`categories.${c}`)}
          </option>
        ))}
      </FormSelect>
      <FormTextarea
        field={fields.message}
        ns="trust"
        label={t("complaints.message")}
        hint={t("complaints.messageHint")}
        rows={6}
        required
        maxLength={5000}
      />
      <p className="text-sm text-slate-600">{t("complaints.anonymousHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          field={fields.name}
          ns="trust"
          label={t("complaints.name")}
          autoComplete="name"
        />
        <FormInput
          field={fields.email}
          ns="trust"
          type="email"
          label={t("complaints.email")}
          autoComplete="email"
        />
        <FormInput
          field={fields.phone}
          ns="trust"
          type="tel"
          label={t("complaints.phone")}
          autoComplete="tel"
        />
      </div>
      <HoneypotField id="complaint-website" label={t("complaints.email")} />
      <Button type="submit" variant="accent" disabled={busy} className="justify-self-start">
        {busy ? t("complaints.sending") : t("complaints.submit")}
      </Button>
    </Form>
  );
}

function FollowForm({ error }: { error: string | null }) {
  const { t } = useTranslation("trust");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "follow";
  const errorId = "complaint-reference-error";
  return (
    <Form method="post" action="/complaints" className="grid gap-3">
      <input type="hidden" name="intent" value="follow" />
      <div className="grid gap-1.5">
        <label htmlFor="complaint-reference" className="text-sm font-medium">
          {t("complaints.followLabel")}
        </label>
        <input
          id="complaint-reference"
          name="reference"
          required
          maxLength={40}
          autoComplete="off"
          aria-describedby={`complaint-reference-hint${error ? ` ${errorId}` : ""}`}
          aria-invalid={error ? true : undefined}
          className="h-10 rounded-md border border-slate-300 px-3 font-mono text-base uppercase"
        />
        <p id="complaint-reference-hint" className="text-xs text-slate-600">
          {t("complaints.followHint")}
        </p>
        {error ? (
          <p id={errorId} className="text-sm text-red-700">
            {t(error as "complaints.notFound")}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
        {t("complaints.followSubmit")}
      </Button>
    </Form>
  );
}

function Followed({ complaint }: { complaint: FollowedComplaint }) {
  const { t, i18n } = useTranslation("trust");
  const date = (d: Date | string) => formatDate(new Date(d), i18n.language, "date");
  const facts: [string, string][] = [
    [t("complaints.status"), t(`complaints.statuses.${complaint.status}`)],
    [t("complaints.filed"), date(complaint.createdAt)],
    complaint.resolvedAt
      ? [t("complaints.resolvedOn"), date(complaint.resolvedAt)]
      : [t("complaints.due"), date(complaint.dueAt)],
  ];
  return (
    <section className="mt-4 grid gap-3" data-testid="complaint-followed" aria-live="polite">
      <h3 className="font-mono text-base font-semibold text-slate-900">{complaint.reference}</h3>
      <p className="text-sm text-slate-700">{t(`categories.${complaint.category}`)}</p>
      <dl className="grid gap-1 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="font-medium text-slate-800">{term}</dt>
            <dd className="text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="text-sm font-semibold text-slate-900">{t("complaints.answers")}</h4>
      {complaint.answers.length === 0 ? (
        <p className="text-sm text-slate-600">{t("complaints.noAnswers")}</p>
      ) : (
        <ol className="grid gap-2">
          {complaint.answers.map((a) => (
            <li key={a.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="text-xs text-slate-600">{date(a.createdAt)}</p>
              <p className="mt-1 whitespace-pre-wrap text-slate-800">{a.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The bodies outside the agency a person may also complain to, per country (settings). */
function OutsideBodies() {
  const { t, i18n } = useTranslation("trust");
  // A country's name in the page's language, from the browser's and Node's own data.
  const countryName = new Intl.DisplayNames([i18n.language], { type: "region" });
  const { settings } = useRootData();
  const bodies = settings.trust.outsideBodies;
  if (bodies.length === 0) return null;
  const countries = [...new Set(bodies.map((b) => b.countryCode))];
  return (
    <TitledCard title={t("complaints.outsideTitle")} description={t("complaints.outsideLead")}>
      <div className="grid gap-4">
        {countries.map((code) => (
          <section key={code} className="grid gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{countryName.of(code) ?? code}</h3>
            <ul className="grid gap-2 text-sm">
              {bodies
                .filter((b) => b.countryCode === code)
                .map((b) => (
                  <li key={b.name}>
                    {b.url ? (
                      <a
                        href={b.url}
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 font-medium text-primary-700 underline"
                      >
                        {b.name}
                        <ExternalLinkIcon className="size-3.5" aria-hidden />
                      </a>
                    ) : (
                      <span className="font-medium">{b.name}</span>
                    )}
                    {b.topic ? <span className="block text-slate-600">{b.topic}</span> : null}
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    </TitledCard>
  );
}
