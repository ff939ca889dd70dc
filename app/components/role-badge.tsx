import { useTranslation } from "react-i18next";
import type { Role } from "~/domain/enums";
import { Badge } from "./ui/badge";

const TONE: Record<Role, "danger" | "purple" | "orange" | "progress" | "success" | "neutral"> = {
  admin: "danger",
  super_admin: "purple",
  manager: "orange",
  agent: "progress",
  student_applicant: "success",
  job_seeker: "neutral",
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[role] ?? "neutral"}>{t(`roles.${role}`)}</Badge>;
}
