import { CheckCircle2Icon, DownloadIcon, FileTextIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import { daysBetween } from "~/domain/checklists";
import { type DocumentFormat, inLanguage, type Localized } from "~/domain/document-types";
import { DOCUMENT_STATUS_TONE, type DocumentCardStatus } from "~/domain/documents";
import type { DocumentStatus, DocumentType } from "~/domain/enums";
import { type ServerAnswer, useFormatters } from "./documents-formatters";
import { UploadForm } from "./documents-upload";

// One document type's card on the applicant's documents page: its current file, its dates and
// how long it can be used, the answer to its last upload, its upload form and its history.

export type UploadView = {
  id: string;
  fileName: string;
  fileSize: number;
  status: DocumentStatus;
  reviewReason: string | null;
  reviewedAt: string | null;
  uploadedAt: string;
  downloadUrl: string;
  issuedOn: string | null;
  expiresOn: string | null;
  /** The last day it can be used (its expiry, or its issue date plus its type's validity). */
  validUntil: string | null;
};

export type DocumentEntry = {
  type: DocumentType;
  names: Localized;
  guidance: Localized | null;
  formats: DocumentFormat[];
  /** The type carries an expiry date: the form asks for it. */
  expires: boolean;
  validityMonths: number | null;
  certifiedCopy: boolean;
  /** Special personal information: its upload asks for consent. */
  sensitive: boolean;
  status: DocumentCardStatus;
  current: UploadView | null;
  history: UploadView[];
};

export function DocumentCard({
  entry,
  today,
  ...server
}: { entry: DocumentEntry; today: string } & ServerAnswer) {
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
            <Dates upload={current} today={today} />
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
            dates={entry.expires ? "both" : entry.validityMonths ? "issued" : "none"}
            sensitive={entry.sensitive}
            {...server}
          />
        ) : null}

        {entry.history.length > 0 ? <History entry={entry} /> : null}
      </CardContent>
    </Card>
  );
}

/** The dates printed on the current file, and until when it can be used. */
function Dates({ upload, today }: { upload: UploadView; today: string }) {
  const { t } = useTranslation("documents");
  const fmt = useFormatters();
  if (!upload.issuedOn && !upload.expiresOn && !upload.validUntil) return null;
  const expired = upload.validUntil !== null && upload.validUntil < today;
  return (
    <p className="text-slate-700" data-testid="document-dates">
      {[
        upload.issuedOn ? t("card.issuedOn", { date: fmt.day(upload.issuedOn) }) : null,
        upload.validUntil
          ? expired
            ? t("card.expiredOn", { date: fmt.day(upload.validUntil) })
            : t("card.validUntil", {
                date: fmt.day(upload.validUntil),
                count: daysBetween(today, upload.validUntil),
              })
          : null,
      ]
        .filter(Boolean)
        .join(" · ")}
    </p>
  );
}

function History({ entry }: { entry: DocumentEntry }) {
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
