import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type ChecklistLine,
  type ChecklistRule,
  type ChecklistRuleForm,
  checklistLines,
  currentUploads,
  resolveChecklist,
} from "~/domain/checklists";
import type { ApplicationKind, ApplicationStatus } from "~/domain/enums";
import { recordAudit } from "~/server/audit/audit.server";
import { assertVersion, updateAtVersion } from "~/server/db/versions.server";
import { type Db, db } from "~/server/db/client.server";
import {
  auditLog,
  countries,
  documentChecklistRules,
  documents,
  documentTypes,
  jobApplications,
  jobs,
  profiles,
  programs,
} from "~/server/db/schema";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { listDocumentTypes } from "./document-types.server";

// Checklists per destination and path (decision record 44): the rules admins keep, and each
// application's checklist read from them, its job's or program's own list and its owner's uploads.

export const CHECKLIST_SAVE_ACTION = "checklist_rule.save";
export const CHECKLIST_REMOVE_ACTION = "checklist_rule.remove";

/** Every rule, by destination, kind and path (a handful of rows per destination). */
export async function listChecklistRules(on: Db = db()): Promise<ChecklistRule[]> {
  return on
    .select({
      id: documentChecklistRules.id,
      destination: documentChecklistRules.destination,
      kind: documentChecklistRules.kind,
      path: documentChecklistRules.path,
      documentType: documentChecklistRules.documentType,
      mandatory: documentChecklistRules.mandatory,
      version: documentChecklistRules.version,
    })
    .from(documentChecklistRules)
    .orderBy(
      asc(documentChecklistRules.destination),
      asc(documentChecklistRules.kind),
      asc(documentChecklistRules.path),
    );
}

export type SaveChecklistRuleOutcome =
  { kind: "saved"; id: string } | { kind: "unchanged" } | { kind: "badDocumentType" };

/**
 * An admin adds a rule, or changes whether an existing one (same destination, path and type) is
 * mandatory; audited in the same transaction.
 */
export async function saveChecklistRule({
  actor,
  form,
}: {
  actor: { id: string };
  form: ChecklistRuleForm;
}): Promise<SaveChecklistRuleOutcome> {
  return db().transaction(async (tx) => {
    const [type] = await tx
      .select({ key: documentTypes.key, active: documentTypes.active })
      .from(documentTypes)
      .where(eq(documentTypes.key, form.documentType));
    if (!type?.active) return { kind: "badDocumentType" };
    const [before] = await tx
      .select()
      .from(documentChecklistRules)
      .where(
        and(
          eq(documentChecklistRules.destination, form.destination),
          eq(documentChecklistRules.kind, form.kind),
          eq(documentChecklistRules.path, form.path),
          eq(documentChecklistRules.documentType, form.documentType),
        ),
      )
      .for("update");
    if (before && before.mandatory === form.mandatory) return { kind: "unchanged" };
    const [row] = before
      ? await tx
          .update(documentChecklistRules)
          .set({ mandatory: form.mandatory, updatedBy: actor.id, updatedAt: new Date() })
          .where(eq(documentChecklistRules.id, before.id))
          .returning({ id: documentChecklistRules.id })
      : await tx
          .insert(documentChecklistRules)
          .values({ ...form, updatedBy: actor.id })
          .returning({ id: documentChecklistRules.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: CHECKLIST_SAVE_ACTION,
      targetType: "checklist_rule",
      targetId: row!.id,
      details: { ...form, created: !before },
    });
    return { kind: "saved", id: row!.id };
  });
}

/**
 * An admin makes a rule required or optional from its own button, on the version the page showed
 * (decision record 37): one changed since is left as it is (StaleEditError, with whether it is
 * required now). Audited as a save; false when there is no such rule.
 */
export async function setChecklistRuleMandatory({
  actor,
  id,
  mandatory,
  version,
}: {
  actor: { id: string };
  id: string;
  mandatory: boolean;
  version?: number;
}): Promise<boolean> {
  return db().transaction(async (tx) => {
    const written = await updateAtVersion(tx, documentChecklistRules, {
      where: eq(documentChecklistRules.id, id),
      version,
      set: { mandatory, updatedBy: actor.id, updatedAt: new Date() },
      target: { type: "checklist_rule", id },
      current: { mandatory: documentChecklistRules.mandatory },
    });
    if (!written) return false;
    const [rule] = await tx
      .select()
      .from(documentChecklistRules)
      .where(eq(documentChecklistRules.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: CHECKLIST_SAVE_ACTION,
      targetType: "checklist_rule",
      targetId: id,
      details: {
        destination: rule!.destination,
        kind: rule!.kind,
        path: rule!.path,
        documentType: rule!.documentType,
        mandatory,
        created: false,
      },
    });
    return true;
  });
}

/**
 * An admin removes a rule (applications that needed it no longer do), audited. With `version`
 * (the one the page showed), a rule changed since is kept: StaleEditError.
 */
