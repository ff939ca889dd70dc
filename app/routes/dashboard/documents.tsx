import {
  CheckCircle2Icon,
  DownloadIcon,
  FileTextIcon,
  InfoIcon,
  UploadIcon,
  XIcon,
} from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator, useSearchParams } from "react-router";
import { type ActionFlash, DoneFlash, Flash } from "~/app/components/flash";
import { ProgressBar } from "~/app/components/progress-bar";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { TitledCard } from "~/app/components/titled-card";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import { fileInputClass, Label } from "~/app/components/ui/input";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, type Flash as FlashMessage } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { shellScreen } from "~/app/lib/shell-screen";
import {
  acceptAttribute,
  type DocumentFormat,
  formatList,
  inLanguage,
} from "~/domain/document-types";
import {
  DOCUMENT_STATUS_TONE,
  type DocumentCardStatus,
  MAX_DOCUMENT_BYTES,
  UPLOAD_ERRORS,
  type UploadError,
} from "~/domain/documents";
import { type DocumentStatus, type DocumentType, documentTypesFor } from "~/domain/enums";
import { dateFormatter, numberFormatter } from "~/domain/format";
import { requireApplicant } from "~/server/auth/guards.server";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { documentDownloadPath, listDocumentsForOwner } from "~/server/documents/documents.server";
import { readDocumentUpload } from "~/server/documents/upload-request.server";
import { uploadDocument } from "~/server/documents/upload.server";
import type { Route } from "./+types/documents";
import { LoadFailed } from "./load-failed";

export const { handle, meta } = shellScreen(i18nHandle("documents"), "titles.documents");

// Dates read the same on the server and in the browser: the agency's time zone.

type UploadView = {
  id: string;
  fileName: string;
  fileSize: number;
  status: DocumentStatus;
  reviewReason: string | null;
  reviewedAt: string | null;
  uploadedAt: string;
  downloadUrl: string;
};

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  const [rows, types] = await Promise.all([listDocumentsForOwner(viewer), listDocumentTypes()]);
  const { asked, others } = documentTypesFor(
    viewer.role,
    new Set(rows.map((r) => r.documentType as DocumentType)),
    types.filter((t) => t.active).map((t) => t.key),
  );
  const entry = (type: DocumentType) => {
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
      validityMonths: def?.validityMonths ?? null,
      certifiedCopy: def?.certifiedCopy ?? false,
      status,
      current,
      history,
    };
  };
  // What this applicant is asked for (and whatever they uploaded) first; the rest under "Other".
  return { types: asked.map(entry), others: others.map(entry) };
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

/** The confirmation of an upload (?done=uploaded), in the card of its ?type=. */
const UPLOAD_DONE = { uploaded: "upload.success" };

