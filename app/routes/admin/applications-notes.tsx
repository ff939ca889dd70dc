import { useEffect, useState } from "react";
import { IntentForm, useIntentForm } from "~/app/components/admin/intent-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { FormTextarea } from "~/app/components/ui/field";
import { Label, NativeSelect } from "~/app/components/ui/input";
import type { ActionResult } from "~/app/lib/action-result";
import {
  ApplicationNoteSchema,
  type Mentionable,
  mentionText,
  NOTE_MAX_LENGTH,
} from "~/domain/application-notes";

/**
 * The staff note form of the details dialog. Mentions are typed (`@Full Name`, `@e-mail`) and
 * resolved on the server, so the form works before JavaScript loads; once it has, a picker inserts
 * a colleague's mention at the cursor.
 */
export function NoteForm({
  applicationId,
  staff,
  actionData,
}: {
  applicationId: string;
  staff: Mentionable[];
  actionData: ActionResult | undefined;
}) {
  const { t } = useAdminT();
  const { form, fields, busy } = useIntentForm({
    id: `note-${applicationId}`,
    intent: "note",
    actionData,
    schema: ApplicationNoteSchema,
  });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [picked, setPicked] = useState("");

  const insertMention = () => {
    const person = staff.find((s) => s.id === picked);
    const textarea = document.getElementById(fields.body.id) as HTMLTextAreaElement | null;
    if (!person || !textarea) return;
    const mention = `${mentionText(person, staff)} `;
    const start = textarea.selectionStart ?? textarea.value.length;
    const end = textarea.selectionEnd ?? start;
    const before = textarea.value.slice(0, start);
    const spacer = before && !/\s$/.test(before) ? " " : "";
    textarea.setRangeText(`${spacer}${mention}`, start, end, "end");
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    textarea.focus();
    setPicked("");
  };

  return (
    <IntentForm
      form={form}
      intent="note"
      hidden={{ applicationId }}
      className="grid gap-2"
      testId="note-form"
    >
      <FormTextarea
        field={fields.body}
        ns="admin"
        label={t("applications.details.noteLabel")}
        hint={t("applications.details.noteHint")}
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
      />
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {t("applications.details.addNote")}
        </Button>
        {hydrated && staff.length > 0 ? (
          <MentionPicker
            id={`${fields.body.id}-mention`}
            staff={staff}
            value={picked}
            onChange={setPicked}
            onInsert={insertMention}
          />
        ) : null}
      </div>
    </IntentForm>
  );
}

function MentionPicker({
  id,
  staff,
  value,
  onChange,
  onInsert,
}: {
  id: string;
  staff: Mentionable[];
  value: string;
  onChange: (id: string) => void;
  onInsert: () => void;
}) {
  const { t } = useAdminT();
  return (
    <div className="ml-auto flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor={id}>{t("applications.details.mentionPicker")}</Label>
        <NativeSelect id={id} compact fit value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t("applications.details.mentionChoose")}</option>
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name ? `${s.name} (${s.email})` : s.email}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="button" size="sm" variant="outline" disabled={!value} onClick={onInsert}>
        {t("applications.details.insertMention")}
      </Button>
    </div>
  );
}
