import { DownloadIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Flash } from "~/app/components/flash";
import { CachedHtml, keyOf } from "~/app/lib/cached-html";
import { SelectOptions } from "~/app/components/select-options";
import { Button } from "~/app/components/ui/button";
import { InputField, SelectField, TextareaField } from "~/app/components/ui/field";
import type { Flash as FlashMessage } from "~/app/lib/action-result";
import { translateErrors } from "~/app/lib/form-errors";
import { BULK_SCOPES, type BulkSummary, NO_OWNER } from "~/domain/bulk-actions";
import { dateFormatter } from "~/domain/format";
import { rowVersionField } from "~/domain/versions";
import { Td } from "./data-table";
import { useDocumentTypeName } from "./document-type-name";
import { useAdminT } from "./use-admin-t";

// The bulk form of a back-office list. A plain HTML form: the rows' checkboxes join it
// with form="<id>", the page's rows and the list's filter travel in hidden fields, so choosing
// rows, an action and sending works by keyboard and without JavaScript; Export CSV sends the same
// fields to the list's CSV download instead.

export type BulkAnswer = {
  intent: string;
  flash?: FlashMessage | null;
  summary?: BulkSummary;
  result?: { error?: Record<string, string[] | null> | null } | null;
};

/** The "select" cell: the checkbox that puts one row in the bulk form, named by `label`. */
export function BulkRowCell({
  form,
  id,
  label,
  version,
}: {
  form: string;
  id: string;
  label: string;
  /** The row's version as shown: a bulk change to an older one is refused (decision record 37). */
  version?: number;
}) {
  return (
    <Td>
      {version ? (
        <input type="hidden" name={rowVersionField(id)} value={version} form={form} />
      ) : null}
      <input
        type="checkbox"
        name="id"
        value={id}
        form={form}
        aria-label={label}
        data-testid="bulk-row"
        className="size-6 accent-primary-700"
      />
    </Td>
  );
}

/**
 * The "select" column's header: once JavaScript runs, a checkbox that ticks (or clears) every row
 * of the page; before that, just the column's name (the form's "All on this page" does the same).
 */
export function SelectAllOnPage({ form, label }: { form: string; label: string }) {
  const { t } = useAdminT();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return <>{label}</>;
  return (
    <input
      type="checkbox"
      aria-label={t("bulk.selectPage")}
      className="size-6 accent-primary-700"
      data-testid="bulk-select-page"
      onChange={(event) => {
        const boxes = document.querySelectorAll<HTMLInputElement>(
          `input[type="checkbox"][name="id"][form="${form}"]`,
        );
        for (const box of boxes) box.checked = event.currentTarget.checked;
      }}
    />
  );
}

/**
 * The headers of a list with a bulk form: each column's name by `header`, but for the "select"
 * column, SelectAllOnPage for the bulk form `form`.
 */
export function withSelectAll(
  columns: readonly string[],
  form: string,
  header: (column: string) => string,
) {
  return columns.map((c) =>
    c === "select" ? <SelectAllOnPage form={form} label={header(c)} /> : header(c),
  );
}

const SHOWN_REFUSALS = 20;

