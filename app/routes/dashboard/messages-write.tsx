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
import { DOCUMENT_ACCEPT_ATTRIBUTE } from "~/domain/documents";
import { inLanguage, type Localized } from "~/domain/document-types";
import { dateFormatter } from "~/domain/format";
import { ApplicantMessageSchema } from "~/domain/messages";
import type { AttachableDocument, ThreadMessage } from "~/server/messages/threads.server";

type Result = SubmissionResult<string[]> | undefined;

/** A kind of document a new file sent with a message may be, named in each language. */
export type UploadType = { key: string; names: Localized };

/** Whom a new message goes to, as the loader found it. */
export type Addressee = { ownerName: string | null; office: string | null };

/**
 * A new message to the applicant's owner (or their office): a plain form inside a disclosure,
 * open when the last post was refused, so what they typed is there again with the reason.
 */
export function WriteMessage({
  addressee,
  attachable,
  uploadTypes,
  result,
}: {
  addressee: Addressee;
  attachable: AttachableDocument[];
  uploadTypes: UploadType[];
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
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid gap-3 px-4 pb-4"
      >
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
        <AttachNewFile fields={fields} uploadTypes={uploadTypes} />
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
  uploadTypes,
  result,
}: {
  messageId: string;
  attachable: AttachableDocument[];
  uploadTypes: UploadType[];
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
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="grid gap-3"
        >
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
          <AttachNewFile fields={fields} uploadTypes={uploadTypes} />
          <Button type="submit" className="justify-self-start" disabled={busy}>
            <SendIcon aria-hidden /> {t("write.sendReply")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** One of the documents they already uploaded, to send with the message. */
function AttachDocument({
  field,
  attachable,
}: {
  field: AnyField;
  attachable: AttachableDocument[];
}) {
  const { t, i18n } = useTranslation("messages");
  if (attachable.length === 0) return null;
  const lang = i18n.language as keyof AttachableDocument["typeNames"];
  return (
    <FormSelect field={field} ns="messages" label={t("write.attach")}>
      <option value="">{t("write.attachNone")}</option>
      {attachable.map((d) => (
        <option key={d.id} value={d.id}>
          {`${d.typeNames[lang] || d.typeNames.en}: ${d.fileName}`}
        </option>
      ))}
    </FormSelect>
  );
}

/**
 * Or a new file: stored as one of their documents, of the kind they choose, through the document
 * rules (the server checks the size, the format by content, the kind's formats), in the same
 * transaction as the message. Sensitive kinds are uploaded on My Documents, with their consent.
 */
function AttachNewFile({
  fields,
  uploadTypes,
}: {
  fields: Record<"file" | "documentType", AnyField>;
  uploadTypes: UploadType[];
}) {
  const { t, i18n } = useTranslation("messages");
  if (uploadTypes.length === 0) return null;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">{t("write.newFile")}</legend>
      <FormInput
        type="file"
        field={fields.file}
        ns="messages"
        label={t("write.file")}
        hint={
          <>
            {t("write.fileHint")}{" "}
            <Link to="/dashboard/documents" className="text-primary-700 underline">
              {t("write.attachUpload")}
            </Link>
          </>
        }
        accept={DOCUMENT_ACCEPT_ATTRIBUTE}
      />
      <FormSelect field={fields.documentType} ns="messages" label={t("write.fileType")}>
        <option value="">{t("write.fileTypeNone")}</option>
        {uploadTypes.map((type) => (
          <option key={type.key} value={type.key}>
            {inLanguage(type.names, i18n.language)}
          </option>
        ))}
      </FormSelect>
    </fieldset>
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
