import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import { isUuid } from "~/domain/ids";
import type { UploadError } from "~/domain/documents";
import { ApplicantMessageSchema, isChosenFile } from "~/domain/messages";
import type { Viewer } from "~/server/auth/guards.server";
import { documentUploadFromFile } from "~/server/documents/upload-request.server";
import { uploadDocument } from "~/server/documents/upload.server";
import { markAllMessagesRead, markMessageRead } from "~/server/messages/messages.server";
import {
  AttachmentNotFoundError,
  sendApplicantMessage,
  ThreadTargetNotFoundError,
} from "~/server/messages/threads.server";

// The inbox's forms: open a message, mark all read, write to the agency or reply to a message.

export async function readAll({ viewer }: IntentArgs<Viewer>) {
  await markAllMessagesRead(viewer.id);
  return { ok: true };
}

/** Opening a message marks it read first, so the unread count in the header is current. */
export async function openMessage({ viewer, formData }: IntentArgs<Viewer>) {
  const id = String(formData.get("id") ?? "");
  if (!isUuid(id) || !(await markMessageRead({ viewer, messageId: id }))) {
    throw data({ message: "notFound" }, { status: 404 });
  }
  throw redirect(`/dashboard/messages?id=${id}`);
}

/** A new message ("send") or a reply ("reply"); refused input comes back to its form. */
export async function writeMessage({ viewer, formData, intent }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: ApplicantMessageSchema });
  if (submission.status !== "success") return formInvalid(intent, submission.reply());
  const { file, documentType, ...input } = submission.value;
  try {
    if (isChosenFile(file)) {
      // A new file is stored as one of their documents through the document rules, in the
      // message's transaction: a refused file keeps nothing and the text comes back with the reason.
      const outcome = await uploadDocument({
        actor: viewer,
        upload: documentUploadFromFile(file, documentType),
        alongside: (tx, document) =>
          sendApplicantMessage({ viewer, input: { ...input, documentId: document.id } }, tx),
      });
      if (!outcome.ok) {
        const field = outcome.error === "badDocumentType" ? "documentType" : "file";
        const fieldErrors = { [field]: [`upload.${outcome.error}`] };
        return formInvalid(
          intent,
          submission.reply({ fieldErrors }),
          undefined,
          uploadStatus(outcome.error),
        );
      }
    } else await sendApplicantMessage({ viewer, input });
  } catch (error) {
    if (error instanceof AttachmentNotFoundError) {
      const fieldErrors = { documentId: ["errors.attachmentNotFound"] };
      return formInvalid(intent, submission.reply({ fieldErrors }));
    }
    if (!(error instanceof ThreadTargetNotFoundError)) throw error;
    return actionFailed(intent, "write.notFound", 404, { result: submission.reply() });
  }
  const back = submission.value.replyTo ? `id=${submission.value.replyTo}&` : "";
  throw redirect(`/dashboard/messages?${back}done=sent`);
}

function uploadStatus(error: UploadError) {
  if (error === "tooLarge") return 413;
  if (error === "tooMany") return 429;
  if (error === "storageFull") return 507;
  return error === "failed" ? 500 : 400;
}
