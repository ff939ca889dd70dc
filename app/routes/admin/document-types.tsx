import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useSearchParams } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { DoneFlash, Flash } from "~/app/components/flash";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import {
  FormCheckbox,
  FormChoices,
  FormErrors,
  FormInput,
  FormTextarea,
} from "~/app/components/ui/field";
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
import {
  DOCUMENT_FORMATS,
  type DocumentTypeDef,
  DocumentTypeFormSchema,
  formatList,
  inLanguage,
} from "~/domain/document-types";
import { LANGUAGE_NAMES, LANGUAGES } from "~/domain/languages";
import { requireUserAdmin } from "~/server/auth/guards.server";
import { StaleEditError } from "~/domain/versions";
import { listDocumentTypes, saveDocumentType } from "~/server/documents/document-types.server";
import type { Route } from "./+types/document-types";
import { documentTypeChanges } from "./document-types.server";

// Document types as data (decision record 40): admins name each type and
// write its guidance in the three languages, choose its formats and how long it stays valid, and
// mark it special personal information or in need of a certified copy. Each type is its own small
// form (works without JavaScript); saving is audited (document_type.save).

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.documentTypes");

/** After a save refused as stale, the page shows the types as they are now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  await guardedRequest(request, requireUserAdmin);
  return { types: await listDocumentTypes() };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUserAdmin(request);
  const formData = await request.formData();
  const typeKey = String(formData.get("existing") ? (formData.get("key") ?? "") : "");
  const submission = parseWithZod(formData, { schema: DocumentTypeFormSchema });
  if (submission.status !== "success") {
    return formInvalid("document-type", submission.reply(), { typeKey });
  }
  let outcome: Awaited<ReturnType<typeof saveDocumentType>>;
  try {
    outcome = await saveDocumentType({ actor: viewer, form: submission.value });
  } catch (error) {
    if (!(error instanceof StaleEditError)) throw error;
    // Another admin saved this type since the form opened: nothing written, what was typed stays
    // in the form, and the page lists each field whose saved value differs from it now.
    return staleRefused(
      "document-type",
      error.stale,
      { changes: await documentTypeChanges(request, error.stale.current, submission.value) },
      { typeKey, result: submission.reply() },
    );
  }
  if (outcome.kind === "saved")
    return redirectDone(request, "saved", { set: { type: outcome.key } });
  if (outcome.kind === "unchanged") return redirectDone(request, "unchanged");
  return actionFailed("document-type", `documentTypes.errors.${outcome.kind}`, 400, {
    typeKey,
    result: submission.reply(),
  });
}

const DONE = { saved: "documentTypes.saved", unchanged: "documentTypes.unchanged" };

export default function DocumentTypesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const reply = actionData?.intent === "document-type" ? actionData : null;
  const replyKey = reply && "typeKey" in reply ? String(reply.typeKey) : null;
  // The type just saved stays open (the page reloads without JavaScript), as does a refused form.
  const [params] = useSearchParams();
  const savedKey = params.get("type");
  return (
    <div className="grid gap-6">
      <p className="text-slate-700">{t("documentTypes.intro")}</p>
      <DoneFlash messages={DONE} className="" />
      {reply?.flash ? <Flash flash={reply.flash} className="" /> : null}
      <ul className="grid gap-3" data-testid="document-types">
        {loaderData.types.map((type) => (
          <li key={type.key}>
            <TypeEntry
              type={type}
              open={savedKey === type.key}
              lastResult={replyKey === type.key ? resultFor(reply, "document-type") : undefined}
            />
          </li>
        ))}
      </ul>
      <Card className="grid gap-3 p-5">
        <h2 className="text-lg font-semibold text-slate-900">{t("documentTypes.newTitle")}</h2>
        <p className="text-sm text-slate-600">{t("documentTypes.newHint")}</p>
        <TypeForm
          type={null}
          lastResult={replyKey === "" ? resultFor(reply, "document-type") : undefined}
        />
      </Card>
    </div>
  );
}

function TypeEntry({
  type,
  open,
  lastResult,
}: {
  type: DocumentTypeDef;
  open: boolean;
  lastResult: ReturnType<typeof resultFor>;
}) {
  const { t, lang } = useAdminT();
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white"
      open={open || Boolean(lastResult)}
      data-testid={`document-type-${type.key}`}
    >
      <summary className="grid cursor-pointer gap-1 rounded-lg px-4 py-3 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none sm:flex sm:flex-wrap sm:items-center sm:gap-2">
        <span className="font-medium text-slate-900">{inLanguage(type.names, lang)}</span>
        <span className="text-sm text-slate-600">
          {formatList(type.formats)}
          {type.validityMonths
            ? ` · ${t("documentTypes.validFor", { count: type.validityMonths })}`
            : ""}
          {type.expires ? ` · ${t("documentTypes.hasExpiry")}` : ""}
        </span>
        <span className="flex flex-wrap gap-1">
          {type.active ? null : <Badge tone="neutral">{t("documentTypes.retired")}</Badge>}
          {type.sensitive ? <Badge tone="danger">{t("documentTypes.sensitive")}</Badge> : null}
          {type.certifiedCopy ? (
            <Badge tone="progress">{t("documentTypes.certified")}</Badge>
          ) : null}
        </span>
      </summary>
      <div className="border-t border-slate-200 p-4">
        <TypeForm type={type} lastResult={lastResult} />
      </div>
    </details>
  );
}

function TypeForm({
  type,
  lastResult,
}: {
  type: DocumentTypeDef | null;
  lastResult: ReturnType<typeof resultFor>;
}) {
  const { t } = useAdminT();
  const f = (key: string) => t(`documentTypes.fields.${key}`);
  const [form, fields] = useForm({
    id: `document-type-${type?.key ?? "new"}`,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: type
      ? {
          key: type.key,
          name_en: type.names.en,
          name_fr: type.names.fr,
          name_pt: type.names.pt,
          guidance_en: type.guidance.en,
          guidance_fr: type.guidance.fr,
          guidance_pt: type.guidance.pt,
          formats: type.formats,
          expires: type.expires ? "on" : "",
          validityMonths: type.validityMonths ? String(type.validityMonths) : "",
          sensitive: type.sensitive ? "on" : "",
          certifiedCopy: type.certifiedCopy ? "on" : "",
          active: type.active ? "on" : "",
          sortOrder: String(type.sortOrder),
        }
      : { formats: ["pdf", "jpeg", "png"], active: "on" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <FormErrors errors={form.errors} ns="admin" />
      {type ? (
        <>
          <input type="hidden" name="existing" value="on" />
          <input type="hidden" name="key" value={type.key} />
          {/* The version it was opened on: a save over a newer one is refused (record 37). */}
          {type.version ? <input type="hidden" name="version" value={type.version} /> : null}
          <p className="text-sm text-slate-600 sm:col-span-2">
            {f("key")}: <code>{type.key}</code>
          </p>
        </>
      ) : (
        <FormInput
          field={fields.key}
          ns="admin"
          label={f("key")}
          hint={f("keyHint")}
          autoComplete="off"
          maxLength={40}
          className="sm:col-span-2"
        />
      )}
      {LANGUAGES.map((lng) => (
        <FormInput
          key={`name-${lng}`}
          field={fields[`name_${lng}`]}
          ns="admin"
          label={t("documentTypes.fields.name", { language: LANGUAGE_NAMES[lng] })}
          lang={lng}
          autoComplete="off"
          maxLength={80}
        />
      ))}
      {LANGUAGES.map((lng) => (
        <FormTextarea
          key={`guidance-${lng}`}
          field={fields[`guidance_${lng}`]}
          ns="admin"
          label={t("documentTypes.fields.guidance", { language: LANGUAGE_NAMES[lng] })}
          lang={lng}
          rows={3}
          className="sm:col-span-2"
        />
      ))}
      <div className="sm:col-span-2">
        <FormChoices
          field={fields.formats}
          ns="admin"
          type="checkbox"
          legend={f("formats")}
          options={DOCUMENT_FORMATS.map((format) => [format, formatList([format])] as const)}
          tilesClassName="grid grid-cols-2 gap-2 sm:grid-cols-5"
        />
      </div>
      <FormInput
        field={fields.validityMonths}
        ns="admin"
        label={f("validityMonths")}
        hint={f("validityMonthsHint")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
      />
      <FormInput
        field={fields.sortOrder}
        ns="admin"
        label={f("sortOrder")}
        hint={f("sortOrderHint")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
      />
      <FormCheckbox field={fields.expires} ns="admin" label={f("expires")} />
      <FormCheckbox field={fields.sensitive} ns="admin" label={f("sensitive")} />
      <FormCheckbox field={fields.certifiedCopy} ns="admin" label={f("certifiedCopy")} />
      <FormCheckbox field={fields.active} ns="admin" label={f("active")} />
      <div className="sm:col-span-2">
        <Button type="submit" variant={type ? "outline" : "default"}>
          {type ? t("documentTypes.save") : t("documentTypes.add")}
        </Button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <LoadError what="documentTypes" />;
}
