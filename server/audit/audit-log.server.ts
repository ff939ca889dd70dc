import { and, desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { APPLICANT_ROLES } from "~/domain/enums";
import type { OfficeScope } from "~/domain/offices";
import { paginateSelect } from "~/server/db/paginate.server";
import { db } from "~/server/db/client.server";
import { auditLog, profiles } from "~/server/db/schema";
import { isApplicantRole } from "~/domain/enums";
import { applicantInScope } from "~/server/offices/scope.server";

// Reading the audit trail (the admin activity log); writing it is recordAudit in ./audit.server.

export type AuditFilter = {
  action?: string | null;
  targetType?: string | null;
  actor?: string | null;
  from?: Date | null;
  to?: Date | null;
  /** Only entries about these records (an applicant's page: them, their applications, …). */
  targets?: { type: string; ids: string[] }[];
};

/**
 * The person an entry is about, for the kinds of entry that are about one (their profile, an
 * application, a document, a message to them); null when its row is gone or a message went to a
 * group.
 */
const ENTRY_PERSON = sql`(case ${auditLog.targetType}
  when 'user' then ${auditLog.targetId}
  when 'profile' then ${auditLog.targetId}
  when 'application' then (select a.user_id from job_applications a where a.id = ${auditLog.targetId}::uuid)
  when 'document' then (select d.user_id from documents d where d.id = ${auditLog.targetId}::uuid)
  when 'message' then (select m.recipient_id from messages m where m.id = ${auditLog.targetId}::uuid)
end)`;
const ABOUT_A_PERSON = ["user", "profile", "application", "document", "message"];

/**
 * What a staff member of some offices may read of the trail (decision record 23): their own
 * actions, entries about no person, and entries about staff or an applicant of their offices.
 * An entry about an applicant elsewhere, or one whose row is gone, is not theirs to read: its
 * details carry that applicant's interview, status history or messages.
 */
function auditVisibleTo(viewerId: string, scope: OfficeScope): SQL | undefined {
  if (scope.all) return undefined;
  const person = ENTRY_PERSON as unknown as AnyPgColumn;
  const applicants = db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.role, [...APPLICANT_ROLES]));
  return or(
    eq(auditLog.actorId, viewerId),
    notInArray(auditLog.targetType, ABOUT_A_PERSON),
    and(sql`${person} is not null`, notInArray(person, applicants)),
    applicantInScope(scope, person),
  );
}

function auditWhere(filter: AuditFilter, viewerId: string, scope: OfficeScope): SQL | undefined {
  const parts: SQL[] = [];
  const visible = auditVisibleTo(viewerId, scope);
  if (visible) parts.push(visible);
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.targetType) parts.push(eq(auditLog.targetType, filter.targetType));
  if (filter.actor) parts.push(eq(auditLog.actorId, filter.actor));
  if (filter.from) parts.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) parts.push(lt(auditLog.createdAt, filter.to));
  if (filter.targets) {
    const about = filter.targets
      .filter((t) => t.ids.length > 0)
      .map((t) => and(eq(auditLog.targetType, t.type), inArray(auditLog.targetId, t.ids))!);
    parts.push(about.length ? or(...about)! : sql`false`);
  }
  return parts.length ? and(...parts) : undefined;
}

/** The audit trail as `viewer` may read it (their offices' scope), newest first, with each actor's name. */
export async function listAuditEntriesForStaff({
  viewer,
  scope,
  filter,
  ...paging
}: {
  viewer: { id: string };
  scope: OfficeScope;
  filter: AuditFilter;
  page: number;
  pageSize: number;
}) {
  const where = auditWhere(filter, viewer.id, scope);
  const page = await paginateSelect(
    auditLog,
    where,
    { ...paging },
    db()
      .select({
        id: auditLog.id,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorName: profiles.fullName,
        actorEmail: profiles.email,
        personId: sql<string | null>`${ENTRY_PERSON}`,
        recordTitle: RECORD_TITLE,
      })
      .from(auditLog)
      .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .$dynamic(),
  );
  const people = await namePeopleInScope(
    page.items.map((r) => r.personId).filter((id): id is string => Boolean(id)),
    scope,
  );
  return {
    ...page,
    items: page.items.map(({ personId, ...r }) => {
      const person = personId ? people.get(personId) : undefined;
      return { ...r, person: person ? { id: personId!, ...person } : null };
    }),
  };
}
export type AuditRow = Awaited<ReturnType<typeof listAuditEntriesForStaff>>["items"][number];

/**
 * What names the record an entry points to when it is not a person: a job's or program's title,
 * a post's title, a complaint's reference. (An inquiry's sender is not named: inquiries are not
 * an office's.)
 */
const RECORD_TITLE = sql<string | null>`(case ${auditLog.targetType}
  when 'job' then (select j.title from jobs j where j.id = ${auditLog.targetId}::uuid)
  when 'program' then (select p.title || ', ' || p.university from programs p where p.id = ${auditLog.targetId}::uuid)
  when 'blog_post' then (select b.title from blog_posts b where b.id = ${auditLog.targetId}::uuid)
  when 'complaint' then (select c.reference from complaints c where c.id = ${auditLog.targetId}::uuid)
end)`;

/**
 * The names of the people entries are about, for those the viewer may see: staff, and applicants
 * of their offices (an entry the viewer made about someone elsewhere stays unnamed).
 */
async function namePeopleInScope(ids: string[], scope: OfficeScope) {
  const found = new Map<string, { name: string; applicant: boolean }>();
  if (ids.length === 0) return found;
  const rows = await db()
    .select({ id: profiles.id, name: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]));
  const applicants = rows.filter((r) => isApplicantRole(r.role));
  const inScope = new Set(
    scope.all || applicants.length === 0
      ? applicants.map((r) => r.id)
      : (
          await db()
            .select({ id: profiles.id })
            .from(profiles)
            .where(
              and(
                inArray(
                  profiles.id,
                  applicants.map((r) => r.id),
                ),
                applicantInScope(scope, profiles.id),
              ),
            )
        ).map((r) => r.id),
  );
  for (const r of rows) {
    const applicant = isApplicantRole(r.role);
    if (applicant && !inScope.has(r.id)) continue;
    found.set(r.id, { name: r.name, applicant });
  }
  return found;
}

/** Choices for the activity filters: the actions and target types seen, and the staff who acted. */
export async function listAuditFilterOptions() {
  const actions = await db()
    .selectDistinct({ v: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  const targets = await db()
    .selectDistinct({ v: auditLog.targetType })
    .from(auditLog)
    .orderBy(auditLog.targetType);
  const actors = await db()
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.role, ["manager", "admin", "super_admin"]))
    .orderBy(profiles.fullName)
    .limit(200);
  return { actions: actions.map((a) => a.v), targetTypes: targets.map((t) => t.v), actors };
}