export function BulkActions({
  formId,
  actions,
  statuses,
  owners,
  agentOwners = [],
  pageIds,
  matching,
  hidden,
  exportHref,
  answer,
}: {
  formId: string;
  actions: readonly string[];
  statuses?: readonly { value: string; label: string }[];
  owners: readonly { id: string; fullName: string }[];
  /** Agents who may own applicants of their own office (the user list's people, not applications). */
  agentOwners?: readonly { id: string; fullName: string; office: string }[];
  pageIds: readonly string[];
  /** How many rows match the filter (`capped`: more than that). */
  matching: { total: number; capped: boolean };
  /** The list's filter, for "every row matching" and the CSV. */
  hidden: Record<string, string>;
  exportHref: string;
  answer: BulkAnswer | undefined;
}) {
  const { t, lang } = useAdminT();
  const documentName = useDocumentTypeName();
  const dateTime = dateFormatter(lang, "dateTime");
  const mine = answer?.intent === "bulk" ? answer : undefined;
  const errors = mine?.result?.error ?? {};
  const fieldErrors = (name: string) => translateErrors(t, errors[name] ?? undefined) ?? [];
  const formErrors = [
    ...fieldErrors("id"),
    ...fieldErrors("selection"),
    ...fieldErrors("bulkAction"),
  ];
  const scopeLabel = (scope: string) =>
    scope === "matching"
      ? t(matching.capped ? "bulk.scope.matchingMore" : "bulk.scope.matching", {
          count: matching.total,
        })
      : t(`bulk.scope.${scope}`, { count: pageIds.length });
  return (
    <section aria-labelledby={`${formId}-title`} className="grid gap-3">
      {mine ? <Flash flash={mine.flash} className="" /> : null}
      {mine?.summary && mine.summary.refused.length > 0 ? (
        <div
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm"
          data-testid="bulk-refused"
        >
          <p className="font-medium">
            {t("bulk.refusedTitle", { count: mine.summary.refused.length })}
          </p>
          <ul className="mt-2 list-disc pl-5">
            {mine.summary.refused.slice(0, SHOWN_REFUSALS).map((r) => (
              <li key={r.id}>
                {r.label}:{" "}
                {r.stale?.by
                  ? t("bulk.refusal.changedBy", {
                      name: r.stale.by,
                      when: r.stale.at ? dateTime.format(new Date(r.stale.at)) : "",
                    })
                  : r.items?.length
                    ? t(`bulk.refusal.${r.reason}`, {
                        items: r.items
                          .map(
                            (i) =>
                              `${documentName(i.documentType)} (${t(
                                `applications.details.checklistState.${i.state}`,
                              ).toLowerCase()})`,
                          )
                          .join(", "),
                      })
                    : t(`bulk.refusal.${r.reason}`)}
              </li>
            ))}
          </ul>
          {mine.summary.refused.length > SHOWN_REFUSALS ? (
            <p className="mt-1">
              {t("bulk.refusedMore", { count: mine.summary.refused.length - SHOWN_REFUSALS })}
            </p>
          ) : null}
        </div>
      ) : null}
      <details
        className="rounded-xl border border-slate-200 bg-white p-4"
        open={Boolean(mine) || undefined}
      >
        <summary id={`${formId}-title`} className="cursor-pointer font-medium">
          {t("bulk.title")}
        </summary>
        <form id={formId} method="post" className="mt-4 grid gap-4">
          {/* The same for every staff member on this page of this list until one of them sends
              it (the answer is theirs alone): kept once rendered, under everything it shows. A
              textarea is never kept (fragment-cache.server.ts), so the message stays outside. */}
          <CachedHtml
            className="contents"
            cacheKey={
              answer
                ? null
                : `bulk:${lang}:${formId}:${keyOf([actions, statuses, owners, agentOwners, pageIds, matching, hidden])}`
            }
          >
            {() => (
              <>
                <input type="hidden" name="intent" value="bulk" />
                {Object.entries(hidden).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                {pageIds.map((id) => (
                  <input key={id} type="hidden" name="pageId" value={id} />
                ))}
                <fieldset className="grid gap-2">
                  <legend className="mb-1 text-sm font-medium">{t("bulk.scope.legend")}</legend>
                  {BULK_SCOPES.map((scope) => (
                    <label key={scope} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="selection"
                        value={scope}
                        defaultChecked={scope === "selected"}
                        className="size-4 accent-primary-700"
                      />
                      {scopeLabel(scope)}
                    </label>
                  ))}
                </fieldset>
                <div className="grid gap-3 sm:grid-cols-3">
                  <SelectField
                    id={`${formId}-action`}
                    label={t("bulk.action")}
                    selectProps={{ name: "bulkAction", defaultValue: actions[0] }}
                  >
                    <SelectOptions
                      options={actions.map((a) => ({ value: a, label: t(`bulk.actions.${a}`) }))}
                    />
                  </SelectField>
                  {statuses ? (
                    <SelectField
                      id={`${formId}-status`}
                      label={t("bulk.toStatus")}
                      hint={t("bulk.toStatusHint")}
                      errors={fieldErrors("toStatus")}
                      selectProps={{ name: "toStatus", defaultValue: "" }}
                    >
                      <option value="">{t("bulk.chooseStatus")}</option>
                      <SelectOptions options={statuses} />
                    </SelectField>
                  ) : null}
                  <SelectField
                    id={`${formId}-owner`}
                    label={t("bulk.owner")}
                    hint={t("bulk.ownerHint")}
                    errors={fieldErrors("ownerId")}
                    selectProps={{ name: "ownerId", defaultValue: "" }}
                  >
                    <option value="">{t("bulk.chooseOwner")}</option>
                    <option value={NO_OWNER}>{t("bulk.noOwner")}</option>
                    <SelectOptions
                      options={owners.map((o) => ({ value: o.id, label: o.fullName }))}
                    />
                    {agentOwners.length ? (
                      <optgroup label={t("bulk.agentOwners")}>
                        <SelectOptions
                          options={agentOwners.map((o) => ({
                            value: o.id,
                            label: t("bulk.ownerAgent", { name: o.fullName, office: o.office }),
                          }))}
                        />
                      </optgroup>
                    ) : null}
                  </SelectField>
                </div>
              </>
            )}
          </CachedHtml>
          <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
            <InputField
              id={`${formId}-subject`}
              label={t("bulk.subject")}
              hint={t("bulk.messageHint")}
              inputProps={{ name: "subject", maxLength: 200 }}
            />
            <TextareaField
              id={`${formId}-content`}
              label={t("bulk.content")}
              errors={fieldErrors("content")}
              textareaProps={{ name: "content", maxLength: 5000, rows: 3 }}
            />
          </div>
          {formErrors.length ? (
            <p className="text-sm text-red-700" role="alert">
              {formErrors.join(" ")}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit">{t("bulk.apply")}</Button>
            <Button
              type="submit"
              variant="outline"
              formMethod="get"
              formAction={exportHref}
              formNoValidate
            >
              <DownloadIcon aria-hidden />
              {t("bulk.exportCsv")}
            </Button>
          </div>
          <p className="text-xs text-slate-600">{t("bulk.note")}</p>
        </form>
      </details>
    </section>
  );
}
