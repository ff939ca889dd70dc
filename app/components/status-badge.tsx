import { useTranslation } from "react-i18next";
import { type Role, ROLE_TONE } from "~/domain/enums";
import { statusLabelKey, statusTone } from "~/domain/tracker";
import { Badge } from "./ui/badge";

type Shown = { kind: "application"; value: string } | { kind: "role"; value: Role };

/**
 * The one badge for an enum value, on staff and applicant screens alike: its colour from the enum's
 * tone map in domain/, its words from the common namespace.
 */
export function StatusBadge(props: Shown) {
  const { t } = useTranslation();
  if (props.kind === "role") {
    return (
      <Badge tone={ROLE_TONE[props.value] ?? "neutral"} data-testid="role-badge">
        {t(`roles.${props.value}`)}
      </Badge>
    );
  }
  return (
    <Badge tone={statusTone(props.value)} data-testid="application-status">
      {t(`labels.applicationStatus.${statusLabelKey(props.value)}.label`)}
    </Badge>
  );
}
