import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { DoneFlash, Flash } from "~/app/components/flash";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { InputField, TextareaField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import { guardedRequest } from "~/app/lib/guarded-request";
import { redirectDone } from "~/app/lib/redirect-done";
import { shellScreen } from "~/app/lib/shell-screen";
import { USER_ADMIN_ROLES } from "~/domain/enums";
import { dateFormatter, formatMoney } from "~/domain/format";
import { TodoRefundSchema } from "~/domain/payments";
import { requireStaff, requireUserAdmin } from "~/server/auth/guards.server";
import { recordRefundFromTodo } from "~/server/fees/record-refund.server";
import {
  listDoneTodosForStaff,
  listOpenTodosForStaff,
  type StaffTodoRow,
} from "~/server/fees/refund-todos.server";
import { logger } from "~/server/logger.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { paymentProviderNamed } from "~/server/payments/provider.server";
import type { Route } from "./+types/todos";

// Staff's to-dos (decision record 35): today, the refunds a fee policy's rule
// promises, opened when an application reaches an outcome the rule names. Staff see those of
// their offices' applicants; an admin closes one by recording the refund (through the payment's
// provider where it can refund, else as a refund made by hand), which tells the applicant.

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.todos");

function shape(row: StaffTodoRow) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
    claimedAt: undefined,
    // Whether recording it asks the provider for the money back (Paystack), or records a refund
    // staff made by hand (Paynow, Mark Paid).
    providerRefunds: Boolean(paymentProviderNamed(row.provider)?.refund),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await guardedRequest(request, requireStaff);
  const scope = await officeScopeFor(viewer);
  const [open, done] = await Promise.all([
    listOpenTodosForStaff({ scope }),
    listDoneTodosForStaff({ scope }),
  ]);
  return {
    open: open.map(shape),
    done: done.map(shape),
    // Refunds are recorded by admins only (as on the payments list).
    canRefund: (USER_ADMIN_ROLES as readonly string[]).includes(viewer.role),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUserAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: TodoRefundSchema });
  if (submission.status !== "success") {
    return formInvalid("refund", submission.reply(), {
      todoId: String(submission.payload.todoId ?? ""),
    });
  }
  const scope = await officeScopeFor(viewer);
  const { todoId, amount, reason } = submission.value;
  try {
    const outcome = await recordRefundFromTodo({
      actor: viewer,
      scope,
      todoId,
      amountMinor: amount,
      reason,
    });
    if (outcome.kind === "refunded") {
      return redirectDone(request, outcome.throughProvider ? "refunded" : "refundedByHand");
    }
    const status =
      outcome.kind === "notFound" ? 404 : outcome.kind === "providerFailed" ? 502 : 409;
    return actionFailed("refund", `todos.errors.${outcome.kind}`, status, { todoId });
  } catch (error) {
    logger().error({ err: error, todoId }, "recording a refund from a to-do failed");
    return actionFailed("refund", "payments.errors.refundFailed", 500, { todoId });
  }
}

const DONE = {
  refunded: "todos.done.refunded",
  refundedByHand: "todos.done.refundedByHand",
};

type Todo = ReturnType<typeof shape>;

