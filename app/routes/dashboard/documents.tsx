import { InfoIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Flash } from "~/app/components/flash";
import { TitledCard } from "~/app/components/titled-card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { shellScreen } from "~/app/lib/shell-screen";
import { CHECKLIST_ENDED_STATUSES, validUntil } from "~/domain/checklists";
import type { DocumentCardStatus } from "~/domain/documents";
import { type DocumentStatus, type DocumentType, documentTypesFor } from "~/domain/enums";
import { requireApplicant } from "~/server/auth/guards.server";
import { readChecklists } from "~/server/documents/checklists.server";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { documentDownloadPath, listDocumentsForOwner } from "~/server/documents/documents.server";
import { readDocumentUpload } from "~/server/documents/upload-request.server";
import { uploadDocument } from "~/server/documents/upload.server";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import type { Route } from "./+types/documents";
import { DocumentCard, type DocumentEntry, type UploadView } from "./documents-card";
import { Checklists } from "./documents-checklists";
import { LoadFailed } from "./load-failed";

export const { handle, meta } = shellScreen(i18nHandle("documents"), "titles.documents");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  const today = agencyToday();
  const [rows, types, all] = await Promise.all([
    listDocumentsForOwner(viewer),
    listDocumentTypes(),
    readChecklists({ userId: viewer.id, today }),
  ]);
  // Each application still under way shows its own checklist; together they are what is asked.
  const checklists = all.filter((c) => !CHECKLIST_ENDED_STATUSES.includes(c.status));
  const needed = [...new Set(checklists.flatMap((c) => c.lines.map((l) => l.documentType)))];
  const { asked, others } = documentTypesFor(
    viewer.role,
    new Set(rows.map((r) => r.documentType as DocumentType)),
    types.filter((t) => t.active).map((t) => t.key),
    types.filter((t) => needed.includes(t.key)).map((t) => t.key),
  );
  const entry = (type: DocumentType): DocumentEntry => {
    const def = types.find((t) => t.key === type);
    const history: UploadView[] = rows
      .filter((r) => r.documentType === type)
      .map((r) => ({
        id: r.id,
        fileName: r.fileName,
        fileSize: r.fileSize,
        status: r.status,
        reviewReason: r.reviewReason,
        reviewedAt: r.reviewedAt?.toISOString() ?? null,
        uploadedAt: r.uploadedAt.toISOString(),
        downloadUrl: documentDownloadPath(r.id),
        issuedOn: r.issuedOn,
        expiresOn: r.expiresOn,
        validUntil: validUntil(r, def),
      }));
    const current = history.find((h) => h.status !== "replaced") ?? null;
    const status: DocumentCardStatus = current
      ? (current.status as Exclude<DocumentStatus, "replaced">)
      : "missing";
    return {
      type,
      // In every language: the page names it in the one it is shown in.
      names: def?.names ?? { en: type, fr: type, pt: type },
      guidance: def?.guidance ?? null,
      // A retired type takes no new uploads; its history stays readable.
      formats: def?.active ? def.formats : [],
      expires: def?.expires ?? false,
      validityMonths: def?.validityMonths ?? null,
      certifiedCopy: def?.certifiedCopy ?? false,
      sensitive: def?.sensitive ?? false,
      status,
      current,
      history,
    };
  };
  // What this applicant is asked for (and whatever they uploaded) first; the rest under "Other".
  return {
    today,
    checklists: checklists.map((c) => ({
      applicationId: c.applicationId,
      title: c.title,
      destinationName: c.destinationName,
      lines: c.lines,
    })),
    names: Object.fromEntries(types.map((t) => [t.key, t.names])),
    types: asked.map(entry),
    others: others.map(entry),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireApplicant(request);
  const outcome = await uploadDocument({ actor: viewer, upload: readDocumentUpload(request) });
  if (outcome.ok) {
    // Post/redirect/get: a reload does not send the file again. The confirmation belongs to the
    // document's card (?done=uploaded&type=<document type>).
    return redirectDone(request, "uploaded", { set: { type: outcome.document.documentType } });
  }
  const status =
    outcome.error === "tooLarge"
      ? 413
      : outcome.error === "tooMany"
        ? 429
        : outcome.error === "failed"
          ? 500
          : outcome.error === "storageFull"
            ? 507
            : 400;
  // The intent is the card's document type: its form was posted, its card shows the answer.
  const intent = outcome.documentType ?? UNKNOWN_TYPE;
  return actionFailed(intent, `errors.${outcome.error}`, status);
}

/** The intent of an upload whose document type is unknown: answered under the cards. */
const UNKNOWN_TYPE = "upload";

export default function DocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("documents");
  const [params] = useSearchParams();

  return (
    <div className="grid gap-6">
      <p className="text-slate-700">{t("intro")}</p>
      <Checklists checklists={loaderData.checklists} names={loaderData.names} />
      <Guidelines />
      <DocumentCards entries={loaderData.types} today={loaderData.today} actionData={actionData} />
      {loaderData.others.length > 0 ? (
        <details
          className="group rounded-lg border border-slate-200 bg-white"
          // Open when one of its cards has something to say (an answer to its upload).
          open={loaderData.others.some(
            (e) =>
              actionData?.intent === e.type ||
              (params.get("done") === "uploaded" && params.get("type") === e.type),
          )}
        >
          <summary className="cursor-pointer rounded-lg px-4 py-3 font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none">
            {t("others.title", { count: loaderData.others.length })}
            <span className="block text-sm font-normal text-slate-600">{t("others.hint")}</span>
          </summary>
          <div className="border-t border-slate-200 p-4">
            <DocumentCards
              entries={loaderData.others}
              today={loaderData.today}
              actionData={actionData}
            />
          </div>
        </details>
      ) : null}
      {actionData?.intent === UNKNOWN_TYPE ? (
        <Flash flash={actionData.flash} ns="documents" className="" />
      ) : null}
    </div>
  );
}

function DocumentCards({
  entries,
  today,
  actionData,
}: {
  entries: DocumentEntry[];
  today: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const [params] = useSearchParams();
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {entries.map((entry) => (
        <li key={entry.type}>
          <DocumentCard
            entry={entry}
            today={today}
            answer={actionData?.intent === entry.type ? actionData.flash : null}
            uploaded={
              !actionData && params.get("done") === "uploaded" && params.get("type") === entry.type
            }
          />
        </li>
      ))}
    </ul>
  );
}

function Guidelines() {
  const { t } = useTranslation("documents");
  return (
    <TitledCard
      icon={<InfoIcon className="size-5 text-primary-700" aria-hidden />}
      title={t("guidelines.title")}
      titleSize="base"
    >
      <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-700">
        <li>{t("guidelines.types")}</li>
        <li>{t("guidelines.size")}</li>
        <li>{t("guidelines.review")}</li>
        <li>{t("guidelines.clear")}</li>
      </ul>
    </TitledCard>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("documents");
  return <LoadFailed title={t("errors.fetchTitle")} body={t("errors.fetchBody")} />;
}
