import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import { redirectDone } from "~/app/lib/redirect-done";
import { StaffReplySchema } from "~/domain/messages";
import type { Viewer } from "~/server/auth/guards.server";
import {
  replyInThread,
  SubjectNeededError,
  ThreadTargetNotFoundError,
} from "~/server/messages/threads.server";

/** Staff answer in the applicant's conversation; the text stays in the form when refused. */
export async function replyIntent({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: StaffReplySchema });
  if (submission.status !== "success") return formInvalid("reply", submission.reply());
  try {
    await replyInThread({ actor: viewer, input: submission.value });
  } catch (error) {
    if (error instanceof SubjectNeededError)
      return formInvalid(
        "reply",
        submission.reply({ fieldErrors: { subject: ["errors.subjectRequired"] } }),
      );
    // Another office's applicant, an erased account or a staff member: nobody to answer.
    if (error instanceof ThreadTargetNotFoundError)
      return actionFailed("reply", "applicant.thread.notFound", 404, {
        result: submission.reply(),
      });
    throw error;
  }
  return redirectDone(request, "replySent");
}
