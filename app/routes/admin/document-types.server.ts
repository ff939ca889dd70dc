import { requestLanguage } from "~/app/i18n/i18n.server";
import {
  DOCUMENT_FORMATS,
  type DocumentFormat,
  type DocumentTypeForm,
} from "~/domain/document-types";
import { formatList } from "~/domain/document-types";
import { LANGUAGE_NAMES, LANGUAGES } from "~/domain/languages";
import { fieldChanges } from "~/domain/versions";
import { serverT } from "~/server/i18n/translate.server";

/** The fields of a document type's form, labelled as the page labels them. */
const LABELS = {
  ...Object.fromEntries(
    LANGUAGES.flatMap((lng) => [
      [`name_${lng}`, ["admin:documentTypes.fields.name", { language: LANGUAGE_NAMES[lng] }]],
      [
        `guidance_${lng}`,
        ["admin:documentTypes.fields.guidance", { language: LANGUAGE_NAMES[lng] }],
      ],
    ]),
  ),
  formats: "admin:documentTypes.fields.formats",
  validityMonths: "admin:documentTypes.fields.validityMonths",
  sortOrder: "admin:documentTypes.fields.sortOrder",
  expires: "admin:documentTypes.fields.expires",
  sensitive: "admin:documentTypes.fields.sensitive",
  certifiedCopy: "admin:documentTypes.fields.certifiedCopy",
  active: "admin:documentTypes.fields.active",
} as Record<string, string | [string, Record<string, string>]>;

/**
 * Each field of a document type that differs between the type as it is now and what a refused
 * save sent, worded as the form words it in the admin's language (decision record 37).
 */
export async function documentTypeChanges(
  request: Request,
  now: Record<string, unknown>,
  sent: DocumentTypeForm,
) {
  const t = serverT(await requestLanguage(request), "common");
  const words = (type: Record<string, unknown>) => {
    const names = (type.names ?? {}) as Record<string, string>;
    const guidance = (type.guidance ?? {}) as Record<string, string>;
    const yesNo = (v: unknown) => t(v ? "stale.yes" : "stale.no");
    const formats = (type.formats ?? []) as string[];
    return {
      ...Object.fromEntries(
        LANGUAGES.flatMap((lng) => [
          [`name_${lng}`, names[lng] ?? ""],
          [`guidance_${lng}`, guidance[lng] ?? ""],
        ]),
      ),
      formats: formatList(DOCUMENT_FORMATS.filter((f: DocumentFormat) => formats.includes(f))),
      validityMonths: type.validityMonths ?? "",
      sortOrder: type.sortOrder ?? "",
      expires: yesNo(type.expires),
      sensitive: yesNo(type.sensitive),
      certifiedCopy: yesNo(type.certifiedCopy),
      active: yesNo(type.active),
    };
  };
  // A form left without a position keeps the type's: not a difference.
  const mine = { ...sent, sortOrder: sent.sortOrder ?? now.sortOrder };
  return fieldChanges(words(now), words(mine), LABELS);
}
