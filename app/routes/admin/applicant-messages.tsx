import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { PaperclipIcon, SendIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { FormErrors, FormInput, FormTextarea } from "~/app/components/ui/field";
import { type ActionResult, resultFor } from "~/app/lib/action-result";
import { cn } from "~/app/lib/utils";
import { dateFormatter } from "~/domain/format";
import { type MessageVia, StaffReplySchema } from "~/domain/messages";
import type { ApplicantRecord } from "~/server/applicants/applicant-record.server";
import { Section } from "./applicant-sections";

const VIA_LABELS: Record<MessageVia, string> = {
  email: "applicant.thread.byEmail",
  whatsapp: "applicant.thread.byWhatsapp",
  sms: "applicant.thread.bySms",
};

/**
 * The conversation with the applicant, oldest first: staff's messages (each with who wrote it and
 * whether it was read), the group messages they received, and theirs (waiting for an answer until
 * one is sent); then the answer form, which posts to this page.
 */
export function ApplicantMessages({
  applicantId,
  messages,
  canAnswer,
  actionData,
}: {
  applicantId: string;
  messages: ApplicantRecord["messages"];
  canAnswer: boolean;
  actionData: ActionResult | undefined;
}) {
  const { t, lang } = useAdminT();
  const dateTime = dateFormatter(lang, "dateTime");
  const waiting = messages.filter((m) => m.fromApplicant && !m.answeredAt).length;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "thread-reply",
    lastResult: resultFor(actionData, "reply"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffReplySchema }),
    shouldValidate: "onBlur",
    defaultValue: { applicantId },
  });
  return (
    <Section id="applicant-messages" title={t("applicant.messages")}>
      {waiting > 0 ? (
        <Badge tone="progress" className="justify-self-start" data-testid="thread-waiting">
          {t("applicant.thread.waitingCount", { count: waiting })}
        </Badge>
      ) : null}
      {messages.length === 0 ? (
        <p className="text-sm text-slate-600">{t("applicant.noMessages")}</p>
      ) : (
        <ol className="grid gap-3 text-sm" aria-label={t("applicant.thread.label")}>
          {messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                "grid gap-1 rounded-lg border p-3",
                m.fromApplicant ? "border-slate-200 bg-slate-50" : "border-primary-100 bg-white",
              )}
              data-testid="applicant-message"
            >
              <p className="font-medium break-words">{m.subject}</p>
              <p className="break-words whitespace-pre-line text-slate-800">{m.content}</p>
              {m.documentId ? (
                <a
                  href={`/files/documents/${m.documentId}`}
                  className="inline-flex items-center gap-1 justify-self-start text-primary-700 underline"
                >
                  <PaperclipIcon className="size-4" aria-hidden />
                  {m.documentName}
                </a>
              ) : m.documentRestricted ? (
                <p className="inline-flex items-center gap-1 text-slate-700">
                  <PaperclipIcon className="size-4" aria-hidden />
                  {t("applicant.thread.restrictedAttachment")}
                </p>
              ) : null}
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span>
                  {t(m.fromApplicant ? "applicant.thread.fromApplicant" : "applicant.messageBy", {
                    name: m.senderName ?? t("applications.details.formerStaff"),
                    when: dateTime.format(new Date(m.sentAt)),
                  })}
                </span>
                {m.recipientGroup ? <Badge>{t("applicant.thread.group")}</Badge> : null}
                {m.via ? <Badge>{t(VIA_LABELS[m.via])}</Badge> : null}
                {m.fromApplicant ? (
                  m.answeredAt ? (
                    <Badge tone="success">{t("applicant.thread.answered")}</Badge>
                  ) : (
                    <Badge tone="progress">{t("applicant.thread.waiting")}</Badge>
                  )
                ) : (
                  <span>· {m.readAt ? t("applicant.read") : t("applicant.unread")}</span>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
      {canAnswer ? (
        <Form method="post" {...getFormProps(form)} className="grid gap-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="applicantId" value={applicantId} />
          <FormErrors errors={form.errors} ns="messages" />
          {messages.some((m) => !m.recipientGroup) ? null : (
            <FormInput
              field={fields.subject}
              ns="messages"
              label={t("applicant.thread.subject")}
              required
            />
          )}
          <FormTextarea
            field={fields.content}
            ns="messages"
            label={t("applicant.thread.answer")}
            hint={t("applicant.thread.answerHint")}
            rows={4}
            required
          />
          <Button type="submit" className="justify-self-start" disabled={busy}>
            <SendIcon aria-hidden /> {t("applicant.thread.send")}
          </Button>
        </Form>
      ) : null}
    </Section>
  );
}

/** The WhatsApp and SMS notices sent to the applicant's numbers, newest first, with receipts. */
export function ApplicantPhoneNotices({ notices }: { notices: ApplicantRecord["phoneNotices"] }) {
  const { t, lang } = useAdminT();
  const dateTime = dateFormatter(lang, "dateTime");
  return (
    <Section
      id="applicant-phone"
      title={t("applicant.phoneNotices.title")}
      empty={notices.length === 0 && t("applicant.phoneNotices.empty")}
    >
      <ul className="grid gap-2" data-testid="phone-notices">
        {notices.map((n) => (
          <li
            key={n.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
          >
            <span className="text-slate-900">
              <span className="font-medium">{n.channel === "sms" ? "SMS" : "WhatsApp"}</span>
              {" · "}
              {n.title}
            </span>
            <span className="flex items-center gap-2 text-slate-600">
              <Badge
                tone={
                  n.status === "failed" || n.deliveryState === "failed"
                    ? "danger"
                    : n.deliveryState === "read" || n.deliveryState === "delivered"
                      ? "success"
                      : "neutral"
                }
              >
                {t(`applicant.phoneNotices.state.${n.deliveryState ?? n.status}`, {
                  defaultValue: n.deliveryState ?? n.status,
                })}
              </Badge>
              <time dateTime={new Date(n.createdAt).toISOString()}>
                {dateTime.format(new Date(n.createdAt))}
              </time>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