export default function DocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("documents");
  const [params] = useSearchParams();

  return (
    <div className="grid gap-6">
      <p className="text-slate-700">{t("intro")}</p>
      <Guidelines />
      <DocumentCards entries={loaderData.types} actionData={actionData} />
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
            <DocumentCards entries={loaderData.others} actionData={actionData} />
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
  actionData,
}: {
  entries: Entry[];
  actionData: Route.ComponentProps["actionData"];
}) {
  const [params] = useSearchParams();
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {entries.map((entry) => (
        <li key={entry.type}>
          <DocumentCard
            entry={entry}
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

type Entry = Route.ComponentProps["loaderData"]["types"][number];

function useFormatters() {
  const { t, i18n } = useTranslation("documents");
  const date = dateFormatter(i18n.language, "date");
  const number = numberFormatter(i18n.language, { maximumFractionDigits: 1 });
  return {
    date: (iso: string) => date.format(new Date(iso)),
    size: (bytes: number) =>
      bytes >= 1024 * 1024
        ? t("size.mb", { value: number.format(bytes / (1024 * 1024)) })
        : t("size.kb", { value: number.format(Math.max(1, Math.round(bytes / 1024))) }),
  };
}

/** What the server said about this card's last upload: the action's answer, or ?done=uploaded. */
type ServerAnswer = { answer: ActionFlash; uploaded: boolean };

function DocumentCard({ entry, ...server }: { entry: Entry } & ServerAnswer) {
  const { t } = useTranslation("documents");
  const { i18n } = useTranslation();
  const fmt = useFormatters();
  const label = inLanguage(entry.names, i18n.language) || entry.type;
  const guidance = entry.guidance ? inLanguage(entry.guidance, i18n.language) : "";
  const headingId = `doc-${entry.type}-title`;
  const { current } = entry;
  // Each answer from the server (a post without JavaScript, a redirect) starts the form afresh.
  const { key } = useLocation();

  return (
    <Card className="h-full" aria-labelledby={headingId} data-testid={`document-${entry.type}`}>
      <CardHeader layout="rowTop">
        <CardTitle id={headingId} size="base" className="flex items-center gap-2">
          <FileTextIcon className="size-5 text-slate-500" aria-hidden />
          {label}
        </CardTitle>
        <Badge tone={DOCUMENT_STATUS_TONE[entry.status]} data-testid="document-status">
          {t(`status.${entry.status}`)}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        {guidance || entry.certifiedCopy || entry.validityMonths ? (
          <div className="grid gap-1 text-sm text-slate-700">
            {guidance ? <p>{guidance}</p> : null}
            {entry.validityMonths ? (
              <p>{t("card.validity", { count: entry.validityMonths })}</p>
            ) : null}
            {entry.certifiedCopy ? <p className="font-medium">{t("card.certifiedCopy")}</p> : null}
          </div>
        ) : null}
        {current ? (
          <div className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm">
            <p className="font-medium break-all text-slate-900">{current.fileName}</p>
            <p className="text-slate-600">
              {t("card.uploadedOn", { date: fmt.date(current.uploadedAt) })} ·{" "}
              {t("card.size", { size: fmt.size(current.fileSize) })}
            </p>
            <a
              href={current.downloadUrl}
              className="inline-flex w-fit items-center gap-1 text-primary-700 underline-offset-4 hover:underline"
              aria-label={t("card.downloadLabel", { name: current.fileName })}
              download
            >
              <DownloadIcon className="size-4" aria-hidden />
              {t("card.download")}
            </a>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t("card.missingHint")}</p>
        )}

        {entry.status === "rejected" && current ? (
          <Alert tone="error" title={t("card.rejectedTitle")}>
            {current.reviewReason ? (
              <p>{t("card.rejectedReason", { reason: current.reviewReason })}</p>
            ) : null}
            <p>{t("card.rejectedHint")}</p>
          </Alert>
        ) : null}
        {entry.status === "pending" ? (
          <p className="text-sm text-slate-600">{t("card.pendingHint")}</p>
        ) : null}
        {entry.status === "verified" && current?.reviewedAt ? (
          <p className="flex items-center gap-1 text-sm text-green-800">
            <CheckCircle2Icon className="size-4" aria-hidden />
            {t("card.verifiedHint", { date: fmt.date(current.reviewedAt) })}
          </p>
        ) : null}

        {entry.formats.length > 0 ? (
          <UploadForm
            key={key}
            type={entry.type}
            formats={entry.formats}
            label={label}
            hasCurrent={Boolean(current)}
            {...server}
          />
        ) : null}

        {entry.history.length > 0 ? <History entry={entry} /> : null}
      </CardContent>
    </Card>
  );
}

function History({ entry }: { entry: Entry }) {
  const { t } = useTranslation("documents");
  const fmt = useFormatters();
  return (
    <details className="rounded-lg border border-slate-200 text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium text-slate-800">
        {t("history.title", { count: entry.history.length })}
      </summary>
      <ul className="grid gap-2 px-3 pb-3">
        {entry.history.map((h) => (
          <li key={h.id} className="flex flex-wrap items-center justify-between gap-2">
            <a
              href={h.downloadUrl}
              download
              className="min-w-0 break-all text-primary-700 underline-offset-4 hover:underline"
            >
              {t("history.item", { name: h.fileName, date: fmt.date(h.uploadedAt) })}
            </a>
            <Badge
              tone={h.status === "replaced" ? "neutral" : DOCUMENT_STATUS_TONE[h.status]}
              className="shrink-0"
            >
              {t(`status.${h.status}`)}
            </Badge>
          </li>
        ))}
      </ul>
    </details>
  );
}

type Progress = { sent: number; total: number; name: string } | null;

/**
 * A plain multipart form that posts to this route's action (works before JavaScript loads).
 * With JavaScript, it sends the same form with XMLHttpRequest to show upload progress, which
 * matters on a slow connection, and checks the size before spending the applicant's data.
 */
function UploadForm({
  type,
  formats,
  label,
  hasCurrent,
  answer,
  uploaded,
}: {
  type: DocumentType;
  formats: readonly DocumentFormat[];
  label: string;
  hasCurrent: boolean;
} & ServerAnswer) {
  const { t } = useTranslation("documents");
  const revalidator = useRevalidator();
  // What this page said since it loaded (a check, a sent file, a cancel); until then, the server's.
  const [message, setMessage] = useState<FlashMessage | null | undefined>(undefined);
  const [progress, setProgress] = useState<Progress>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = `file-${type}`;
  const messageId = `file-${type}-message`;
  const fmt = useFormatters();

  useEffect(() => () => xhrRef.current?.abort(), []);
  const shown = message === undefined ? answer : message;
  const said = Boolean(shown) || (message === undefined && uploaded);

  function errorMessage(code: string): FlashMessage {
    const known = (UPLOAD_ERRORS as readonly string[]).includes(code);
    return { ok: false, message: `errors.${(known ? code : "failed") as UploadError}` };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement).files?.[0];
    if (!file) return setMessage(errorMessage("noFile"));
    if (file.size === 0) return setMessage(errorMessage("empty"));
    if (file.size > MAX_DOCUMENT_BYTES) return setMessage(errorMessage("tooLarge"));

    const body = new FormData();
    body.append("documentType", type); // before the file: the server reads the stream in order
    body.append("file", file);
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    setMessage(null);
    setProgress({ sent: 0, total: file.size, name: file.name });
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress({ sent: e.loaded, total: e.total, name: file.name });
    };
    xhr.onload = () => {
      xhrRef.current = null;
      setProgress(null);
      let result: { ok?: boolean; error?: string } = {};
      try {
        result = JSON.parse(xhr.responseText);
      } catch {
        /* a proxy's error page: treated as a failure below */
      }
      if (xhr.status >= 200 && xhr.status < 300 && result.ok) {
        formRef.current?.reset();
        setMessage({ ok: true, message: "upload.success" });
        void revalidator.revalidate();
      } else if (xhr.status === 401) {
        window.location.assign(`/auth?redirectTo=${encodeURIComponent("/dashboard/documents")}`);
      } else {
        setMessage(errorMessage(result.error ?? (xhr.status === 413 ? "tooLarge" : "failed")));
      }
    };
    xhr.onerror = () => {
      xhrRef.current = null;
      setProgress(null);
      setMessage({ ok: false, message: "errors.network" });
    };
    xhr.onabort = () => {
      xhrRef.current = null;
      setProgress(null);
      setMessage({ ok: true, message: "upload.cancelled" });
    };
    xhr.open("POST", "/api/documents");
    xhr.setRequestHeader("accept", "application/json");
    xhr.send(body);
  }

  const percent = progress ? Math.round((progress.sent / Math.max(progress.total, 1)) * 100) : 0;

  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="grid gap-2 border-t border-slate-100 pt-4"
    >
      <input type="hidden" name="documentType" value={type} />
      <Label htmlFor={inputId}>
        {hasCurrent ? t("upload.replace") : t("upload.chooseFileShort")}
        <span className="sr-only"> ({label})</span>
      </Label>
      <input
        id={inputId}
        name="file"
        type="file"
        required
        accept={acceptAttribute(formats)}
        aria-describedby={`${inputId}-hint${said ? ` ${messageId}` : ""}`}
        aria-invalid={(shown && !shown.ok) || undefined}
        disabled={Boolean(progress)}
        className={fileInputClass}
      />
      <p id={`${inputId}-hint`} className="text-xs text-slate-600">
        {t("upload.formatsHint", { formats: formatList(formats) })}
        {hasCurrent ? ` ${t("upload.replaceHint")}` : ""}
      </p>

      {progress ? (
        <div className="grid gap-1" aria-live="polite">
          <ProgressBar
            label={t("upload.progressLabel", { type: label })}
            value={percent}
            fillClassName="rounded-full bg-primary-600 transition-[width]"
          />
          <p className="text-xs text-slate-700">
            {t("upload.progress", { name: progress.name, percent })} ·{" "}
            {t("upload.progressBytes", {
              sent: fmt.size(progress.sent),
              total: fmt.size(progress.total),
            })}
          </p>
        </div>
      ) : null}

      {said ? (
        <div id={messageId}>
          {shown ? (
            <Flash flash={shown} ns="documents" className="" />
          ) : (
            <DoneFlash ns="documents" messages={UPLOAD_DONE} className="" />
          )}
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={Boolean(progress)} className="w-full sm:w-auto">
          <UploadIcon aria-hidden />
          {progress ? t("upload.uploading") : t("upload.submit")}
        </Button>
        {progress ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => xhrRef.current?.abort()}
            className="w-full sm:w-auto"
          >
            <XIcon aria-hidden />
            {t("upload.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("documents");
  return <LoadFailed title={t("errors.fetchTitle")} body={t("errors.fetchBody")} />;
}
