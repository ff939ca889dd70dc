import { useTranslation } from "react-i18next";
import { Badge } from "~/app/components/ui/badge";
import type { ApplicationStatus } from "~/domain/enums";

type Tone = "success" | "waiting" | "progress" | "danger" | "neutral";

// Green done, amber waiting on the applicant, blue in progress.
export const STATUS_TONE: Record<ApplicationStatus, Tone> = {
  registration_pending: "waiting",
  registration_paid: "progress",
  documents_uploaded: "progress",
  job_matched: "progress",
  interview_scheduled: "waiting",
  interview_completed: "progress",
  offer_received: "progress",
  visa_process_started: "progress",
  visa_approved: "success",
  pre_departure: "success",
  departed: "success",
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONE[status] ?? "neutral"}>
      {t(`labels.applicationStatus.${status}.label` as "labels.applicationStatus.departed.label")}
    </Badge>
  );
}
