import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ClipboardPlusIcon, PaperclipIcon, XIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useDocumentTypeName } from "~/app/components/admin/document-type-name";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { FormErrors, FormInput, FormSelect, FormTextarea } from "~/app/components/ui/field";
import { type ActionResult, resultFor } from "~/app/lib/action-result";
import { calendarDay, dateFormatter } from "~/domain/format";
import { NewTaskSchema, TASK_KINDS, TASK_STATE_TONE, taskState } from "~/domain/tasks";
import type { ApplicantRecord } from "~/server/applicants/applicant-record.server";
import { Section } from "./applicant-sections";

/**
 * The tasks staff gave the applicant (decision record 51), newest first, each with its state
 * (open, overdue, done with the answer or the document, cancelled) and a Cancel for an open one;
 * then the form that gives a new one. Plain forms posting to this page: they work before
 * JavaScript loads.
 */
export function ApplicantTasks({
  applicantId,
  tasks,
  today,
  documentTypes,
  canGive,
  actionData,
}: {
  applicantId: string;
  tasks: ApplicantRecord["tasks"];
  today: string;
  documentTypes: string[];
  canGive: boolean;
  actionData: ActionResult | undefined;
}) {
  const { t, lang } = useAdminT();
  const day = dateFormatter(lang, "date");
  const dateTime = dateFormatter(lang, "dateTime");
  const documentName = useDocumentTypeName();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "task-new",
    lastResult: resultFor(actionData, "taskCreate"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewTaskSchema }),
    shouldValidate: "onBlur",
    defaultValue: { applicantId, kind: "upload" },
  });
  return (
    <Section id="applicant-tasks" title={t("applicant.tasks.title")}>
      {tasks.length === 0 ? (
        <p className="text-sm text-slate-600">{t("applicant.tasks.none")}</p>
      ) : (
        <ul className="grid gap-3 text-sm" aria-labelledby="applicant-tasks-title">
          {tasks.map((task) => {
            const state = taskState(task, today);
            const titleId = `task-${task.id}-title`;
            return (
              <li
                key={task.id}
                className="grid gap-1 rounded-lg border border-slate-200 p-3"
                data-testid="staff-task"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <p id={titleId} className="font-medium break-words">
                    {task.title}
                  </p>
                  <Badge tone={TASK_STATE_TONE[state]} data-testid="task-state">
                    {t(`applicant.tasks.state.${state}`)}
                  </Badge>
                </div>
                <p className="text-xs text-slate-600">
                  {t(`applicant.tasks.kind.${task.kind}`)}
                  {task.documentType ? ` · ${documentName(task.documentType)}` : ""} ·{" "}
                  {t("applicant.tasks.due", { when: day.format(calendarDay(task.dueOn)) })} ·{" "}
                  {t("applicant.tasks.givenBy", {
                    name: task.createdByName ?? t("applications.details.formerStaff"),
                  })}
                </p>
                <p className="break-words whitespace-pre-line text-slate-800">
                  {task.instructions}
                </p>
                {task.completedAt ? (
                  <p className="text-xs text-slate-600">
                    {t("applicant.tasks.doneAt", {
                      when: dateTime.format(new Date(task.completedAt)),
                    })}
                  </p>
                ) : null}
                {task.answer ? (
                  <blockquote
                    className="border-l-4 border-slate-200 pl-3 break-words whitespace-pre-line"
                    data-testid="task-answer"
                  >
                    {task.answer}
                  </blockquote>
                ) : null}
                {task.documentId ? (
                  <a
                    href={`/files/documents/${task.documentId}`}
                    className="inline-flex items-center gap-1 justify-self-start text-primary-700 underline"
                  >
                    <PaperclipIcon className="size-4" aria-hidden />
                    {task.documentName}
                  </a>
                ) : null}
                {task.status === "open" ? (
                  <Form method="post" className="justify-self-start">
                    <input type="hidden" name="intent" value="taskCancel" />
                    <input type="hidden" name="taskId" value={task.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-describedby={titleId}
                    >
                      <XIcon aria-hidden /> {t("applicant.tasks.cancel")}
                    </Button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canGive ? (
        <Form
          method="post"
          {...getFormProps(form)}
          className="grid gap-3 border-t border-slate-100 pt-3"
          aria-labelledby="task-new-heading"
        >
          <h3 id="task-new-heading" className="text-sm font-semibold">
            {t("applicant.tasks.give")}
          </h3>
          <input type="hidden" name="intent" value="taskCreate" />
          <input type="hidden" name="applicantId" value={applicantId} />
          <FormErrors errors={form.errors} ns="admin" />
          <div className="grid gap-3 sm:grid-cols-2">
            <FormSelect field={fields.kind} ns="admin" label={t("applicant.tasks.kindLabel")}>
              {TASK_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`applicant.tasks.kind.${kind}`)}
                </option>
              ))}
            </FormSelect>
            <FormSelect
              field={fields.documentType}
              ns="admin"
              label={t("applicant.tasks.typeLabel")}
              hint={t("applicant.tasks.typeHint")}
            >
              <option value="">{t("applicant.tasks.typeNone")}</option>
              {documentTypes.map((key) => (
                <option key={key} value={key}>
                  {documentName(key)}
                </option>
              ))}
            </FormSelect>
          </div>
          <FormInput
            field={fields.title}
            ns="admin"
            label={t("applicant.tasks.titleLabel")}
            required
          />
          <FormTextarea
            field={fields.instructions}
            ns="admin"
            label={t("applicant.tasks.instructionsLabel")}
            hint={t("applicant.tasks.instructionsHint")}
            rows={4}
            required
          />
          <FormInput
            field={fields.dueOn}
            ns="admin"
            type="date"
            label={t("applicant.tasks.dueLabel")}
            min={today}
            required
          />
          <Button type="submit" className="justify-self-start" disabled={busy}>
            <ClipboardPlusIcon aria-hidden /> {t("applicant.tasks.submit")}
          </Button>
        </Form>
      ) : null}
    </Section>
  );
}