export default function AdminTodos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { open, done, canRefund } = loaderData;
  const errors =
    actionData && "result" in actionData && actionData.result?.error
      ? actionData.result.error
      : null;
  const errorFor = actionData && "todoId" in actionData ? String(actionData.todoId) : null;
  return (
    <div className="grid gap-6">
      {actionData?.flash ? <Flash flash={actionData.flash} className="" /> : null}
      {actionData ? null : <DoneFlash messages={DONE} className="" />}
      <p className="text-sm text-slate-700">{t("todos.intro")}</p>
      <section aria-labelledby="todos-open" className="grid gap-3">
        <h2 id="todos-open" className="text-lg font-semibold text-slate-900">
          {t("todos.openTitle", { count: open.length })}
        </h2>
        {open.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {t("todos.empty")}
          </p>
        ) : (
          <ul className="grid gap-3">
            {open.map((todo) => (
              <li key={todo.id}>
                <TodoCard
                  todo={todo}
                  canRefund={canRefund}
                  errors={errorFor === todo.id ? errors : null}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {done.length > 0 ? (
        <section aria-labelledby="todos-done" className="grid gap-3">
          <h2 id="todos-done" className="text-lg font-semibold text-slate-900">
            {t("todos.doneTitle")}
          </h2>
          <ul className="grid gap-2 text-sm text-slate-700">
            {done.map((todo) => (
              <li key={todo.id} className="rounded-lg border border-slate-200 p-3">
                <TodoSummary todo={todo} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function useOutcomeText() {
  const { t, tc } = useAdminT();
  return (outcome: string) => {
    const [kind, value] = outcome.split(":");
    if (kind === "noOffer") return t("todos.outcomes.noOffer", { days: Number(value) });
    return t("todos.outcomes.status", {
      status: tc(`labels.applicationStatus.${value}.label`, { defaultValue: value }),
    });
  };
}

function TodoSummary({ todo }: { todo: Todo }) {
  const { t, lang } = useAdminT();
  const outcome = useOutcomeText();
  const when = dateFormatter(lang, "dateTime");
  return (
    <div className="grid gap-1">
      <p className="font-medium text-slate-900">
        {t("todos.refundFor", { name: todo.applicantName || todo.applicantEmail })}
      </p>
      <p>
        {outcome(todo.outcome)}
        {todo.jobTitle ? ` · ${todo.jobTitle}` : ""}
      </p>
      <p className="text-slate-600">
        {todo.doneAt
          ? t("todos.doneAt", { date: when.format(new Date(todo.doneAt)) })
          : t("todos.openedAt", { date: when.format(new Date(todo.createdAt)) })}
      </p>
    </div>
  );
}

function TodoCard({
  todo,
  canRefund,
  errors,
}: {
  todo: Todo;
  canRefund: boolean;
  errors: Record<string, string[] | null> | null;
}) {
  const { t, lang } = useAdminT();
  const amount = formatMoney(todo.amountMinor, todo.currency, lang);
  const fieldErrors = (name: string) => errors?.[name]?.map((key) => t(key)) ?? undefined;
  return (
    <Card className="grid gap-3 p-4" data-testid="refund-todo">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <TodoSummary todo={todo} />
        <Badge tone="waiting">{t("todos.kinds.refund")}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("todos.paid")}</dt>
        <dd>
          {amount} · {t(`payments.providers.${todo.provider}`)}
          {todo.receiptNumber ? (
            <>
              {" · "}
              <Link to={`/receipts/${todo.paymentId}`} className="text-primary-700 underline">
                {todo.receiptNumber}
              </Link>
            </>
          ) : null}
        </dd>
        {todo.office ? (
          <>
            <dt className="text-slate-600">{t("todos.office")}</dt>
            <dd>{todo.office}</dd>
          </>
        ) : null}
      </dl>
      {canRefund ? (
        <Form
          method="post"
          className="grid gap-3 sm:grid-cols-2"
          aria-label={t("todos.formLabel", { amount })}
        >
          <input type="hidden" name="todoId" value={todo.id} />
          <p className="text-sm text-slate-700 sm:col-span-2">
            {t(todo.providerRefunds ? "todos.throughProvider" : "todos.byHand", {
              provider: t(`payments.providers.${todo.provider}`),
            })}
          </p>
          <InputField
            id={`todo-amount-${todo.id}`}
            label={t("todos.amount")}
            hint={t("todos.amountHint", { amount })}
            errors={fieldErrors("amount")}
            inputProps={{
              name: "amount",
              inputMode: "decimal",
              autoComplete: "off",
              placeholder: (todo.amountMinor / 100).toFixed(2),
            }}
          />
          <TextareaField
            id={`todo-reason-${todo.id}`}
            label={t("todos.reason")}
            hint={t("todos.reasonHint")}
            errors={fieldErrors("reason")}
            textareaProps={{
              name: "reason",
              required: true,
              minLength: 3,
              maxLength: 500,
              rows: 2,
            }}
          />
          <div className="sm:col-span-2">
            <Button type="submit">{t("todos.submit")}</Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">{t("todos.adminsRecord")}</p>
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <LoadError what="todos" />;
}
