import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { formatPhone } from "~/domain/phone";
import type { AgentApplicantAccount } from "~/domain/agents";
import { APPLICANT_ROLES, type ApplicationStatus, type DocumentStatus } from "~/domain/enums";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { paginateSelect } from "~/server/db/paginate.server";
import { accounts, documents, jobApplications, jobs, profiles, programs } from "~/server/db/schema";

// An agent's applicants (the people they registered, whose owner they are): the agent area's list
// and one applicant's page. Every query is scoped by the owner in its `where` clause, so another
// agent's applicant, a staff member or someone of another office is "not found" however asked for.

export type Agent = Pick<Viewer, "id" | "role">;

const PAGE_SIZE = 20;
const DOCUMENTS_SHOWN = 100;

/** Applicants (never staff, never an erased stub) whose owner is this agent. */
export function ownApplicantWhere(agent: Agent, applicantId?: string) {
  // Anyone but an agent owns no applicant here (staff read them through their office scope).
  if (agent.role !== "agent") return sql`false`;
  return and(
    eq(profiles.ownerId, agent.id),
    inArray(profiles.role, [...APPLICANT_ROLES]),
    isNull(profiles.erasedAt),
    applicantId === undefined ? undefined : eq(profiles.id, applicantId),
  )!;
}

const titleOf = sql<
  string | null
>`coalesce(${jobs.title}, ${programs.title} || ', ' || ${programs.university})`;

// Whether they have set their own password (by the e-mailed link): until then the account waits.
// Written out: in a select list drizzle leaves columns unqualified, which a subquery would misread.
const PROFILE_ID = sql.raw(`"profiles"."id"`);
const hasPassword = sql<boolean>`exists (select 1 from ${accounts} c
  where c.user_id = ${PROFILE_ID} and c.provider_id = 'credential')`;

/** The agent's applicants, newest registered first, each with their latest application and documents. */
export async function listOwnApplicantsForAgent({ agent, page }: { agent: Agent; page: number }) {
  const where = ownApplicantWhere(agent);
  const latest = sql<{ status: ApplicationStatus; title: string | null } | null>`(
    select json_build_object('status', a.status, 'title', coalesce(j.title, p.title))
      from ${jobApplications} a
      left join ${jobs} j on j.id = a.job_id
      left join ${programs} p on p.id = a.program_id
     where a.user_id = ${PROFILE_ID}
     order by a.applied_at desc, a.id desc limit 1)`;
  const documentCounts = sql<Record<Exclude<DocumentStatus, "replaced">, number>>`(
    select json_build_object(
      'pending', count(*) filter (where d.status = 'pending'),
      'verified', count(*) filter (where d.status = 'verified'),
      'rejected', count(*) filter (where d.status = 'rejected'))
      from ${documents} d where d.user_id = ${PROFILE_ID})`;
  const select = db()
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
      createdAt: profiles.createdAt,
      hasPassword,
      latest,
      documentCounts,
    })
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .$dynamic();
  const result = await paginateSelect(profiles, where, { page, pageSize: PAGE_SIZE }, select);
  return {
    ...result,
    items: result.items.map(({ hasPassword, ...r }) => ({
      ...r,
      account: (hasPassword ? "active" : "invited") as AgentApplicantAccount,
    })),
  };
}
export type AgentApplicantRow = Awaited<
  ReturnType<typeof listOwnApplicantsForAgent>
>["items"][number];

/** Whether `applicantId` is one of this agent's applicants (locked, inside a transaction). */
export async function ownsApplicant(agent: Agent, applicantId: string, on: Db = db()) {
  if (typeof applicantId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(applicantId)) return false;
  const query = on
    .select({ id: profiles.id })
    .from(profiles)
    .where(ownApplicantWhere(agent, applicantId));
  const [row] = on === db() ? await query : await query.for("update");
  return Boolean(row);
}

/**
 * One of the agent's applicants: their basics, their applications with their stages and their
 * documents with their review state. Null when they are not this agent's (the page answers 404,
 * as for one that does not exist).
 */
export async function getOwnApplicantForAgent({
  agent,
  applicantId,
}: {
  agent: Agent;
  applicantId: string | undefined;
}) {
  if (typeof applicantId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(applicantId)) return null;
  const [profile] = await db()
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      phoneNumber: profiles.phoneNumber,
      country: profiles.country,
      office: profiles.office,
      role: profiles.role,
      createdAt: profiles.createdAt,
      hasPassword,
    })
    .from(profiles)
    .where(ownApplicantWhere(agent, applicantId));
  if (!profile) return null;
  const [applications, uploads] = await Promise.all([
    db()
      .select({
        id: jobApplications.id,
        kind: jobApplications.kind,
        status: jobApplications.status,
        appliedAt: jobApplications.appliedAt,
        title: titleOf,
      })
      .from(jobApplications)
      .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .leftJoin(programs, eq(programs.id, jobApplications.programId))
      .where(eq(jobApplications.userId, profile.id))
      .orderBy(desc(jobApplications.appliedAt), desc(jobApplications.id)),
    db()
      .select({
        id: documents.id,
        documentType: documents.documentType,
        fileName: documents.fileName,
        status: documents.status,
        reviewReason: documents.reviewReason,
        uploadedAt: documents.uploadedAt,
      })
      .from(documents)
      .where(and(eq(documents.userId, profile.id), sql`${documents.status} <> 'replaced'`))
      .orderBy(desc(documents.uploadedAt))
      .limit(DOCUMENTS_SHOWN),
  ]);
  const { hasPassword: active, ...basics } = profile;
  return {
    profile: {
      ...basics,
      phoneNumber: formatPhone(basics.phoneNumber),
      account: (active ? "active" : "invited") as AgentApplicantAccount,
    },
    applications,
    documents: uploads,
  };
}
export type AgentApplicantRecord = NonNullable<Awaited<ReturnType<typeof getOwnApplicantForAgent>>>;
