import { ArrowLeftIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { DoneFlash, Flash } from "~/app/components/flash";
import { Link } from "~/app/components/localized";
import { StatusBadge } from "~/app/components/status-badge";
import { TitledCard } from "~/app/components/titled-card";
import { Badge } from "~/app/components/ui/badge";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed } from "~/app/lib/action-result";
import { runIntent } from "~/app/lib/intent-action.server";
import { answerInvitationResend } from "~/app/lib/resend-invitation.server";
import { redirectDone } from "~/app/lib/redirect-done";
import { shellScreen } from "~/app/lib/shell-screen";
import { inLanguage } from "~/domain/document-types";
import { DOCUMENT_STATUS_TONE } from "~/domain/documents";
import { formatDate } from "~/domain/format";
import { getOwnApplicantForAgent } from "~/server/agents/agent-applicants.server";
import { uploadDocumentForApplicant } from "~/server/agents/agent-upload.server";
import { requireAgent } from "~/server/auth/guards.server";
import { activeDocumentTypes, listDocumentTypes } from "~/server/documents/document-types.server";
import { readDocumentUpload } from "~/server/documents/upload-request.server";
import type { Route } from "./+types/applicant";
import { AccountBadge } from "./account-badge";
import { RESEND_PARAM, ResendInvitationForm } from "./resend-invitation";
import { AgentUploadForm } from "./applicant-upload";

export const { handle, meta } = shellScreen(
  i18nHandle("agent", "documents"),
  "titles.agentApplicant",
);

const notFound = () => data("Not found", { status: 404 });

export async function loader({ request, params }: Route.LoaderArgs) {
  const agent = await requireAgent(request);
  const record = await getOwnApplicantForAgent({ agent, applicantId: params.id });
  if (!record) throw notFound();
  const [types, uploadable] = await Promise.all([listDocumentTypes(), activeDocumentTypes()]);
  return {
    profile: { ...record.profile, createdAt: record.profile.createdAt.toISOString() },
    applications: record.applications.map((a) => ({
      ...a,
      appliedAt: a.appliedAt.toISOString(),
    })),
    // Special personal information (criminal record, health) is the applicant's and the admins'
    // only: an agent neither lists nor uploads it.
    documents: record.documents
      .filter((d) => !types.find((t) => t.key === d.documentType)?.sensitive)
      .map((d) => ({ ...d, uploadedAt: d.uploadedAt.toISOString() })),
    typeNames: Object.fromEntries(types.map((t) => [t.key, t.names])),
    uploadTypes: uploadable
      .filter((t) => !t.sensitive)
      .map((t) => ({ key: t.key, names: t.names, expires: t.expires })),
  };
}

