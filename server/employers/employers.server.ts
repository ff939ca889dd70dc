import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { EmployerContact, EmployerForm, EmployerListStatus } from "~/domain/employers";
import { containsPattern } from "~/domain/like-patterns";
import type { OfficeScope } from "~/domain/offices";
import { recordAudit } from "~/server/audit/audit.server";
import { type Db, db } from "~/server/db/client.server";
import { paginateSelect } from "~/server/db/paginate.server";
import { countries, employerContacts, employers, jobs, programs } from "~/server/db/schema";
import { assertVersion, updateAtVersion } from "~/server/db/versions.server";

// Employers (decision record 43), kept by staff of the office that owns the
// relationship: every read and write here is narrowed to the viewer's offices, so an employer of
// another office is "not found" however it is asked for. A change shows on public job pages (the
// employer's name and mark): each write moves the employers table's version, which public pages depend on (decision record 11).

type Actor = { id: string };

export class EmployerNotFoundError extends Error {}
/** The office named on the form is not one of the viewer's. */
export class EmployerOfficeError extends Error {}
/** The contact's e-mail address is already one of this employer's contacts. */
export class EmployerContactTakenError extends Error {}

/** Ids come from forms: anything else than a uuid is an employer that does not exist. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const inScope = (scope: OfficeScope): SQL | undefined =>
  scope.all
    ? undefined
    : scope.offices.length
      ? inArray(employers.office, scope.offices)
      : sql`false`;

function listWhere(filter: { q?: string; status?: EmployerListStatus | null }, scope: OfficeScope) {
  const parts: (SQL | undefined)[] = [inScope(scope)];
  switch (filter.status ?? null) {
    case "verified":
      parts.push(isNull(employers.archivedAt), isNotNull(employers.verifiedAt));
      break;
    case "unverified":
      parts.push(isNull(employers.archivedAt), isNull(employers.verifiedAt));
      break;
    case "archived":
      parts.push(isNotNull(employers.archivedAt));
      break;
    default:
      parts.push(isNull(employers.archivedAt));
  }
  const q = filter.q?.trim();
  if (q) parts.push(sql`${employers.searchText} like lower(${containsPattern(q)})`);
  return and(...parts);
}

const jobCount = sql<number>`(select count(*) from ${jobs} where ${jobs.employerId} = ${employers.id} and ${jobs.archivedAt} is null)`;

/** The staff list: newest first, searchable by name or registration number, with open jobs counted. */
export function listEmployersForStaff(options: {
  filter: { q?: string; status?: EmployerListStatus | null };
  scope: OfficeScope;
  page: number;
  pageSize: number;
}) {
  const where = listWhere(options.filter, options.scope);
  return paginateSelect(
    employers,
    where,
    { page: options.page, pageSize: options.pageSize },
    db()
      .select({
        id: employers.id,
        name: employers.name,
        countryId: employers.countryId,
        countryName: countries.name,
        sector: employers.sector,
        registrationNumber: employers.registrationNumber,
        website: employers.website,
        notes: employers.notes,
        office: employers.office,
        verifiedAt: employers.verifiedAt,
        archivedAt: employers.archivedAt,
        // What its forms post back: a change on an older version is refused (decision record 37).
        version: employers.version,
        jobCount: jobCount.mapWith(Number),
      })
      .from(employers)
      .leftJoin(countries, eq(countries.id, employers.countryId))
      .where(where)
      .orderBy(desc(employers.createdAt), desc(employers.id))
      .$dynamic(),
  );
}
export type StaffEmployerRow = Awaited<ReturnType<typeof listEmployersForStaff>>["items"][number];

/** The contacts of the employers on a page of the list, by employer. */
export async function contactsOf(employerIds: string[]) {
  const byEmployer = new Map<string, (typeof rows)[number][]>();
  if (employerIds.length === 0) return byEmployer;
  const rows = await db()
    .select({
      id: employerContacts.id,
      employerId: employerContacts.employerId,
      name: employerContacts.name,
      email: employerContacts.email,
      phone: employerContacts.phone,
      position: employerContacts.position,
    })
    .from(employerContacts)
    .where(inArray(employerContacts.employerId, employerIds))
    .orderBy(asc(employerContacts.name));
  for (const row of rows) {
    byEmployer.set(row.employerId, [...(byEmployer.get(row.employerId) ?? []), row]);
  }
  return byEmployer;
}

