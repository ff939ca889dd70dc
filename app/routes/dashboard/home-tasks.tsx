import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2Icon, CheckIcon, SendIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { TitledSection } from "~/app/components/titled-section";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { FormTextarea } from "~/app/components/ui/field";
import { type ActionResult, resultFor } from "~/app/lib/action-result";
import { type DocumentFormat, inLanguage, type Localized } from "~/domain/document-types";
import { calendarDay, dateFormatter } from "~/domain/format";
import { TASK_STATE_TONE, TaskAnswerSchema, taskState } from "~/domain/tasks";
import { UploadForm } from "./documents-upload";

/** What the dashboard's loader sends of a task (server/tasks/tasks.server.ts). */
export type TaskView = {
  id: string;
  kind: "upload" | "answer" | "acknowledge";
  title: string;
  instructions: string;
  documentType: string | null;
  dueOn: string;
  status: "open" | "done" | "cancelled";
  completedAt: Date | string | null;
};

/** An upload task's document type, as its form needs it. */
export type TaskDocumentType = {
  key: string;
  names: Localized;
  formats: DocumentFormat[];
  expires: boolean;
  validityMonths: number | null;
  /** Special personal information: its upload asks for consent (decision record 49). */
  sensitive: boolean;
};

const DONE = { taskDone: "home.tasks.done" };

/** The intent a task's forms answer under (its card shows the answer). */
export const taskIntent = (id: string) => `task-${id}`;

/**
 * The applicant's tasks, first on their dashboard (decision record 51): each open one with its
 * instructions, due date and the form that completes it (an answer, an acknowledgement, or an
 * upload through the documents' form and rules); then those done lately. Plain forms: they work
 * before JavaScript loads.
 */
export function Tasks({
  open,
  done,
  today,
  types,
  actionData,
}: {
  open: TaskView[];
  done: TaskView[];
  today: string;
  types: TaskDocumentType[];
  actionData: ActionResult | undefined;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const day = dateFormatter(i18n.language, "date");
  if (open.length === 0 && done.length === 0) return null;
  return (
    <TitledSection id="tasks" title={t("home.tasks.title")}>
      <DoneFlash ns="dashboard" messages={DONE} className="" />
      {open.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="tasks-open">
          {open.map((task) => {
            const state = taskState(task, today);
            const answer = actionData?.intent === taskIntent(task.id) ? actionData : undefined;
            return (
              <li
                key={task.id}
                className="grid content-start gap-2 rounded-xl border border-slate-200 bg-white p-4"
                data-testid="task"
              >
                <h3
                  id={`task-${task.id}-title`}
                  className="text-base font-semibold break-words text-slate-900"
                >
                  {task.title}
                </h3>
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <Badge tone={TASK_STATE_TONE[state]}>{t(`home.tasks.state.${state}`)}</Badge>
                  {t("home.tasks.due", { when: day.format(calendarDay(task.dueOn)) })}
                </p>
                <p className="text-sm break-words whitespace-pre-line text-slate-800">
                  {task.instructions}
                </p>
                {/* An upload's answer shows in its form, by its file field. */}
                {answer?.flash && task.kind !== "upload" ? (
                  <Flash flash={answer.flash} ns="dashboard" className="" />
                ) : null}
                <TaskForm task={task} types={types} answer={answer} />
              </li>
            );
          })}
        </ul>
      ) : null}
      {done.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{t("home.tasks.doneTitle")}</h3>
          <ul className="grid gap-1 text-sm text-slate-700" data-testid="tasks-done">
            {done.map((task) => (
              <li key={task.id} className="flex items-start gap-2" data-testid="task-done">
                <CheckCircle2Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                <span className="break-words">
                  {task.title}{" "}
                  <span className="text-slate-600">
                    ·{" "}
                    {t("home.tasks.doneOn", {
                      when: day.format(new Date(task.completedAt ?? Date.now())),
                    })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </TitledSection>
  );
}

function TaskForm({
  task,
  types,
  answer,
}: {
  task: TaskView;
  types: TaskDocumentType[];
  answer: ActionResult | undefined;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const busy = useNavigation().state === "submitting";
  if (task.kind === "upload") {
    const type = types.find((ty) => ty.key === task.documentType);
    if (!type) return <p className="text-sm text-slate-600">{t("home.tasks.typeGone")}</p>;
    return (
      <UploadForm
        type={type.key}
        formats={type.formats}
        label={inLanguage(type.names, i18n.language)}
        hasCurrent={false}
        dates={type.expires ? "both" : type.validityMonths ? "issued" : "none"}
        sensitive={type.sensitive}
        taskId={task.id}
        // An index route's own action (without ?index the layout's would get the post).
        action={`/dashboard?index&task=${task.id}`}
        answer={answer?.flash ?? null}
        uploaded={false}
      />
    );
  }
  if (task.kind === "acknowledge") {
    return (
      <Form method="post" className="grid">
        <input type="hidden" name="intent" value="taskAcknowledge" />
        <input type="hidden" name="taskId" value={task.id} />
        <Button
          type="submit"
          disabled={busy}
          className="w-full sm:w-auto sm:justify-self-start"
          aria-describedby={`task-${task.id}-title`}
        >
          <CheckIcon aria-hidden /> {t("home.tasks.acknowledge")}
        </Button>
      </Form>
    );
  }
  return <AnswerForm task={task} answer={answer} busy={busy} />;
}

function AnswerForm({
  task,
  answer,
  busy,
}: {
  task: TaskView;
  answer: ActionResult | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const [form, fields] = useForm({
    id: `task-${task.id}-answer`,
    lastResult: resultFor(answer, taskIntent(task.id)),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TaskAnswerSchema }),
    shouldValidate: "onBlur",
    defaultValue: { taskId: task.id },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="taskAnswer" />
      <input type="hidden" name="taskId" value={task.id} />
      <FormTextarea
        field={fields.answer}
        ns="dashboard"
        label={t("home.tasks.answerLabel")}
        rows={4}
        required
      />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
        <SendIcon aria-hidden /> {t("home.tasks.send")}
      </Button>
    </Form>
  );
}