export async function removeChecklistRule({
  actor,
  id,
  version,
}: {
  actor: { id: string };
  id: string;
  version?: number;
}): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [locked] = await tx
      .select({
        version: documentChecklistRules.version,
        updatedAt: documentChecklistRules.updatedAt,
        mandatory: documentChecklistRules.mandatory,
      })
      .from(documentChecklistRules)
      .where(eq(documentChecklistRules.id, id))
      .for("update");
    if (!locked) return false;
    await assertVersion(
      tx,
      locked,
      version,
      { type: "checklist_rule", id },
      { mandatory: locked.mandatory },
    );
    const [gone] = await tx
      .delete(documentChecklistRules)
      .where(eq(documentChecklistRules.id, id))
      .returning();
    if (!gone) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      action: CHECKLIST_REMOVE_ACTION,
      targetType: "checklist_rule",
      targetId: id,
      details: {
        destination: gone.destination,
        kind: gone.kind,
        path: gone.path,
        documentType: gone.documentType,
        mandatory: gone.mandatory,
      },
    });
    return true;
  });
}

export type ApplicationChecklist = {
  applicationId: string;
  kind: ApplicationKind;
  status: ApplicationStatus;
  title: string;
  destination: string | null;
  destinationName: string | null;
  path: string | null;
  lines: ChecklistLine[];
};

/**
 * The checklists of one person's applications (all of them, or `applicationIds`), as they stand
 * on `today` (the agency's calendar). Reads in `on` (a status change's transaction). Callers
 * have checked who is asking: the owner, or staff who read the application through their scope.
 */
export async function readChecklists(
  o: { userId: string; applicationIds?: readonly string[]; today?: string },
  on: Db = db(),
): Promise<ApplicationChecklist[]> {
  const today = o.today ?? agencyToday();
  const jobCountry = sql<
    string | null
  >`(select c.code from countries c where c.id = ${jobs.countryId})`;
  const jobCountryName = sql<
    string | null
  >`(select c.name from countries c where c.id = ${jobs.countryId})`;
  const where = o.applicationIds
    ? and(eq(jobApplications.userId, o.userId), inArray(jobApplications.id, [...o.applicationIds]))
    : eq(jobApplications.userId, o.userId);
  if (o.applicationIds && o.applicationIds.length === 0) return [];
  const [apps, rules, types, uploads] = await Promise.all([
    on
      .select({
        id: jobApplications.id,
        kind: jobApplications.kind,
        status: jobApplications.status,
        jobTitle: jobs.title,
        sector: jobs.sector,
        jobCountry,
        jobCountryName,
        jobDocuments: jobs.requiredDocuments,
        programTitle: programs.title,
        level: programs.level,
        programCountry: countries.code,
        programCountryName: countries.name,
        programDocuments: programs.requiredDocuments,
      })
      .from(jobApplications)
      .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .leftJoin(programs, eq(programs.id, jobApplications.programId))
      .leftJoin(countries, eq(countries.id, programs.countryId))
      .where(where)
      .orderBy(desc(jobApplications.appliedAt)),
    listChecklistRules(on),
    listDocumentTypes(on),
    on
      .select({
        type: documents.documentType,
        status: documents.status,
        issuedOn: documents.issuedOn,
        expiresOn: documents.expiresOn,
      })
      .from(documents)
      .where(eq(documents.userId, o.userId))
      .orderBy(desc(documents.uploadedAt)),
  ]);
  const current = currentUploads(uploads, types);
  return apps.map((a) => {
    const job = a.kind === "job";
    const destination = (job ? a.jobCountry : a.programCountry) ?? null;
    const path = (job ? a.sector : a.level) ?? null;
    const items = resolveChecklist(
      rules,
      {
        kind: a.kind,
        destination,
        path,
        additions: (job ? a.jobDocuments : a.programDocuments) ?? [],
      },
      types,
    );
    return {
      applicationId: a.id,
      kind: a.kind,
      status: a.status,
      title: (job ? a.jobTitle : a.programTitle) ?? "",
      destination,
      destinationName: (job ? a.jobCountryName : a.programCountryName) ?? null,
      path,
      lines: checklistLines(items, current, today),
    };
  });
}

/** The destinations a rule may name: the active countries, by name. */
export function listChecklistDestinations() {
  return db()
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .where(eq(countries.isActive, true))
    .orderBy(asc(countries.name));
}

/**
 * The gated stages an admin let this application reach with checklist items missing (decision
 * record 44), newest first, from the activity log. Callers read the application through the
 * viewer's scope.
 */
export async function listGateOverridesForStaff(applicationId: string) {
  const rows = await db()
    .select({
      at: auditLog.createdAt,
      by: profiles.fullName,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.targetType, "application"),
        eq(auditLog.targetId, applicationId),
        eq(auditLog.action, "application.gate_override"),
      ),
    )
    .orderBy(desc(auditLog.createdAt));
  return rows.map((r) => {
    const d = (r.details ?? {}) as { to?: string; reason?: string; items?: unknown };
    return {
      at: r.at.toISOString(),
      by: r.by,
      status: String(d.to ?? ""),
      reason: String(d.reason ?? ""),
      items: Array.isArray(d.items) ? (d.items as { documentType: string; state: string }[]) : [],
    };
  });
}
