import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { PaperclipIcon, SendIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent } from "~/app/components/ui/card";
import {
  type AnyField,
  FormErrors,
  FormInput,
  FormSelect,
  FormTextarea,
} from "~/app/components/ui/field";
import { cn } from "~/app/lib/utils";
import { dateFormatter } from "~/domain/format";
import { ApplicantMessageSchema } from "~/domain/messages";
import type { AttachableDocument, ThreadMessage } from "~/server/messages/threads.server";

type Result = SubmissionResult<string[]> | undefined;

/** Whom a new message goes to, as the loader found it. */
export type Addressee = { ownerName: string | null; office: string | null };

/**
 * A new message to the applicant's owner (or their office): a plain form inside a disclosure,
 * open when the last post was refused, so what they typed is there again with the reason.
 */
export function WriteMessage({
  addressee,
  attachable,
  result,
}: {
  addressee: Addressee;
  attachable: AttachableDocument[];
  result: Result;
}) {
  const { t } = useTranslation("messages");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "write-message",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ApplicantMessageSchema }),
    shouldValidate: "onBlur",
  });
  const to = addressee.ownerName
    ? t("write.toOwner", { name: addressee.ownerName })
    : addressee.office
      ? t("write.toOffice", { office: addressee.office })
      : t("write.toTeam");
  return (
    <details
      className="rounded-xl border border-slate-200 bg-white"
      open={result !== undefined}
      data-testid="write-message"
    >
      <summary className="cursor-pointer px-4 py-3 font-medium text-primary-800">
        {t("write.open")}
      </summary>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 px-4 pb-4">
        <input type="hidden" name="intent" value="send" />
        <p className="text-sm text-slate-700">{to}</p>
        <FormErrors errors={form.errors} ns="messages" />
        <FormInput field={fields.subject} ns="messages" label={t("write.subject")} required />
        <FormTextarea
          field={fields.content}
          ns="messages"
          label={t("write.content")}
          rows={5}
          required
        />
        <AttachDocument field={fields.documentId} attachable={attachable} />
        <Button type="submit" className="justify-self-start" disabled={busy}>
          <SendIcon aria-hidden /> {t("write.send")}
        </Button>
      </Form>
    </details>
  );
}

/** The answer to a message the applicant opened; the subject is the message's, with "Re:". */
export function ReplyForm({
  messageId,
  attachable,
  result,
}: {
  messageId: string;
  attachable: AttachableDocument[];
  result: Result;
}) {
  const { t } = useTranslation("messages");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reply-message",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ApplicantMessageSchema }),
    shouldValidate: "onBlur",
    defaultValue: { replyTo: messageId },
  });
  return (
    <Card>
      <CardContent className="p-5">
        <Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="replyTo" value={messageId} />
          <FormErrors errors={form.errors} ns="messages" />
          <FormTextarea
            field={fields.content}
            ns="messages"
            label={t("write.reply")}
            rows={4}
            required
          />
          <AttachDocument field={fields.documentId} attachable={attachable} />
          <Button type="submit" className="justify-self-start" disabled={busy}>
            <SendIcon aria-hidden /> {t("write.sendReply")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * One of their documents to send with the message. Files are uploaded on My Documents, where the
 * document rules check them (type, size, format); a message only points at one.
 */
function AttachDocument({
  field,
  attachable,
}: {
  field: AnyField;
  attachable: AttachableDocument[];
}) {
  const { t, i18n } = useTranslation("messages");
  const hint = (
    <>
      {t("write.attachHint")}{" "}
      <Link to="/dashboard/documents" className="text-primary-700 underline">
        {t("write.attachUpload")}
      </Link>
    </>
  );
  if (attachable.length === 0) return <p className="text-sm text-slate-600">{hint}</p>;
  const lang = i18n.language as keyof AttachableDocument["typeNames"];
  return (
    <FormSelect field={field} ns="messages" label={t("write.attach")} hint={hint}>
      <option value="">{t("write.attachNone")}</option>
      {attachable.map((d) => (
        <option key={d.id} value={d.id}>
          {`${d.typeNames[lang] || d.typeNames.en}: ${d.fileName}`}
        </option>
      ))}
    </FormSelect>
  );
}

/** The applicant's conversation with the agency, oldest first: who wrote each, and when. */
export function Conversation({ messages, title }: { messages: ThreadMessage[]; title: string }) {
  const { t, i18n } = useTranslation("messages");
  const fmt = dateFormatter(i18n.language, "dateTime");
  if (messages.length === 0) return null;
  return (
    <section className="grid grid-cols-1 gap-2" aria-labelledby="conversation-title">
      <h2 id="conversation-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ol className="grid grid-cols-1 gap-2" data-testid="conversation">
        {messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              "grid gap-1 rounded-xl border p-3 text-sm",
              m.fromApplicant ? "border-primary-200 bg-primary-50/50" : "border-slate-200 bg-white",
            )}
            data-testid="conversation-message"
          >
            <p className="font-medium break-words text-slate-900">{m.subject}</p>
            <p className="break-words whitespace-pre-line text-slate-800">{m.content}</p>
            {m.documentId ? (
              <a
                href={`/files/documents/${m.documentId}`}
                className="inline-flex items-center gap-1 justify-self-start break-all text-primary-700 underline"
              >
                <PaperclipIcon className="size-4 shrink-0" aria-hidden />
                {m.documentName}
              </a>
            ) : null}
            <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <span>
                {m.fromApplicant
                  ? t("conversation.you", { when: fmt.format(new Date(m.sentAt)) })
                  : t("conversation.staff", {
                      name: m.senderName ?? t("conversation.team"),
                      when: fmt.format(new Date(m.sentAt)),
                    })}
              </span>
              {m.fromApplicant ? (
                m.answeredAt ? (
                  <Badge tone="success">{t("conversation.answered")}</Badge>
                ) : (
                  <Badge tone="progress">{t("conversation.waiting")}</Badge>
                )
              ) : null}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
