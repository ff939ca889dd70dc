import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { SendIcon } from "lucide-react";
import { type ChangeEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { TitledDialog } from "~/app/components/admin/titled-dialog";
import { Flash } from "~/app/components/flash";
import { SelectOptions } from "~/app/components/select-options";
import { Button } from "~/app/components/ui/button";
import {
  FormChoices,
  FormErrors,
  FormInput,
  FormSelect,
  FormTextarea,
  InputField,
} from "~/app/components/ui/field";
import { translateErrors } from "~/app/lib/form-errors";
import { MESSAGE_GROUPS } from "~/domain/enums";
import { ComposeMessageSchema } from "~/domain/messages";
import type { action, loader } from "./messages";

// Messages' compose dialog: to a group, or to one applicant of the viewer's offices found by the
// loader's person search (`?who=`); posts the route's action.

const EMPTY_TEXT = { subject: "", content: "" };

export function ComposeDialog() {
  const { t } = useTranslation("messages");
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<typeof action>({ key: "compose" });
  const search = useFetcher<typeof loader>();
  const [text, setText] = useState(EMPTY_TEXT);
  const [query, setQuery] = useState("");
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "compose",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ComposeMessageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { recipientType: "group", recipientGroup: "all_users" },
  });
  // The radios are the form's own (they work as any field); what they say picks the fields below.
  const type = fields.recipientType.value === "individual" ? "individual" : "group";
  // Subject and content are required, and Send waits until both are typed.
  const typed = (name: keyof typeof EMPTY_TEXT) => ({
    field: fields[name],
    ns: "messages" as const,
    label: t(`admin.${name}`),
    required: true,
    value: text[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setText({ ...text, [name]: e.target.value }),
  });

  const ok = fetcher.data?.flash?.ok;
  useEffect(() => {
    if (ok && fetcher.state === "idle") {
      setOpen(false);
      setText(EMPTY_TEXT);
      setQuery("");
    }
  }, [ok, fetcher.state, fetcher.data]);

  useEffect(() => {
    if (type !== "individual" || query.trim().length < 2) return;
    const timer = setTimeout(
      () => search.load(`/admin/messages?who=${encodeURIComponent(query)}`),
      250,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- search.load is stable enough; rerun on input only
  }, [query, type]);
  const candidates = query.trim().length >= 2 ? (search.data?.candidates ?? null) : null;
  const people = candidates?.length
    ? candidates.map((c) => {
        const label = (
          <span>
            <span className="font-medium text-slate-900">{c.fullName}</span>{" "}
            <span className="text-slate-600">{c.email}</span>
          </span>
        );
        return [c.id, label] as const;
      })
    : null;
  const recipientErrors = translateErrors(t, fields.recipientId.errors);

  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <SendIcon aria-hidden /> {t("admin.compose")}
        </Button>
      }
      title={t("admin.composeTitle")}
      description={t("admin.composeDescription")}
      width="xl"
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors errors={form.errors} ns="messages" />
        {fetcher.data?.flash?.ok === false ? (
          <Flash flash={fetcher.data.flash} ns="messages" className="" />
        ) : null}
        <FormChoices
          field={fields.recipientType}
          ns="messages"
          type="radio"
          legend={t("admin.recipientType")}
          options={[
            ["group", t("admin.typeGroup")],
            ["individual", t("admin.typeIndividual")],
          ]}
          tilesClassName="grid grid-cols-2 gap-2"
        />

        {type === "group" ? (
          <FormSelect field={fields.recipientGroup} ns="messages" label={t("admin.group")}>
            <SelectOptions
              options={MESSAGE_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
            />
          </FormSelect>
        ) : (
          <div className="grid gap-2">
            <InputField
              id="compose-who"
              label={t("admin.search")}
              hint={t("admin.searchHint")}
              // With nobody listed to pick, "choose the person" belongs to the search.
              errors={people ? null : recipientErrors}
              inputProps={{
                type: "search",
                value: query,
                onChange: (e) => setQuery(e.target.value),
                autoComplete: "off",
              }}
            />
            {candidates && candidates.length === 0 ? (
              <p className="text-sm text-slate-600" role="status">
                {t("admin.noMatches")}
              </p>
            ) : null}
            {people ? (
              <FormChoices
                field={fields.recipientId}
                ns="messages"
                type="radio"
                legend={t("admin.pickPerson")}
                options={people}
              />
            ) : null}
          </div>
        )}

        <FormInput {...typed("subject")} maxLength={200} />
        <FormTextarea {...typed("content")} rows={6} />
        <FormInput
          field={fields.attachmentUrl}
          ns="messages"
          type="url"
          label={t("admin.attachment")}
          hint={t("admin.attachmentHint")}
          placeholder="https://"
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" disabled={busy || !text.subject.trim() || !text.content.trim()}>
            {busy ? t("admin.sending") : t("admin.send")}
          </Button>
        </div>
      </fetcher.Form>
    </TitledDialog>
  );
}
