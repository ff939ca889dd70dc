import { useTranslation } from "react-i18next";
import { FetcherStatusSelect } from "~/app/components/list-parts";
import { Badge } from "~/app/components/ui/badge";
import {
  INQUIRY_STATUS_TONES,
  INQUIRY_STATUSES,
  type InquiryKind,
  type InquiryStatus,
} from "~/domain/inquiries";

export function InquiryStatusBadge({ kind, status }: { kind: InquiryKind; status: InquiryStatus }) {
  const { t } = useTranslation("inbox");
  return (
    <Badge tone={INQUIRY_STATUS_TONES[status]}>{t(`status.${kind}.${status}` as "total")}</Badge>
  );
}

/** A row's status select shows its whole label, however narrow the column. */
const WHOLE_LABEL = "w-auto shrink-0 field-sizing-content";

/** How each list shows its rows' status select and the "saved" note after it. */
const LOOK: { [K in InquiryKind]: { select: string; ok: string } } = {
  contact: { select: WHOLE_LABEL, ok: "sr-only" },
  outsourcing: { select: WHOLE_LABEL, ok: "text-sm text-green-800" },
  complaint: { select: WHOLE_LABEL, ok: "text-sm text-green-800" },
};

/** A list row's status, saved in place (see FetcherStatusSelect). */
export function InquiryStatusSelect({
  kind,
  id,
  status,
  label,
  version,
}: {
  kind: InquiryKind;
  id: string;
  status: InquiryStatus;
  label: string;
  /** The version the list showed: a change on an older one is refused (decision record 37). */
  version?: number;
}) {
  const { t } = useTranslation("inbox");
  return (
    <FetcherStatusSelect
      id={id}
      status={status}
      version={version}
      statuses={INQUIRY_STATUSES[kind].map((s) => ({
        value: s,
        label: t(`status.${kind}.${s}` as "total"),
      }))}
      label={label}
      saveLabel={t("table.save")}
      intent="status"
      selectClassName={LOOK[kind].select}
      okMessageClassName={LOOK[kind].ok}
      translateMessage={(key) => t(key as "total")}
    />
  );
}
