import { z } from "zod";
import { type AcceptedDocumentType } from "./documents";
import type { Language } from "./languages";
import { editVersion } from "./versions";

// Document types are data (decision record 40): admins keep them at
// /admin/document-types with a name and guidance in each language, the formats a file may be in,
// how long it stays valid, whether it is special personal information and whether a certified
// copy is asked for. A type is never deleted (documents point at it): it is retired.

/** A type's key as documents store it: lower-case words joined by "_" ("police_clearance"). */
export const DOCUMENT_TYPE_KEY = /^[a-z][a-z0-9_]{1,39}$/;

/** The formats an admin may allow for a type; each is a content type the server recognises. */
export const DOCUMENT_FORMATS = ["pdf", "doc", "docx", "jpeg", "png"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const FORMAT_CONTENT_TYPE: Record<DocumentFormat, AcceptedDocumentType> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** What the file picker offers for a type (a hint to the browser; the server judges by content). */
export function acceptAttribute(formats: readonly DocumentFormat[]): string {
  const ext: Record<DocumentFormat, string> = {
    pdf: ".pdf",
    doc: ".doc",
    docx: ".docx",
    jpeg: ".jpg,.jpeg",
    png: ".png",
  };
  return formats.map((f) => ext[f]).join(",");
}

export type Localized = Record<Language, string>;

export type DocumentTypeDef = {
  key: string;
  names: Localized;
  guidance: Localized;
  formats: DocumentFormat[];
  /** The document carries an expiry date (a passport). */
  expires: boolean;
  /** It stays valid this many months after it was issued (a police clearance: 6), or null. */
  validityMonths: number | null;
  /** Special personal information (criminal record, health): seen by the owner and admins only. */
  sensitive: boolean;
  /** The applicant must show a certified copy. */
  certifiedCopy: boolean;
  sortOrder: number;
  active: boolean;
  /** The row's version, which the admin form posts back (decision record 37). */
  version?: number;
};

/** A text written in each language, in `lng` (else in English). */
export function inLanguage(text: Localized, lng: string): string {
  return text[lng as Language] || text.en;
}

/** The formats as a reader knows them: "PDF, JPG, PNG". */
export function formatList(formats: readonly DocumentFormat[]): string {
  return formats.map((f) => (f === "jpeg" ? "JPG" : f.toUpperCase())).join(", ");
}

/** A type's name in `lng`, else in English, else its key (a type an admin has not named). */
export function documentTypeName(
  types: readonly Pick<DocumentTypeDef, "key" | "names">[],
  key: string,
  lng: string,
): string {
  const type = types.find((t) => t.key === key);
  if (!type) return key;
  return inLanguage(type.names, lng) || key;
}

/** Every type's name in `lng`, by key: what a screen that names documents carries. */
export function documentTypeNames(
  types: readonly Pick<DocumentTypeDef, "key" | "names">[],
  lng: string,
): Record<string, string> {
  return Object.fromEntries(types.map((t) => [t.key, documentTypeName(types, t.key, lng)]));
}

/** Whether a file of `contentType` (as detected from its bytes) is allowed for the type. */
export function formatAllowed(type: Pick<DocumentTypeDef, "formats">, contentType: string) {
  return type.formats.some((f) => FORMAT_CONTENT_TYPE[f] === contentType);
}

const checked = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

const oneOrMany = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const localName = z
  .string({ error: "documentTypes.errors.nameRequired" })
  .trim()
  .min(1, "documentTypes.errors.nameRequired")
  .max(80, "documentTypes.errors.nameTooLong");
const localGuidance = z
  .string()
  .trim()
  .max(1000, "documentTypes.errors.guidanceTooLong")
  .optional()
  .transform((v) => v ?? "");

/**
 * The admin's form for one type: a new one names its key; an existing one posts it unchanged
 * (`existing`). Messages are keys of the document-types namespace.
 */
export const DocumentTypeFormSchema = z
  .object({
    existing: checked,
    key: z
      .string({ error: "documentTypes.errors.key" })
      .trim()
      .toLowerCase()
      .regex(DOCUMENT_TYPE_KEY, "documentTypes.errors.key"),
    name_en: localName,
    name_fr: localName,
    name_pt: localName,
    guidance_en: localGuidance,
    guidance_fr: localGuidance,
    guidance_pt: localGuidance,
    formats: z.preprocess(
      oneOrMany,
      z
        .array(z.enum(DOCUMENT_FORMATS, { error: "documentTypes.errors.formats" }))
        .min(1, "documentTypes.errors.formats"),
    ),
    expires: checked,
    validityMonths: z
      .string()
      .trim()
      .optional()
      .transform((v) => v ?? "")
      .refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 240), {
        message: "documentTypes.errors.validityMonths",
      }),
    sensitive: checked,
    certifiedCopy: checked,
    active: checked,
    sortOrder: z
      .string()
      .trim()
      .optional()
      .transform((v) => v ?? "")
      .refine((v) => v === "" || /^\d{1,4}$/.test(v), {
        message: "documentTypes.errors.sortOrder",
      }),
    // The version the form showed: a save over a newer one is refused (decision record 37).
    version: editVersion,
  })
  .transform(
    (v): Omit<DocumentTypeDef, "sortOrder"> & { existing: boolean; sortOrder: number | null } => ({
      existing: v.existing,
      key: v.key,
      names: { en: v.name_en, fr: v.name_fr, pt: v.name_pt },
      guidance: { en: v.guidance_en, fr: v.guidance_fr, pt: v.guidance_pt },
      formats: DOCUMENT_FORMATS.filter((f) => v.formats.includes(f)),
      expires: v.expires,
      validityMonths: v.validityMonths ? Number(v.validityMonths) : null,
      sensitive: v.sensitive,
      certifiedCopy: v.certifiedCopy,
      active: v.active,
      sortOrder: v.sortOrder ? Number(v.sortOrder) : null,
      version: v.version,
    }),
  );
export type DocumentTypeForm = z.output<typeof DocumentTypeFormSchema>;
