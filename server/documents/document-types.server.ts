import { asc, eq, sql } from "drizzle-orm";
import { JOB_CORE_DOCUMENTS } from "~/domain/application-facts";
import {
  DOCUMENT_FORMATS,
  type DocumentFormat,
  type DocumentTypeDef,
  type DocumentTypeForm,
  documentTypeNames,
  type Localized,
} from "~/domain/document-types";
import { recordAudit } from "~/server/audit/audit.server";
import { cached, PUBLIC_TTL_MS } from "~/server/cache/cached.server";
import { type Db, db } from "~/server/db/client.server";
import { documentTypes } from "~/server/db/schema";
import { updateAtVersion } from "~/server/db/versions.server";

// Document types as data (decision record 40): read once and kept until the table's
// version moves (decision record 11; a study program's public page names the documents it asks
// for), like the fee policies.

export const DOCUMENT_TYPE_AUDIT_ACTION = "document_type.save";

const columns = {
  key: documentTypes.key,
  names: documentTypes.names,
  guidance: documentTypes.guidance,
  formats: documentTypes.formats,
  expires: documentTypes.expires,
  validityMonths: documentTypes.validityMonths,
  sensitive: documentTypes.sensitive,
  certifiedCopy: documentTypes.certifiedCopy,
  sortOrder: documentTypes.sortOrder,
  active: documentTypes.active,
  version: documentTypes.version,
};

async function readDocumentTypes(on: Db): Promise<DocumentTypeDef[]> {
  const rows = await on
    .select(columns)
    .from(documentTypes)
    .orderBy(asc(documentTypes.sortOrder), asc(documentTypes.key));
  return rows.map((r) => ({
    ...r,
    formats: r.formats.filter((f): f is DocumentFormat =>
      (DOCUMENT_FORMATS as readonly string[]).includes(f),
    ),
  }));
}

/** Every document type, retired ones too, in their order; in a transaction (`on` = tx), afresh. */
export function listDocumentTypes(on?: Db): Promise<DocumentTypeDef[]> {
  if (on && on !== db()) return readDocumentTypes(on);
  return cached({
    name: "documentTypes",
    dependsOn: ["document_types"],
    ttlMs: PUBLIC_TTL_MS,
    load: () => readDocumentTypes(db()),
  });
}

/** The types an applicant may upload now, in their order. */
export async function activeDocumentTypes(on?: Db): Promise<DocumentTypeDef[]> {
  return (await listDocumentTypes(on)).filter((t) => t.active);
}

/** A type's names in each language, or its key when it is gone (what a mail or notice names). */
export function namesOf(types: readonly DocumentTypeDef[], key: string): Localized | string {
  return types.find((t) => t.key === key)?.names ?? key;
}

/** Every type's name in `lng`, by key (retired ones too: old documents still carry them). */
export async function documentTypeNamesIn(lng: string): Promise<Record<string, string>> {
  return documentTypeNames(await listDocumentTypes(), lng);
}

export type SaveDocumentTypeOutcome =
  | { kind: "saved"; key: string }
  | { kind: "unchanged" }
  /** A new type whose key another type already has. */
  | { kind: "duplicate" }
  /** The type to change is not there. */
  | { kind: "notFound" }
  /** A type the status rules need (a job's passport and CV) cannot be retired. */
  | { kind: "coreType" };

const CONTENT = [
  "names",
  "guidance",
  "formats",
  "expires",
  "validityMonths",
  "sensitive",
  "certifiedCopy",
  "sortOrder",
  "active",
] as const;

/**
 * An admin adds a document type or changes one, audited in the same transaction (with what
 * changed); a change made on an older version of the type is refused (StaleEditError). A key never changes: documents point at it. The table's trigger moves its version
 * in the same transaction, so once committed every process reads the types afresh.
 */
export async function saveDocumentType({
  actor,
  form,
}: {
  actor: { id: string };
  form: DocumentTypeForm;
}): Promise<SaveDocumentTypeOutcome> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('document_types'))`);
    const types = await readDocumentTypes(tx);
    const before = types.find((t) => t.key === form.key);
    if (form.existing && !before) return { kind: "notFound" };
    if (!form.existing && before) return { kind: "duplicate" };
    if (!form.active && (JOB_CORE_DOCUMENTS as readonly string[]).includes(form.key)) {
      return { kind: "coreType" };
    }
    const sortOrder =
      form.sortOrder ?? before?.sortOrder ?? Math.max(0, ...types.map((t) => t.sortOrder)) + 10;
    const values = { ...form, sortOrder };
    const changed = before
      ? CONTENT.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]))
      : [...CONTENT];
    if (before && changed.length === 0) return { kind: "unchanged" };
    const row = {
      names: values.names,
      guidance: values.guidance,
      formats: values.formats,
      expires: values.expires,
      validityMonths: values.validityMonths,
      sensitive: values.sensitive,
      certifiedCopy: values.certifiedCopy,
      sortOrder,
      active: values.active,
      updatedBy: actor.id,
    };
    if (before) {
      // On the version the form showed (decision record 37): another admin's save since is not
      // overwritten (StaleEditError, with the type as it is now).
      const { version: _version, ...current } = columns;
      await updateAtVersion(tx, documentTypes, {
        where: eq(documentTypes.key, form.key),
        version: form.version,
        set: { ...row, updatedAt: new Date() },
        target: { type: "document_type", id: form.key },
        current,
      });
    } else {
      await tx.insert(documentTypes).values({ key: form.key, ...row });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: DOCUMENT_TYPE_AUDIT_ACTION,
      targetType: "document_type",
      targetId: form.key,
      details: { documentType: form.key, created: !before, changed },
    });
    return { kind: "saved", key: form.key };
  });
}
