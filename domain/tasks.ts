import { z } from "zod";
import { isDay } from "./checklists";
import { DOCUMENT_TYPE_KEY } from "./document-types";
import type { Tone } from "./enums";
import { requiredText } from "./text-fields";

// Tasks staff give an applicant (decision record 51): upload a document of a type, answer a
// question in their own words, or read and acknowledge a text; each with a title, instructions
// and a due date. Not staff's own to-dos (staff_todos, /admin/todos), which are the agency's work.
// Validation messages are translation keys of the "admin" namespace (staff's form) or the
// "dashboard" namespace (the applicant's).

export const TASK_KINDS = ["upload", "answer", "acknowledge"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_STATUSES = ["open", "done", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What a task is shown as: its status, or "overdue" for an open one past its due date. */
export type TaskState = TaskStatus | "overdue";

export const TASK_STATE_TONE = {
  open: "waiting",
  overdue: "danger",
  done: "success",
  cancelled: "neutral",
} as const satisfies Record<TaskState, Tone>;

/** Overdue once its due day has passed on the agency's calendar (due today is not overdue). */
export function taskState(task: { status: string; dueOn: string }, today: string): TaskState {
  if (task.status !== "open") return task.status as TaskStatus;
  return task.dueOn < today ? "overdue" : "open";
}

const dueDay = z
  .string({ error: "applicant.tasks.errors.dueOn" })
  .trim()
  .refine(isDay, "applicant.tasks.errors.dueOn");

/** Staff give a task, from the applicant's page. */
export const NewTaskSchema = z
  .object({
    applicantId: z.string().trim().min(1).max(100),
    kind: z.enum(TASK_KINDS, { error: "applicant.tasks.errors.kind" }),
    title: requiredText(200, "applicant.tasks.errors.title", "applicant.tasks.errors.titleTooLong"),
    instructions: requiredText(
      5000,
      "applicant.tasks.errors.instructions",
      "applicant.tasks.errors.instructionsTooLong",
    ),
    dueOn: dueDay,
    documentType: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || DOCUMENT_TYPE_KEY.test(v), "applicant.tasks.errors.type"),
  })
  .refine((v) => v.kind !== "upload" || v.documentType, {
    path: ["documentType"],
    message: "applicant.tasks.errors.type",
  });
export type NewTask = z.infer<typeof NewTaskSchema>;

export const TaskIdSchema = z.object({ taskId: z.uuid() });

/** The applicant's answer to a question task. */
export const TaskAnswerSchema = z.object({
  taskId: z.uuid(),
  answer: requiredText(5000, "home.tasks.errors.answer", "home.tasks.errors.answerTooLong"),
});
export type TaskAnswer = z.infer<typeof TaskAnswerSchema>;
