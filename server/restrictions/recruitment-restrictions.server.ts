import { eq, type SQL, sql } from "drizzle-orm";
import {
  namesOfResidence,
  type RecruitmentRestriction,
  residenceCodeOf,
  restrictionFor,
} from "~/domain/recruitment-restrictions";
import type { Sector } from "~/domain/enums";
import { cached, PUBLIC_TTL_MS } from "~/server/cache/cached.server";
import { type Db, db } from "~/server/db/client.server";
import { countries, jobs, profiles, recruitmentRestrictions } from "~/server/db/schema";

// Ethical-recruitment restrictions (decision record 35 part 2): read once and
// kept until the table changes (decision record 11), like the fee policies beside them.

async function readRestrictions(on: Db): Promise<RecruitmentRestriction[]> {
  return on
    .select({
      id: recruitmentRestrictions.id,
      destination: recruitmentRestrictions.destination,
      sector: recruitmentRestrictions.sector,
      residence: recruitmentRestrictions.residence,
      explanation: recruitmentRestrictions.explanation,
      explanationFr: recruitmentRestrictions.explanationFr,
      explanationPt: recruitmentRestrictions.explanationPt,
      version: recruitmentRestrictions.version,
    })
    .from(recruitmentRestrictions)
    .orderBy(
      recruitmentRestrictions.destination,
      recruitmentRestrictions.sector,
      recruitmentRestrictions.residence,
    );
}

/** Every restriction; in a transaction (`on` = tx), read afresh. */
export function listRecruitmentRestrictions(on?: Db): Promise<RecruitmentRestriction[]> {
  if (on && on !== db()) return readRestrictions(on);
  return cached({
    name: "recruitmentRestrictions",
    dependsOn: ["recruitment_restrictions"],
    ttlMs: PUBLIC_TTL_MS,
    load: () => readRestrictions(db()),
  });
}

/** A person's country of residence as an ISO code (their profile's country), or null. */
export async function residenceOf(userId: string, on: Db = db()): Promise<string | null> {
  const [row] = await on
    .select({ country: profiles.country })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return residenceCodeOf(row?.country);
}

/** What a restriction says about jobs, for the readers that filter many jobs at once. */
export type NotAdvertised = Pick<RecruitmentRestriction, "destination" | "sector">[];

/**
 * The destinations and sectors not advertised to a resident of `residence` (none when it is
 * unknown: nothing is hidden on a guess), sorted, so it can be part of a cache key.
 */
export async function notAdvertisedTo(residence: string | null): Promise<NotAdvertised> {
  if (!residence) return [];
  const rows = (await listRecruitmentRestrictions()).filter((r) => r.residence === residence);
  return rows
    .map((r) => ({ destination: r.destination, sector: r.sector }))
    .sort((a, b) =>
      `${a.destination}:${a.sector ?? ""}`.localeCompare(`${b.destination}:${b.sector ?? ""}`),
    );
}

/** notAdvertisedTo for a signed-in person, read from their profile. */
export async function notAdvertisedToUser(userId: string): Promise<NotAdvertised> {
  return notAdvertisedTo(await residenceOf(userId));
}

/** True for a job of `jobs` in the surrounding query that one of these rows covers. */
function coveredSql(rows: NotAdvertised): SQL<boolean> {
  if (rows.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    rows.map((r) => {
      const destination = r.destination
        ? sql`${jobs.countryId} in (select ${countries.id} from ${countries} where ${countries.code} = ${r.destination})`
        : sql`true`;
      const sector = r.sector ? sql`${jobs.sector} = ${r.sector}` : sql`true`;
      return sql`(${destination} and ${sector})`;
    }),
    sql` or `,
  )})`;
}

/** The jobs of the surrounding query that may be advertised (the rows say what may not). */
export function advertisedSql(rows: NotAdvertised): SQL<boolean> | null {
  return rows.length === 0 ? null : sql<boolean>`not ${coveredSql(rows)}`;
}

/**
 * For readers of many people at once (job alerts): true when the job of `jobs` is restricted for
 * the person of `profiles` in the surrounding query, whose residence is read from their
 * profile's country as residenceCodeOf reads it. Built from the kept rows: one branch per
 * restricted residence. A null profile (a visitor's alert) is never restricted.
 */
export async function restrictedForProfileSql(on?: Db): Promise<SQL<boolean>> {
  const restrictions = await listRecruitmentRestrictions(on);
  const byResidence = new Map<string, NotAdvertised>();
  for (const r of restrictions) {
    const list = byResidence.get(r.residence) ?? [];
    list.push({ destination: r.destination, sector: r.sector });
    byResidence.set(r.residence, list);
  }
  if (byResidence.size === 0) return sql<boolean>`false`;
  // The same normalisation as normaliseCountryName, in SQL: trimmed, one space, one apostrophe.
  const trimmed = sql`btrim(coalesce(${profiles.country}, ''))`;
  const spaced = sql`regexp_replace(${trimmed}, ${"\\s+"}, ' ', 'g')`;
  const written = sql`lower(regexp_replace(${spaced}, ${"[’‘`]"}, ${"'"}, 'g'))`;
  const branches = [...byResidence].map(
    ([code, rows]) =>
      sql`(${written} in (${sql.join(
        namesOfResidence(code).map((n) => sql`${n}`),
        sql`, `,
      )}) and ${coveredSql(rows)})`,
  );
  return sql<boolean>`coalesce((${sql.join(branches, sql` or `)}), false)`;
}

/**
 * The restriction a job's page explains to this person before they apply, or null: the job's
 * destination and sector against their residence.
 */
export async function restrictionForJob(
  job: { countryCode: string | null; sector: Sector },
  residence: string | null,
  on?: Db,
): Promise<RecruitmentRestriction | null> {
  if (!residence) return null;
  return restrictionFor(await listRecruitmentRestrictions(on), {
    destination: job.countryCode,
    sector: job.sector,
    residence,
  });
}
