import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import { redirectDone } from "~/app/lib/redirect-done";
import { TaskAnswerSchema, TaskIdSchema } from "~/domain/tasks";
import { requireApplicant, type Viewer } from "~/server/auth/guards.server";
import { readDocumentUpload } from "~/server/documents/upload-request.server";
import { uploadDocument } from "~/server/documents/upload.server";
import { acknowledgeTask, answerTask, TaskNotOpenError } from "~/server/tasks/tasks.server";
import { taskIntent } from "./home-tasks";

// The dashboard's task forms (decision record 51): each completes one of the applicant's own open
// tasks; another's, a done or a cancelled one is "no longer open".

const DONE = { drop: ["index", "task"] };

export async function taskAnswerIntent({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: TaskAnswerSchema });
  const intent = taskIntent(String(formData.get("taskId") ?? ""));
  if (submission.status !== "success") return formInvalid(intent, submission.reply());
  try {
    await answerTask({ viewer, input: submission.value });
  } catch (error) {
    if (error instanceof TaskNotOpenError)
      return actionFailed(intent, "home.tasks.notOpen", 409, { result: submission.reply() });
    throw error;
  }
  return redirectDone(request, "taskDone", DONE);
}

export async function taskAcknowledgeIntent({ request, viewer, formData }: IntentArgs<Viewer>) {
  const parsed = TaskIdSchema.safeParse(Object.fromEntries(formData));
  const intent = taskIntent(String(formData.get("taskId") ?? ""));
  if (!parsed.success) return actionFailed(intent, "home.tasks.notOpen", 400);
  try {
    await acknowledgeTask({ viewer, taskId: parsed.data.taskId });
  } catch (error) {
    if (error instanceof TaskNotOpenError) return actionFailed(intent, "home.tasks.notOpen", 409);
    throw error;
  }
  return redirectDone(request, "taskDone", DONE);
}

/**
 * An upload task's file, posted without JavaScript (?task=<id> says which card answers): the
 * documents page's upload, through the same reader and service and every rule of theirs.
 */
export async function uploadForTask(request: Request) {
  const viewer = await requireApplicant(request);
  const outcome = await uploadDocument({ actor: viewer, upload: readDocumentUpload(request) });
  if (outcome.ok) return redirectDone(request, "taskDone", DONE);
  const intent = taskIntent(new URL(request.url).searchParams.get("task") ?? "");
  const status =
    outcome.error === "tooLarge"
      ? 413
      : outcome.error === "tooMany"
        ? 429
        : outcome.error === "failed"
          ? 500
          : outcome.error === "storageFull"
            ? 507
            : 400;
  // The documents namespace's words, as on the documents page.
  return actionFailed(intent, `errors.${outcome.error}`, status);
}
