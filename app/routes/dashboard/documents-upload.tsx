import { UploadIcon, XIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { ProgressBar } from "~/app/components/progress-bar";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { fileInputClass, Label } from "~/app/components/ui/input";
import type { Flash as FlashMessage } from "~/app/lib/action-result";
import { acceptAttribute, type DocumentFormat, formatList } from "~/domain/document-types";
import { MAX_DOCUMENT_BYTES, UPLOAD_ERRORS, type UploadError } from "~/domain/documents";
import type { DocumentType } from "~/domain/enums";
import { type ServerAnswer, useFormatters } from "./documents-formatters";

/** The confirmation of an upload (?done=uploaded), in the card of its ?type=. */
const UPLOAD_DONE = { uploaded: "upload.success" };

type Progress = { sent: number; total: number; name: string } | null;

/**
 * A plain multipart form that posts to this route's action (works before JavaScript loads).
 * With JavaScript, it sends the same form with XMLHttpRequest to show upload progress, which
 * matters on a slow connection, and checks the size before spending the applicant's data.
 */
export function UploadForm({
  type,
  formats,
  label,
  hasCurrent,
  dates,
  sensitive,
  answer,
  uploaded,
  taskId,
  action,
}: {
  type: DocumentType;
  formats: readonly DocumentFormat[];
  label: string;
  hasCurrent: boolean;
  /** Which dates printed on it the form asks for. */
  dates: "both" | "issued" | "none";
  /** The applicant's open upload task this document completes (its card on the dashboard). */
  taskId?: string;
  /** Where the form posts without JavaScript, when not this page. */
  action?: string;
  /** Special personal information: the form asks for explicit consent to keep it. */
  sensitive: boolean;
} & ServerAnswer) {
  const { t, i18n } = useTranslation("documents");
  const revalidator = useRevalidator();
  // What this page said since it loaded (a check, a sent file, a cancel); until then, the server's.
  const [message, setMessage] = useState<FlashMessage | null | undefined>(undefined);
  const [progress, setProgress] = useState<Progress>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = taskId ? `task-${taskId}-file` : `file-${type}`;
  const messageId = `${inputId}-message`;
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
    // Before the file: the server reads the stream in order.
    body.append("documentType", type);
    if (taskId) body.append("taskId", taskId);
    for (const name of ["issuedOn", "expiresOn"]) {
      const value = (form.elements.namedItem(name) as HTMLInputElement | null)?.value;
      if (value) body.append(name, value);
    }
    // The consent box of a sensitive type, with the language its words were read in.
    const consent = form.elements.namedItem("sensitiveConsent") as HTMLInputElement | null;
    if (consent?.checked) {
      body.append("sensitiveConsent", "on");
      body.append("consentLanguage", i18n.language);
    }
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
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="grid gap-2 border-t border-slate-100 pt-4"
    >
      <input type="hidden" name="documentType" value={type} />
      {taskId ? <input type="hidden" name="taskId" value={taskId} /> : null}
      {/* The dates come before the file in the body: the server reads the fields first. */}
      {dates !== "none" ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <InputField
            id={`${inputId}-issued`}
            label={t("upload.issuedOn")}
            inputProps={{ name: "issuedOn", type: "date", disabled: Boolean(progress) }}
          />
          {dates === "both" ? (
            <InputField
              id={`${inputId}-expires`}
              label={t("upload.expiresOn")}
              inputProps={{ name: "expiresOn", type: "date", disabled: Boolean(progress) }}
            />
          ) : null}
        </div>
      ) : null}
      {sensitive ? (
        <div className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3">
          <input type="hidden" name="consentLanguage" value={i18n.language} />
          <label htmlFor={`${inputId}-consent`} className="flex items-start gap-2 text-sm">
            <input
              id={`${inputId}-consent`}
              name="sensitiveConsent"
              type="checkbox"
              required
              disabled={Boolean(progress)}
              aria-describedby={`${inputId}-consent-hint`}
              className="mt-0.5 size-4 shrink-0"
            />
            <span>{t("consent.label", { document: label })}</span>
          </label>
          <p id={`${inputId}-consent-hint`} className="text-xs text-slate-700">
            {t("consent.hint")}
          </p>
        </div>
      ) : null}
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