/** The employers a job or program form may name: those of the viewer's offices, not archived. */
export function listEmployerChoices(scope: OfficeScope) {
  return db()
    .select({
      id: employers.id,
      name: employers.name,
      verified: sql<boolean>`${employers.verifiedAt} is not null`,
    })
    .from(employers)
    .where(and(inScope(scope), isNull(employers.archivedAt)))
    .orderBy(asc(employers.name));
}

/**
 * Whether a job or program form may name this employer: one of the viewer's offices', not
 * archived (a forged id of another office's employer is refused like an unknown one).
 */
export async function employerChoosable(tx: Db, employerId: string, scope: OfficeScope) {
  if (!UUID.test(employerId)) return false;
  const [row] = await tx
    .select({ id: employers.id })
    .from(employers)
    .where(and(eq(employers.id, employerId), isNull(employers.archivedAt), inScope(scope)));
  return Boolean(row);
}

function checkOffice(office: string, scope: OfficeScope, allOffices: readonly string[]) {
  const allowed = scope.all ? allOffices : scope.offices;
  if (!allowed.includes(office)) throw new EmployerOfficeError();
}

/**
 * One employer of the viewer's offices, locked for the change being made; null when not one.
 * With `version` (the one the form showed), one changed since is refused (StaleEditError, with
 * its name and whether it is verified now; decision record 37).
 */
async function lockInScope(tx: Db, id: string, scope: OfficeScope, version?: number) {
  if (!UUID.test(id)) return null;
  const [row] = await tx
    .select({
      name: employers.name,
      archivedAt: employers.archivedAt,
      verifiedAt: employers.verifiedAt,
      version: employers.version,
      updatedAt: employers.updatedAt,
    })
    .from(employers)
    .where(and(eq(employers.id, id), inScope(scope)))
    .for("update");
  if (!row) return null;
  await assertVersion(
    tx,
    row,
    version,
    { type: "employer", id },
    { name: row.name, verified: row.verifiedAt !== null },
  );
  return row;
}

export async function createEmployer(options: {
  actor: Actor;
  scope: OfficeScope;
  allOffices: readonly string[];
  input: EmployerForm;
}) {
  checkOffice(options.input.office, options.scope, options.allOffices);
  return db().transaction(async (tx) => {
    const [row] = await tx.insert(employers).values(options.input).returning({ id: employers.id });
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "employer.create",
      targetType: "employer",
      targetId: row!.id,
      details: { title: options.input.name },
    });
    return row!.id;
  });
}

/** Edits an employer that is not archived (restore it first). */
export async function updateEmployer(options: {
  actor: Actor;
  scope: OfficeScope;
  allOffices: readonly string[];
  employerId: string;
  input: EmployerForm;
  /** The version the form was opened on: refused (StaleEditError) if it changed since. */
  version?: number;
}) {
  checkOffice(options.input.office, options.scope, options.allOffices);
  await db().transaction(async (tx) => {
    const current = await lockInScope(tx, options.employerId, options.scope);
    if (!current || current.archivedAt) throw new EmployerNotFoundError();
    await updateAtVersion(tx, employers, {
      where: eq(employers.id, options.employerId),
      version: options.version,
      set: options.input,
      target: { type: "employer", id: options.employerId },
      current: { name: employers.name },
    });
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "employer.update",
      targetType: "employer",
      targetId: options.employerId,
      details: { title: options.input.name },
    });
  });
}

/** Marks an employer as checked by staff (who and when), or takes the mark away. */
export async function setEmployerVerified(options: {
  actor: Actor;
  scope: OfficeScope;
  employerId: string;
  /** The version the list showed: refused (StaleEditError) if it changed since. */
  version?: number;
  verified: boolean;
}) {
  await db().transaction(async (tx) => {
    const current = await lockInScope(tx, options.employerId, options.scope, options.version);
    if (!current || current.archivedAt) throw new EmployerNotFoundError();
    await tx
      .update(employers)
      .set(
        options.verified
          ? { verifiedAt: new Date(), verifiedBy: options.actor.id }
          : { verifiedAt: null, verifiedBy: null },
      )
      .where(eq(employers.id, options.employerId));
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: options.verified ? "employer.verify" : "employer.unverify",
      targetType: "employer",
      targetId: options.employerId,
      details: { title: current.name },
    });
  });
}