/**
 * The page's two forms, both plain (they work before JavaScript loads): an upload for the
 * applicant (its body is a file, read as a stream, never whole), and the invitation sent again,
 * which names itself in the address (?resend: posted from their card on the list too).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (new URL(request.url).searchParams.has(RESEND_PARAM)) {
    return runIntent(
      request,
      requireAgent,
      {
        resend: ({ viewer }) =>
          answerInvitationResend(request, {
            actor: viewer,
            applicantId: params.id,
            intent: "resend",
            messages: "resend",
            notFound: "page",
            redirect: { drop: [RESEND_PARAM] },
          }),
      },
      { main: "resend" },
    );
  }
  const agent = await requireAgent(request);
  const outcome = await uploadDocumentForApplicant({
    agent,
    applicantId: params.id,
    upload: readDocumentUpload(request),
  });
  if (outcome === null) throw notFound();
  if (outcome.ok) return redirectDone(request, "uploaded");
  const status = outcome.error === "failed" ? 500 : outcome.error === "storageFull" ? 507 : 400;
  return actionFailed("upload", `errors.${outcome.error}`, status);
}

const DONE = {
  registered: "applicant.registered",
  uploaded: "applicant.uploaded",
  invitationSent: "resend.sent",
};

export default function AgentApplicant({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("agent");
  const { t: td } = useTranslation("documents");
  const { profile, applications, documents, typeNames, uploadTypes } = loaderData;
  const lng = i18n.language;
  const typeName = (key: string) => (typeNames[key] ? inLanguage(typeNames[key], lng) : key);
  const details: [string, string][] = [
    [t("applicant.email"), profile.email],
    [t("applicant.phone"), profile.phoneNumber ?? t("applicant.none")],
    [t("applicant.country"), profile.country ?? t("applicant.none")],
    [t("applicant.office"), profile.office ?? t("applicant.none")],
    [t("applicant.registeredOn"), formatDate(profile.createdAt, lng)],
  ];
  return (
    <div className="grid max-w-3xl gap-6">
      <Link
        to="/agent"
        className="inline-flex min-h-6 items-center gap-1 text-sm text-primary-700 underline-offset-2 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t("back")}
      </Link>
      <DoneFlash ns="agent" messages={DONE} className="" />
      <TitledCard
        title={<span data-testid="agent-applicant-name">{profile.fullName}</span>}
        aside={<AccountBadge account={profile.account} />}
        headerLayout="row"
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {details.map(([term, value]) => (
            <div key={term} className="grid gap-0.5">
              <dt className="text-slate-600">{term}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
          <div className="grid gap-0.5">
            <dt className="text-slate-600">{t("applicant.role")}</dt>
            <dd>
              <StatusBadge kind="role" value={profile.role} />
            </dd>
          </div>
        </dl>
        {profile.account === "invited" ? (
          <div className="mt-4 grid justify-items-start gap-3" data-testid="agent-invitation">
            <p className="text-sm text-slate-700">{t("applicant.invitedHint")}</p>
            <p className="text-sm text-slate-700">{t("resend.hint")}</p>
            {actionData?.intent === "resend" ? (
              <Flash flash={actionData.flash} ns="agent" className="w-full" />
            ) : null}
            <ResendInvitationForm applicantId={profile.id} />
          </div>
        ) : null}
      </TitledCard>

      <TitledCard title={t("applicant.applications")}>
        {applications.length ? (
          <ul className="grid gap-3">
            {applications.map((a) => (
              <li key={a.id} className="grid gap-1 rounded-md border border-slate-200 p-3">
                <span className="font-medium break-words text-slate-900">{a.title}</span>
                <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  <StatusBadge kind="application" value={a.status} />
                  <span>{t("applicant.applied", { date: formatDate(a.appliedAt, lng) })}</span>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("applicant.noApplications")}</p>
        )}
      </TitledCard>

      <TitledCard title={t("applicant.documents")}>
        {documents.length ? (
          <ul className="grid gap-3" data-testid="agent-documents">
            {documents.map((d) => (
              <li key={d.id} className="grid gap-1 rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{typeName(d.documentType)}</span>
                  <Badge
                    tone={DOCUMENT_STATUS_TONE[d.status === "replaced" ? "pending" : d.status]}
                  >
                    {td(`status.${d.status}`)}
                  </Badge>
                </div>
                <span className="text-sm break-all text-slate-600">{d.fileName}</span>
                <span className="text-xs text-slate-500">
                  {t("applicant.uploadedOn", { date: formatDate(d.uploadedAt, lng) })}
                </span>
                {d.status === "rejected" && d.reviewReason ? (
                  <span className="text-sm text-red-700">
                    {t("applicant.reason", { reason: d.reviewReason })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("applicant.noDocuments")}</p>
        )}
      </TitledCard>

      <TitledCard title={t("upload.title")} description={t("upload.hint")}>
        {actionData?.intent === "upload" ? (
          <Flash flash={actionData.flash} ns="documents" className="mb-4" />
        ) : null}
        <AgentUploadForm
          applicantId={profile.id}
          types={uploadTypes.map((u) => ({ ...u, name: inLanguage(u.names, lng) }))}
        />
      </TitledCard>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="applicant" />;
}
