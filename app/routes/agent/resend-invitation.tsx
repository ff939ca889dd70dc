import { MailIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Form } from "~/app/components/localized";
import { Button } from "~/app/components/ui/button";

/** The address parameter that tells the applicant page's action this is no upload. */
export const RESEND_PARAM = "resend";

/**
 * "Send the e-mail again" for an applicant who has not confirmed yet: a plain form to their
 * page's action (works before JavaScript loads), from their page and from their card on the list.
 * The server says when it is too soon since the last one.
 */
export function ResendInvitationForm({
  applicantId,
  name,
}: {
  applicantId: string;
  /** Who it goes to, for the button's accessible name where several are on a page. */
  name?: string;
}) {
  const { t } = useTranslation("agent");
  const navigation = useNavigation();
  const action = `/agent/applicants/${applicantId}?${RESEND_PARAM}`;
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "resend" &&
    navigation.formAction?.includes(`/agent/applicants/${applicantId}?`);
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="resend" />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        <MailIcon aria-hidden />
        {busy ? t("resend.sending") : t("resend.button")}
        {name ? <span className="sr-only"> {t("resend.to", { name })}</span> : null}
      </Button>
    </Form>
  );
}
