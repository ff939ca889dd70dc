import { FileCheck2Icon, SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "~/app/components/localized";
import { TitledCard } from "~/app/components/titled-card";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import type { CopyAnswer } from "~/domain/certified-copies";
import { formatDate } from "~/domain/format";

/**
 * /verify's check of a certified copy's reference (decision record 50): a GET form, so the
 * address printed on a copy (`/verify?reference=…`) opens the answer directly, with or without
 * JavaScript.
 */
export function CopyCheck({ answer }: { answer: CopyAnswer | null }) {
  const { t } = useTranslation("trust");
  return (
    <TitledCard
      title={t("verify.copy.title")}
      description={t("verify.copy.lead")}
      icon={<FileCheck2Icon className="size-5 text-primary-700" aria-hidden />}
    >
      <Form method="get" action="/verify" className="grid gap-3">
        <InputField
          id="verify-reference"
          label={t("verify.copy.label")}
          hint={t("verify.copy.hint")}
          inputProps={{
            name: "reference",
            required: true,
            maxLength: 40,
            autoComplete: "off",
            defaultValue: answer?.reference ?? "",
          }}
        />
        <Button type="submit" className="justify-self-start">
          <SearchIcon aria-hidden />
          {t("verify.copy.submit")}
        </Button>
      </Form>
      {answer ? <CopyResult answer={answer} /> : null}
    </TitledCard>
  );
}

function CopyResult({ answer }: { answer: CopyAnswer }) {
  const { t, i18n } = useTranslation("trust");
  if (!answer.found) {
    return (
      <Alert
        tone="error"
        title={t("verify.copy.notFoundTitle")}
        data-testid="copy-answer"
        className="mt-4"
      >
        <p>{t("verify.copy.notFoundBody", { reference: answer.reference })}</p>
      </Alert>
    );
  }
  const lng = i18n.language;
  const day = (d: Date | string) => formatDate(new Date(d), lng, "date");
  const document = answer.documentNames
    ? answer.documentNames[lng] || answer.documentNames.en || answer.documentType
    : answer.documentType;
  const rows: [string, string][] = [
    [t("verify.copy.document"), document],
    [t("verify.copy.applicant"), answer.applicantInitials],
    [t("verify.copy.verified"), day(answer.verifiedAt)],
    [t("verify.copy.verifiedBy"), answer.verifierName],
    [t("verify.copy.issued"), day(answer.issuedAt)],
  ];
  return (
    <Alert
      tone={answer.withdrawn ? "error" : "success"}
      title={t("verify.copy.foundTitle")}
      data-testid="copy-answer"
      className="mt-4"
    >
      <p className="font-medium">{answer.reference}</p>
      {answer.withdrawn ? <p className="mt-2 font-medium">{t("verify.copy.withdrawn")}</p> : null}
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm font-medium">{t("verify.copy.fingerprint")}</p>
      <p className="font-mono text-xs break-all">{answer.sha256}</p>
      <p className="mt-1 text-sm">{t("verify.copy.fingerprintHint")}</p>
    </Alert>
  );
}
