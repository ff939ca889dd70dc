import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, formInvalid, staleRefused } from "~/app/lib/action-result";
import { ApplicantOwnerSchema, type BulkSummary, NO_OWNER } from "~/domain/bulk-actions";
import {
  assignApplicantOwner,
  currentOwnerName,
  OwnerNotStaffError,
} from "~/server/owners/owners.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import { redirectDone } from "~/app/lib/redirect-done";
import { answerInvitationResend } from "~/app/lib/resend-invitation.server";
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

/**
 * Staff give the applicant to an owner: a staff member or an agent of the applicant's office
 * (who then follows them in /agent), or nobody. The same service as the user list's bulk owner,
 * so the same rules, audit entry and stale-edit refusal (decision record 37).
 */
export async function ownerIntent({ request, viewer, formData }: IntentArgs<Viewer>) {
  const parsed = ApplicantOwnerSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return actionFailed("owner", "applicant.ownerForm.invalid", 400);
  const { applicantId, ownerId, version } = parsed.data;
  let summary: BulkSummary;
  try {
    summary = await assignApplicantOwner({
      actor: viewer,
      people: [{ id: applicantId, label: applicantId, version }],
      ownerId: ownerId === NO_OWNER ? null : ownerId,
    });
  } catch (error) {
    if (error instanceof OwnerNotStaffError) {
      return actionFailed("owner", "applicant.ownerForm.invalid", 400);
    }
    throw error;
  }
  const refusal = summary.refused[0];
  if (summary.changed > 0 || refusal?.reason === "unchanged") {
    return redirectDone(request, "ownerUpdated");
  }
  if (refusal?.reason === "changedMeanwhile" && refusal.stale) {
    const name = await currentOwnerName(applicantId);
    return staleRefused("owner", refusal.stale, name ? { text: name } : { key: "owners.none" });
  }
  if (refusal?.reason === "agentOtherOffice") {
    return actionFailed("owner", "applicant.ownerForm.otherOffice", 400);
  }
  // Another office's applicant, a staff member or no one.
  return actionFailed("owner", "applicant.ownerForm.notFound", 404);
}

/**
 * Staff send again the invitation of an applicant an agent registered (their agent can too):
 * the same service, rate and rules as the agent's button.
 */
export function resendInvitationIntent({ request, viewer, formData }: IntentArgs<Viewer>) {
  const applicantId = formData.get("applicantId");
  return answerInvitationResend(request, {
    actor: viewer,
    applicantId: typeof applicantId === "string" ? applicantId : undefined,
    intent: "resendInvitation",
    messages: "applicant.invitation",
    notFound: "message",
  });
}
