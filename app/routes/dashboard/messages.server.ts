import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import { isUuid } from "~/domain/ids";
import { ApplicantMessageSchema } from "~/domain/messages";
import type { Viewer } from "~/server/auth/guards.server";
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
  try {
    await sendApplicantMessage({ viewer, input: submission.value });
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
