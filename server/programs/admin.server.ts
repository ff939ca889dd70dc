import { and, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { containsPattern } from "~/domain/like-patterns";
import type { ProgramForm, ProgramListStatus } from "~/domain/programs";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { deleteOrArchive } from "~/server/catalogue/delete-or-archive.server";
import { createCatalogueItem, updateCatalogueItem } from "~/server/catalogue/save.server";
import { type Db, db } from "~/server/db/client.server";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { paginateSelect } from "~/server/db/paginate.server";
import { countries, jobApplications, programs } from "~/server/db/schema";

type Actor = Pick<Viewer, "id">;

export class ProgramNotFoundError extends Error {}

/** The cards above the staff list: programs not archived, listed, with a scholarship, archived. */
export async function getProgramStatsForStaff() {
  const [row] = await db()
    .select({
      total: sql<number>`count(*) filter (where ${programs.archivedAt} is null)`.mapWith(Number),
      active:
        sql<number>`count(*) filter (where ${programs.archivedAt} is null and ${programs.isActive})`.mapWith(
          Number,
        ),
      scholarship:
        sql<number>`count(*) filter (where ${programs.archivedAt} is null and ${programs.scholarship})`.mapWith(
          Number,
        ),
      archived: sql<number>`count(*) filter (where ${programs.archivedAt} is not null)`.mapWith(
        Number,
      ),
    })
    .from(programs);
  return row!;
}

function staffWhere(filter: { q?: string; status?: ProgramListStatus | null }): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  switch (filter.status ?? null) {
    case "listed":
      parts.push(and(isNull(programs.archivedAt), eq(programs.isActive, true)));
      break;
    case "inactive":
      parts.push(and(isNull(programs.archivedAt), eq(programs.isActive, false)));
      break;
    case "archived":
      parts.push(isNotNull(programs.archivedAt));
      break;
    case "all":
      break;
    default:
      parts.push(isNull(programs.archivedAt));
  }
  const q = filter.q?.trim();
  if (q) parts.push(sql`${programs.searchText} like lower(${containsPattern(q)})`);
  return and(...parts);
}

const applicationCount = sql<number>`(select count(*) from ${jobApplications} where ${jobApplications.programId} = ${programs.id})`;

/**
 * Programs for staff, newest first, searchable by title, university or city, with how many
 * applications each has. Archived ones only when asked for (`status=archived` or `all`).
 */
export async function listAllProgramsForStaff(options: {
  filter: { q?: string; status?: ProgramListStatus | null };
  page: number;
  pageSize: number;
}) {
  const where = staffWhere(options.filter);
  return paginateSelect(
    programs,
    where,
    { page: options.page, pageSize: options.pageSize },
    db()
      .select({
        id: programs.id,
        version: programs.version,
        title: programs.title,
        university: programs.university,
        city: programs.city,
        countryId: programs.countryId,
        countryName: countries.name,
        level: programs.level,
        fieldOfStudy: programs.fieldOfStudy,
        durationMonths: programs.durationMonths,
        languageOfInstruction: programs.languageOfInstruction,
        tuitionAmount: programs.tuitionAmount,
        tuitionCurrency: programs.tuitionCurrency,
        intakes: programs.intakes,
        applicationDeadline: programs.applicationDeadline,
        entryRequirements: programs.entryRequirements,
        requiredDocuments: programs.requiredDocuments,
        scholarship: programs.scholarship,
        scholarshipDetails: programs.scholarshipDetails,
        description: programs.description,
        rating: programs.rating,
        isActive: programs.isActive,
        archivedAt: programs.archivedAt,
        applicationCount: applicationCount.mapWith(Number),
      })
      .from(programs)
      .innerJoin(countries, eq(countries.id, programs.countryId))
      .where(where)
      .orderBy(desc(programs.createdAt), desc(programs.id))
      .$dynamic(),
  );
}
export type StaffProgramRow = Awaited<ReturnType<typeof listAllProgramsForStaff>>["items"][number];

/**
 * The form's documents that are document types (the form offers only those; a key posted by
 * hand that names none is left out rather than stored where no applicant could upload it).
 */
async function withKnownDocuments(tx: Db, input: ProgramForm): Promise<ProgramForm> {
  const known = new Set((await listDocumentTypes(tx)).map((t) => t.key));
  return { ...input, requiredDocuments: input.requiredDocuments.filter((d) => known.has(d)) };
}

export async function createProgram(options: { actor: Actor; input: ProgramForm }) {
  return db().transaction(async (tx) =>
    createCatalogueItem(tx, {
      kind: "program",
      actorId: options.actor.id,
      values: await withKnownDocuments(tx, options.input),
    }),
  );
}

/** Edits a program that is not archived (restore it first). */
export async function updateProgram(options: {
  actor: Actor;
  programId: string;
  input: ProgramForm;
  /** The version the form was opened on (decision record 37). */
  version?: number;
}) {
  await db().transaction(async (tx) => {
    const updated = await updateCatalogueItem(tx, {
      kind: "program",
      id: options.programId,
      version: options.version,
      actorId: options.actor.id,
      values: await withKnownDocuments(tx, options.input),
    });
    if (!updated) throw new ProgramNotFoundError();
  });
}

/** Shows a program on the site or takes it off (it stays in the staff list). */
export async function setProgramActive(options: {
  actor: Actor;
  programId: string;
  active: boolean;
}) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(programs)
      .set({ isActive: options.active })
      .where(and(eq(programs.id, options.programId), isNull(programs.archivedAt)))
      .returning({ title: programs.title });
    if (!row) throw new ProgramNotFoundError();
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: options.active ? "program.activate" : "program.deactivate",
      targetType: "program",
      targetId: options.programId,
      details: { title: row.title },
    });
  });
}

/**
 * Removes a program from the site and the staff list: deleted when nobody applied to it,
 * otherwise archived so its applications keep their program (the foreign key refuses a delete).
 */
export async function removeProgram(options: { actor: Actor; programId: string }) {
  return db().transaction(async (tx) => {
    const done = await deleteOrArchive(tx, {
      kind: "program",
      id: options.programId,
      actorId: options.actor.id,
    });
    if (!done) throw new ProgramNotFoundError();
    return done;
  });
}

/** Brings an archived program back to the staff list, inactive until staff activate it. */
export async function restoreProgram(options: { actor: Actor; programId: string }) {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(programs)
      .set({ archivedAt: null, isActive: false })
      .where(and(eq(programs.id, options.programId), isNotNull(programs.archivedAt)))
      .returning({ title: programs.title });
    if (!row) throw new ProgramNotFoundError();
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "program.restore",
      targetType: "program",
      targetId: options.programId,
      details: { title: row.title },
    });
  });
}
