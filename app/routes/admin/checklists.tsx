import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Trash2Icon } from "lucide-react";
import { Form } from "react-router";
import { HiddenValues } from "~/app/components/admin/intent-form";
import { LoadError } from "~/app/components/admin/load-error";
import { useDocumentTypeName } from "~/app/components/admin/document-type-name";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { DoneFlash, Flash } from "~/app/components/flash";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { FormCheckbox, FormErrors, FormSelect } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import {
  actionFailed,
  formInvalid,
  resultFor,
  revalidateAfterStale,
  staleRefused,
} from "~/app/lib/action-result";
import { guardedRequest } from "~/app/lib/guarded-request";
import { redirectDone } from "~/app/lib/redirect-done";
import { shellScreen } from "~/app/lib/shell-screen";
import { CHECKLIST_PATHS, type ChecklistRule, ChecklistRuleFormSchema } from "~/domain/checklists";
import { inLanguage } from "~/domain/document-types";
import { APPLICATION_KINDS } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import { editVersion, StaleEditError } from "~/domain/versions";
import { requireUserAdmin } from "~/server/auth/guards.server";
import {
  listChecklistDestinations,
  listChecklistRules,
  removeChecklistRule,
  saveChecklistRule,
  setChecklistRuleMandatory,
} from "~/server/documents/checklists.server";
import { activeDocumentTypes } from "~/server/documents/document-types.server";
import type { Route } from "./+types/checklists";

// Checklists per destination and path (decision record 44): admins say which document types a
// destination ("any" or a country) and path (a job's sector or a program's level, or any) need,
// mandatory or not. An application's checklist is every rule that matches it, plus what its job or
// program asks for itself. Adding, changing and removing a rule is audited; forms work without
// JavaScript.

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.checklists");