/**
 * Removes an employer: deleted when no job or program names it, otherwise archived (its jobs keep
 * naming it). Its contacts go with a deletion and stay with an archive.
 */
export async function removeEmployer(options: {
  actor: Actor;
  scope: OfficeScope;
  employerId: string;
  /** The version the list showed: refused (StaleEditError) if it changed since. */
  version?: number;
}) {
  return db().transaction(async (tx) => {
    const current = await lockInScope(tx, options.employerId, options.scope, options.version);
    if (!current || current.archivedAt) throw new EmployerNotFoundError();
    const [[j], [p]] = await Promise.all([
      tx.select({ n: count() }).from(jobs).where(eq(jobs.employerId, options.employerId)),
      tx.select({ n: count() }).from(programs).where(eq(programs.employerId, options.employerId)),
    ]);
    const archived = j!.n + p!.n > 0;
    if (archived) {
      await tx
        .update(employers)
        .set({ archivedAt: new Date() })
        .where(eq(employers.id, options.employerId));
    } else {
      await tx.delete(employers).where(eq(employers.id, options.employerId));
    }
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: archived ? "employer.archive" : "employer.delete",
      targetType: "employer",
      targetId: options.employerId,
      details: { title: current.name },
    });
    return { archived };
  });
}

/** Brings an archived employer back to the list. */
export async function restoreEmployer(options: {
  actor: Actor;
  scope: OfficeScope;
  employerId: string;
  /** The version the list showed: refused (StaleEditError) if it changed since. */
  version?: number;
}) {
  await db().transaction(async (tx) => {
    const current = await lockInScope(tx, options.employerId, options.scope, options.version);
    if (!current || !current.archivedAt) throw new EmployerNotFoundError();
    await tx
      .update(employers)
      .set({ archivedAt: null })
      .where(eq(employers.id, options.employerId));
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "employer.restore",
      targetType: "employer",
      targetId: options.employerId,
      details: { title: current.name },
    });
  });
}

export async function addEmployerContact(options: {
  actor: Actor;
  scope: OfficeScope;
  employerId: string;
  input: EmployerContact;
}) {
  await db().transaction(async (tx) => {
    const current = await lockInScope(tx, options.employerId, options.scope);
    if (!current || current.archivedAt) throw new EmployerNotFoundError();
    const added = await tx
      .insert(employerContacts)
      .values({ employerId: options.employerId, ...options.input })
      .onConflictDoNothing()
      .returning({ id: employerContacts.id });
    if (added.length === 0) throw new EmployerContactTakenError();
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "employer.contact_add",
      targetType: "employer",
      targetId: options.employerId,
      details: { title: current.name, contact: options.input.name },
    });
  });
}

export async function removeEmployerContact(options: {
  actor: Actor;
  scope: OfficeScope;
  employerId: string;
  contactId: string;
}) {
  await db().transaction(async (tx) => {
    const current = await lockInScope(tx, options.employerId, options.scope);
    if (!current) throw new EmployerNotFoundError();
    if (!UUID.test(options.contactId)) throw new EmployerNotFoundError();
    const [gone] = await tx
      .delete(employerContacts)
      .where(
        and(
          eq(employerContacts.id, options.contactId),
          eq(employerContacts.employerId, options.employerId),
        ),
      )
      .returning({ name: employerContacts.name });
    if (!gone) throw new EmployerNotFoundError();
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "employer.contact_remove",
      targetType: "employer",
      targetId: options.employerId,
      details: { title: current.name, contact: gone.name },
    });
  });
}

/** The figures above the list, in the viewer's offices. */
export async function getEmployerStatsForStaff(scope: OfficeScope) {
  const [row] = await db()
    .select({
      total: sql<number>`count(*) filter (where ${employers.archivedAt} is null)`.mapWith(Number),
      verified:
        sql<number>`count(*) filter (where ${employers.archivedAt} is null and ${employers.verifiedAt} is not null)`.mapWith(
          Number,
        ),
      archived: sql<number>`count(*) filter (where ${employers.archivedAt} is not null)`.mapWith(
        Number,
      ),
    })
    .from(employers)
    .where(inScope(scope));
  return row!;
}
