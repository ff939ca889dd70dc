import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { JobForm } from "~/domain/jobs";
import { recordAudit } from "~/server/audit/audit.server";
import { deleteOrArchive } from "~/server/catalogue/delete-or-archive.server";
import { createCatalogueItem, updateCatalogueItem } from "~/server/catalogue/save.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { employerChoosable } from "~/server/employers/employers.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { readCounts } from "~/server/db/record-counts.server";
import { paginate } from "~/domain/pagination";
import { countries, jobApplications, jobs } from "~/server/db/schema";
import { jobColumns } from "./columns.server";
import { kickJobAlerts } from "./job-alerts.server";

type Actor = Pick<Viewer, "id">;

export class JobNotFoundError extends Error {}
/** The form names an employer the editor may not choose (another office's, archived, gone). */
export class JobEmployerError extends Error {}

async function checkEmployer(tx: Db, editor: Actor, employerId: string | null) {
  if (employerId === null) return;
  // The employer must be one of the editor's offices' (decision record 43). In a transaction the
  // scope is read afresh from their profile, role and offices alike (the role given is not used).
  const scope = await officeScopeFor({ id: editor.id, role: "manager" }, tx);
  if (!(await employerChoosable(tx, employerId, scope))) throw new JobEmployerError();
}

/** The staff cards: jobs not archived, and of them the active, public and paid-only ones. */
export async function getJobStatsForStaff() {
  const counts = await readCounts(OPEN_JOB_COUNTS);
  return {
    total: counts["jobs:open"],
    active: counts["jobs:open:active"],
    public: counts["jobs:open:public"],
    paidOnly: counts["jobs:open:paid_only"],
  };
}

// Kept by triggers on jobs (migration 0023), so neither the cards nor the list's total count
// every job.
const OPEN_JOB_COUNTS = [
  "jobs:open",
  "jobs:open:active",
  "jobs:open:public",
  "jobs:open:paid_only",
] as const;

/** Every non-archived job, newest first, with its country and how many applications it has. */
export async function listAllJobsForStaff(paging: { page: number; pageSize: number }) {
  return paginate({
    ...paging,
    count: async () => (await readCounts(["jobs:open"]))["jobs:open"],
    // Read through jobs_staff_list_idx, one page at a time.
    rows: (limit, offset) =>
      db()
        .select({
          ...jobColumns,
          version: jobs.version,
          countryId: jobs.countryId,
          countryName: countries.name,
          employerId: jobs.employerId,
          employerShownAs: jobs.employerShownAs,
          requiredDocuments: jobs.requiredDocuments,
          applicationCount:
            sql<number>`(select count(*) from ${jobApplications} where ${jobApplications.jobId} = ${jobs.id})`.mapWith(
              Number,
            ),
        })
        .from(jobs)
        .leftJoin(countries, eq(countries.id, jobs.countryId))
        .where(isNull(jobs.archivedAt))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit)
        .offset(offset),
  });
}
export type StaffJobRow = Awaited<ReturnType<typeof listAllJobsForStaff>>["items"][number];

export function listCountriesForJobForm() {
  return db()
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(eq(countries.isActive, true))
    .orderBy(asc(countries.name));
}

/**
 * The form's fields are the job's columns; its id only says which job. Of its documents, those
 * that are document types (a key posted by hand that names none is left out).
 */
async function jobValues(tx: Db, { id: _id, ...values }: JobForm) {
  const known = new Set((await listDocumentTypes(tx)).map((t) => t.key));
  return { ...values, requiredDocuments: values.requiredDocuments.filter((d) => known.has(d)) };
}

export async function createJob(options: { actor: Actor; input: JobForm }) {
  const id = await db().transaction(async (tx) => {
    await checkEmployer(tx, options.actor, options.input.employerId);
    return createCatalogueItem(tx, {
      kind: "job",
      actorId: options.actor.id,
      values: await jobValues(tx, options.input),
    });
  });
  // After the commit, so the round sees the new job: instant alerts go out now.
  kickJobAlerts();
  return id;
}

export async function updateJob(options: {
  actor: Actor;
  jobId: string;
  input: JobForm;
  /** The version the form was opened on (decision record 37). */
  version?: number;
}) {
  await db().transaction(async (tx) => {
    await checkEmployer(tx, options.actor, options.input.employerId);
    const updated = await updateCatalogueItem(tx, {
      kind: "job",
      id: options.jobId,
      version: options.version,
      actorId: options.actor.id,
      values: await jobValues(tx, options.input),
    });
    if (!updated) throw new JobNotFoundError();
  });
}

export async function toggleJobFlag(options: {
  actor: Actor;
  jobId: string;
  flag: "isActive" | "isPublic";
}) {
  return db().transaction(async (tx) => {
    const column = options.flag === "isActive" ? jobs.isActive : jobs.isPublic;
    const [row] = await tx
      .update(jobs)
      .set({ [options.flag]: sql`not ${column}` })
      .where(and(eq(jobs.id, options.jobId), isNull(jobs.archivedAt)))
      .returning({ isActive: jobs.isActive, isPublic: jobs.isPublic });
    if (!row) throw new JobNotFoundError();
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: options.flag === "isActive" ? "job.toggle_active" : "job.toggle_public",
      targetType: "job",
      targetId: options.jobId,
      details: { value: row[options.flag] },
    });
    return row;
  });
}

/**
 * Deletes a job, or archives it when applications point at it, so those applications keep
 * their job (the foreign key restricts deletes, too).
 */
export async function deleteJob(options: { actor: Actor; jobId: string }) {
  return db().transaction(async (tx) => {
    const done = await deleteOrArchive(tx, {
      kind: "job",
      id: options.jobId,
      actorId: options.actor.id,
    });
    if (!done) throw new JobNotFoundError();
    return done;
  });
}