/** After a change refused as stale, the page shows the rules as they are now (record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  await guardedRequest(request, requireUserAdmin);
  const [rules, destinations, types] = await Promise.all([
    listChecklistRules(),
    listChecklistDestinations(),
    activeDocumentTypes(),
  ]);
  return { rules, destinations, types: types.map(({ key, names }) => ({ key, names })) };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUserAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "remove" || intent === "mandatory") {
    // A rule's own buttons post the version the page showed (decision record 37).
    const id = String(formData.get("id") ?? "");
    const version = editVersion.safeParse(formData.get("version") || undefined).data;
    try {
      const done = !isUuid(id)
        ? false
        : intent === "remove"
          ? await removeChecklistRule({ actor: viewer, id, version })
          : await setChecklistRuleMandatory({
              actor: viewer,
              id,
              mandatory: formData.get("mandatory") === "on",
              version,
            });
      if (!done) return actionFailed(intent, "checklists.errors.notFound", 404);
    } catch (error) {
      if (!(error instanceof StaleEditError)) throw error;
      // Changed by a colleague since the page showed it: whether it is required now.
      const key = error.stale.current.mandatory ? "mandatory" : "optional";
      return staleRefused(intent, error.stale, { key: `admin:checklists.${key}` });
    }
    return redirectDone(request, intent === "remove" ? "removed" : "changed");
  }
  const submission = parseWithZod(formData, { schema: ChecklistRuleFormSchema });
  if (submission.status !== "success") return formInvalid("rule", submission.reply());
  const outcome = await saveChecklistRule({ actor: viewer, form: submission.value });
  if (outcome.kind === "saved") return redirectDone(request, "saved");
  if (outcome.kind === "unchanged") return redirectDone(request, "unchanged");
  return actionFailed("rule", "checklists.errors.documentType", 400, {
    result: submission.reply(),
  });
}

const DONE = {
  saved: "checklists.saved",
  changed: "checklists.changed",
  unchanged: "checklists.unchanged",
  removed: "checklists.removed",
};

type Data = Route.ComponentProps["loaderData"];

export default function ChecklistsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  // The rules of one destination, kind and path together, as one checklist.
  const groups = new Map<string, ChecklistRule[]>();
  for (const rule of loaderData.rules) {
    const key = `${rule.destination}|${rule.kind}|${rule.path}`;
    groups.set(key, [...(groups.get(key) ?? []), rule]);
  }
  return (
    <div className="grid gap-6">
      <p className="text-slate-700">{t("checklists.intro")}</p>
      <DoneFlash messages={DONE} className="" />
      {actionData?.intent !== "rule" && actionData?.flash ? (
        <Flash flash={actionData.flash} className="" />
      ) : null}
      <Card className="grid gap-3 p-5">
        <h2 className="text-lg font-semibold text-slate-900">{t("checklists.addTitle")}</h2>
        <p className="text-sm text-slate-600">{t("checklists.addHint")}</p>
        <RuleForm data={loaderData} lastResult={resultFor(actionData, "rule")} />
        {actionData?.intent === "rule" && actionData.flash ? (
          <Flash flash={actionData.flash} className="" />
        ) : null}
      </Card>
      {groups.size === 0 ? (
        <p className="text-slate-600">{t("checklists.empty")}</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="checklists">
          {[...groups.values()].map((rules) => (
            <li key={`${rules[0]!.destination}|${rules[0]!.kind}|${rules[0]!.path}`}>
              <RuleGroup rules={rules} destinations={loaderData.destinations} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function useScopeLabel(destinations: Data["destinations"]) {
  const { t, tc } = useAdminT();
  return (rule: Pick<ChecklistRule, "destination" | "kind" | "path">) => {
    const where = rule.destination
      ? (destinations.find((d) => d.code === rule.destination)?.name ?? rule.destination)
      : t("checklists.anyDestination");
    const what = rule.path
      ? tc(`labels.${rule.kind === "job" ? "sector" : "programLevel"}.${rule.path}`)
      : t(`checklists.anyPath.${rule.kind}`);
    return `${where} · ${t(`checklists.kind.${rule.kind}`)} · ${what}`;
  };
}

function RuleGroup({
  rules,
  destinations,
}: {
  rules: ChecklistRule[];
  destinations: Data["destinations"];
}) {
  const { t } = useAdminT();
  const documentName = useDocumentTypeName();
  const scope = useScopeLabel(destinations)(rules[0]!);
  return (
    <Card className="grid gap-2 p-4" data-testid="checklist-group">
      <h2 className="font-semibold text-slate-900">{scope}</h2>
      <ul className="grid gap-1 text-sm">
        {rules.map((rule) => (
          <li key={rule.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex flex-wrap items-center gap-2">
              {documentName(rule.documentType)}
              <Badge tone={rule.mandatory ? "progress" : "neutral"}>
                {rule.mandatory ? t("checklists.mandatory") : t("checklists.optional")}
              </Badge>
            </span>
            <div className="flex flex-wrap gap-1">
              <Form method="post">
                <HiddenValues
                  values={{
                    intent: "mandatory",
                    id: rule.id,
                    version: String(rule.version ?? ""),
                    mandatory: rule.mandatory ? "" : "on",
                  }}
                />
                <Button
                  type="submit"
                  size="sm"
                  variant="ghost"
                  aria-label={t(
                    rule.mandatory
                      ? "checklists.makeOptionalLabel"
                      : "checklists.makeMandatoryLabel",
                    { document: documentName(rule.documentType), scope },
                  )}
                >
                  {rule.mandatory ? t("checklists.makeOptional") : t("checklists.makeMandatory")}
                </Button>
              </Form>
              <Form method="post">
                <HiddenValues
                  values={{ intent: "remove", id: rule.id, version: String(rule.version ?? "") }}
                />
                <Button
                  type="submit"
                  size="sm"
                  variant="ghost"
                  aria-label={t("checklists.removeLabel", {
                    document: documentName(rule.documentType),
                    scope,
                  })}
                >
                  <Trash2Icon aria-hidden />
                  {t("checklists.remove")}
                </Button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function RuleForm({ data, lastResult }: { data: Data; lastResult: ReturnType<typeof resultFor> }) {
  const { t, tc, lang } = useAdminT();
  const f = (key: string) => t(`checklists.fields.${key}`);
  const [form, fields] = useForm({
    id: "checklist-rule",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { destination: "", kind: "job", path: "", documentType: "", mandatory: "on" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <FormErrors errors={form.errors} ns="admin" />
      <FormSelect field={fields.destination} ns="admin" label={f("destination")}>
        <option value="">{t("checklists.anyDestination")}</option>
        {data.destinations.map((d) => (
          <option key={d.code} value={d.code}>
            {d.name}
          </option>
        ))}
      </FormSelect>
      <FormSelect field={fields.kind} ns="admin" label={f("kind")}>
        {APPLICATION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`checklists.kind.${kind}`)}
          </option>
        ))}
      </FormSelect>
      <FormSelect field={fields.path} ns="admin" label={f("path")} hint={f("pathHint")}>
        <option value="">{t("checklists.anyPathOption")}</option>
        {APPLICATION_KINDS.map((kind) => (
          <optgroup key={kind} label={t(`checklists.kind.${kind}`)}>
            {CHECKLIST_PATHS[kind].map((path) => (
              <option key={path} value={path}>
                {tc(`labels.${kind === "job" ? "sector" : "programLevel"}.${path}`)}
              </option>
            ))}
          </optgroup>
        ))}
      </FormSelect>
      <FormSelect field={fields.documentType} ns="admin" label={f("documentType")}>
        <option value="">{t("checklists.chooseDocument")}</option>
        {data.types.map((type) => (
          <option key={type.key} value={type.key}>
            {inLanguage(type.names, lang)}
          </option>
        ))}
      </FormSelect>
      <FormCheckbox field={fields.mandatory} ns="admin" label={f("mandatory")} />
      <div className="sm:col-span-2">
        <Button type="submit">{t("checklists.add")}</Button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <LoadError what="checklists" />;
}
