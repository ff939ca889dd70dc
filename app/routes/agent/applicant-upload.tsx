import { UploadIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Form } from "~/app/components/localized";
import { Button } from "~/app/components/ui/button";
import { InputField, SelectField } from "~/app/components/ui/field";
import { fileInputClass, Label } from "~/app/components/ui/input";
import { DOCUMENT_ACCEPT_ATTRIBUTE } from "~/domain/documents";

/**
 * An agent's upload for their applicant: a plain multipart form to the page's own action (works
 * before JavaScript loads), its fields in the order the server reads them (the type and the dates
 * before the file). The server applies the applicant's own upload rules.
 */
export function AgentUploadForm({
  applicantId,
  types,
}: {
  applicantId: string;
  types: { key: string; name: string; expires: boolean }[];
}) {
  const { t } = useTranslation("agent");
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      // Its own address, whatever the page's (?resend after the other form is an invitation).
      action={`/agent/applicants/${applicantId}`}
      encType="multipart/form-data"
      className="grid gap-4"
    >
      <SelectField
        id="agent-upload-type"
        label={t("upload.type")}
        selectProps={{ name: "documentType", required: true, defaultValue: "" }}
      >
        <option value="" disabled>
          {t("upload.choose")}
        </option>
        {types.map((type) => (
          <option key={type.key} value={type.key}>
            {type.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="agent-upload-issued"
          label={t("upload.issuedOn")}
          inputProps={{ type: "date", name: "issuedOn" }}
        />
        <InputField
          id="agent-upload-expires"
          label={t("upload.expiresOn")}
          hint={t("upload.expiresHint")}
          inputProps={{ type: "date", name: "expiresOn" }}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="agent-upload-file">{t("upload.file")}</Label>
        <input
          id="agent-upload-file"
          type="file"
          name="file"
          required
          accept={DOCUMENT_ACCEPT_ATTRIBUTE}
          aria-describedby="agent-upload-file-hint"
          className={fileInputClass}
        />
        <p id="agent-upload-file-hint" className="text-xs text-slate-600">
          {t("upload.fileHint")}
        </p>
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        <UploadIcon aria-hidden />
        {busy ? t("upload.submitting") : t("upload.submit")}
      </Button>
    </Form>
  );
}
