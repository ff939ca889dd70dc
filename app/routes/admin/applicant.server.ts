import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import { redirectDone } from "~/app/lib/redirect-done";
import { StaffReplySchema } from "~/domain/messages";
import { NewTaskSchema, TaskIdSchema } from "~/domain/tasks";
import type { Viewer } from "~/server/auth/guards.server";
import {
  replyInThread,
  SubjectNeededError,
  ThreadTargetNotFoundError,
} from "~/server/messages/threads.server";
import {
  cancelTask,
  createTask,
  TaskApplicantNotFoundError,
  TaskDocumentTypeError,
} from "~/server/tasks/tasks.server";

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

/** Staff give the applicant a task (decision record 51); the form keeps what was typed when refused. */
export async function taskCreateIntent({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: NewTaskSchema });
  if (submission.status !== "success") return formInvalid("taskCreate", submission.reply());
  try {
    await createTask({ actor: viewer, input: submission.value });
  } catch (error) {
    if (error instanceof TaskDocumentTypeError)
      return formInvalid(
        "taskCreate",
        submission.reply({ fieldErrors: { documentType: ["applicant.tasks.errors.type"] } }),
      );
    if (error instanceof TaskApplicantNotFoundError)
      return actionFailed("taskCreate", "applicant.tasks.notFound", 404, {
        result: submission.reply(),
      });
    throw error;
  }
  return redirectDone(request, "taskCreated");
}

/** Staff cancel an open task of an applicant of their offices. */
export async function taskCancelIntent({ request, viewer, formData }: IntentArgs<Viewer>) {
  const parsed = TaskIdSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return actionFailed("taskCancel", "applicant.tasks.notFound", 400);
  const cancelled = await cancelTask({ actor: viewer, taskId: parsed.data.taskId });
  if (!cancelled) return actionFailed("taskCancel", "applicant.tasks.notFound", 404);
  return redirectDone(request, "taskCancelled");
}
