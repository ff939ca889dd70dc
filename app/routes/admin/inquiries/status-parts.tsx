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

/** A list row's status, saved in place (see FetcherStatusSelect). */
export function InquiryStatusSelect({
  kind,
  id,
  status,
  label,
  selectClassName,
  okMessageClassName,
}: {
  kind: InquiryKind;
  id: string;
  status: InquiryStatus;
  label: string;
  selectClassName: string;
  okMessageClassName: string;
}) {
  const { t } = useTranslation("inbox");
  return (
    <FetcherStatusSelect
      id={id}
      status={status}
      statuses={INQUIRY_STATUSES[kind].map((s) => ({
        value: s,
        label: t(`status.${kind}.${s}` as "total"),
      }))}
      label={label}
      saveLabel={t("table.save")}
      intent="status"
      selectClassName={selectClassName}
      okMessageClassName={okMessageClassName}
      translateMessage={(key) => t(key as "total")}
    />
  );
}
