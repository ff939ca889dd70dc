import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import {
  chargesUpFront,
  noFeeDestinations,
  type FeeContext,
  type FeePath,
  type FeePolicy,
  NO_REFUND_OUTCOMES,
  feeSettingsFor,
  premiumUnlocked,
  readRefundOutcomes,
  registrationComplete,
  resolveFeePolicy,
} from "~/domain/fee-policy";
import { knownOffice } from "~/domain/offices";
import type { CompletionFields } from "~/domain/profile";
import { cached, PUBLIC_TTL_MS } from "~/server/cache/cached.server";
import { type Db, db } from "~/server/db/client.server";
import { feePolicies, profiles } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/settings.server";

// Fee policies (decision record 33): read once and kept until the fee_policies table
// changes (server/cache/cached.server.ts), like the site settings they sit beside.

const policyColumns = {
  id: feePolicies.id,
  office: feePolicies.office,
  destination: feePolicies.destination,
  path: feePolicies.path,
  kind: feePolicies.kind,
  amountMinor: feePolicies.amountMinor,
  currency: feePolicies.currency,
  successBasisPoints: feePolicies.successBasisPoints,
  covers: feePolicies.covers,
  excludes: feePolicies.excludes,
  othersPay: feePolicies.othersPay,
  refundRule: feePolicies.refundRule,
  legalBasis: feePolicies.legalBasis,
  refundOutcomes: feePolicies.refundOutcomes,
  version: feePolicies.version,
};

async function readFeePolicies(on: Db): Promise<FeePolicy[]> {
  const rows = await on
    .select(policyColumns)
    .from(feePolicies)
    .orderBy(feePolicies.office, feePolicies.destination, feePolicies.path);
  return rows.map(asFeePolicy);
}

/** A row as a policy: an unknown path is "any", its refund outcomes read safely. */
export function asFeePolicy<R extends Omit<FeePolicy, "path" | "refundOutcomes">>(
  r: R & { path: string; refundOutcomes: unknown },
): R & FeePolicy {
  return {
    ...r,
    path: r.path === "jobs" || r.path === "study" ? r.path : "",
    refundOutcomes: readRefundOutcomes(r.refundOutcomes),
  };
}

/**
 * The policies as the settings page edits them: read afresh (never the kept copy, which may
 * trail a change by a moment), each with the edit version its form posts back (decision record
 * 37).
 */
export async function listFeePoliciesForEditing() {
  const rows = await db()
    .select({ ...policyColumns, editVersion: feePolicies.editVersion })
    .from(feePolicies)
    .orderBy(feePolicies.office, feePolicies.destination, feePolicies.path);
  return rows.map(asFeePolicy);
}

/** Every fee policy; in a transaction (`on` = tx), read afresh. */
export function listFeePolicies(on?: Db): Promise<FeePolicy[]> {
  if (on && on !== db()) return readFeePolicies(on);
  return cached({
    name: "feePolicies",
    dependsOn: ["fee_policies"],
    ttlMs: PUBLIC_TTL_MS,
    load: () => readFeePolicies(db()),
  });
}

/** An office with no policy of its own charges nothing: nobody is asked for a fee no admin set. */
export function noPolicyFor(office: string): FeePolicy {
  return {
    id: "",
    office,
    destination: "",
    path: "",
    kind: "none",
    amountMinor: null,
    currency: null,
    successBasisPoints: null,
    covers: "",
    excludes: "",
    othersPay: "",
    refundRule: "",
    legalBasis: "",
    refundOutcomes: NO_REFUND_OUTCOMES,
    version: 0,
  };
}

/**
 * The policy that applies to someone of `office` (an unknown or empty one counts as the first
 * office, as everywhere), for a destination and path when the screen is about one.
 */
export async function feePolicyFor(
  context: Omit<FeeContext, "office"> & { office: string | null | undefined },
  on?: Db,
): Promise<FeePolicy> {
  const [settings, policies] = await Promise.all([getSiteSettings(on), listFeePolicies(on)]);
  const office = knownOffice(context.office, settings.offices) ?? settings.offices[0]?.city ?? "";
  return resolveFeePolicy(policies, { ...context, office }) ?? noPolicyFor(office);
}

/**
 * Whether someone of `office` owes a fee before an application moves past Registration Pending:
 * their policy for `path` charges up front (decision record 33). Under no fee, employer pays or a
 * success fee after an offer, nothing is owed at that stage.
 */
export async function feeOwedUpFront(
  office: string | null | undefined,
  path: "jobs" | "study",
  on?: Db,
): Promise<boolean> {
  return chargesUpFront(await feePolicyFor({ office, path }, on));
}

/**
 * feeOwedUpFront for many people at once (staff lists): the policies read once, then a plain
 * function of office and path.
 */
export async function feeOwedReader(
  on?: Db,
): Promise<(office: string | null | undefined, path: FeePath) => boolean> {
  const [settings, policies] = await Promise.all([getSiteSettings(on), listFeePolicies(on)]);
  return (office, path) => {
    const known = knownOffice(office, settings.offices) ?? settings.offices[0]?.city ?? "";
    return chargesUpFront(
      resolveFeePolicy(policies, { office: known, path }) ?? noPolicyFor(known),
    );
  };
}

/**
 * Whether the person of `profiles` in the surrounding query has a CV that counts for registration:
 * one uploaded and not turned down or replaced. Written with qualified names, as Drizzle leaves a
 * one-table query's columns bare.
 */
export const hasCvSql = () =>
  sql<boolean>`exists (select 1 from "documents" d where d."user_id" = "profiles"."id" and d."document_type" = 'cv' and d."status" in ('pending', 'verified'))`;

export type PremiumFacts = CompletionFields & {
  registrationFeePaid: boolean;
  office: string | null;
  role: string | null;
  hasCv: boolean;
};

/** A person's own path: a student applicant's is study, everyone else's jobs. */
export function pathOfRole(role: string | null | undefined): FeePath {
  return role === "student_applicant" ? "study" : "jobs";
}

/** The fee someone is asked for up front, in the currency shown first, or null when none. */
export type DueFee = { amountMinor: number; currency: string; refundPolicy: string } | null;

/**
 * Whether premium jobs are open to this applicant (domain/fee-policy.ts premiumUnlocked), and
 * whether their policy (office and their own path) asks a fee up front at all, and which: the
 * screens that name the fee read it.
 */
export async function feeAccessFor(facts: PremiumFacts): Promise<FeeAccess> {
  const [settings, policies] = await Promise.all([getSiteSettings(), listFeePolicies()]);
  const office = knownOffice(facts.office, settings.offices) ?? settings.offices[0]?.city ?? "";
  const path = pathOfRole(facts.role);
  const policy = resolveFeePolicy(policies, { office, path }) ?? noPolicyFor(office);
  const feeDue = chargesUpFront(policy);
  const complete = registrationComplete(facts);
  const unlocked = premiumUnlocked({
    paid: facts.registrationFeePaid,
    policy,
    registrationComplete: complete,
  });
  // Destinations that ask no fee up front though the office does: their premium jobs open once
  // registration is complete (decision record 33). Nothing to add when every job is open.
  const noFee = unlocked ? [] : noFeeDestinations(policies, office, path);
  return {
    feeDue,
    dueFee: feeDue ? feeSettingsFor(policy, settings).registrationFee : null,
    premiumUnlocked: unlocked,
    noFeeDestinations: noFee,
    openDestinations: complete ? noFee : [],
  };
}

/** What premium jobs ask of someone, and which are open to them (the viewer carries it). */
export type FeeAccess = {
  premiumUnlocked: boolean;
  feeDue: boolean;
  dueFee: DueFee;
  /** Destinations whose premium jobs ask no fee of them, only a complete registration. */
  noFeeDestinations: string[];
  /** Of those, the ones open now (their registration is complete). */
  openDestinations: string[];
};

/** Someone with no facts (no profile yet): nothing open, nothing due. */
export const NO_FEE_ACCESS: FeeAccess = {
  premiumUnlocked: false,
  feeDue: false,
  dueFee: null,
  noFeeDestinations: [],
  openDestinations: [],
};

/** The facts feeAccessFor needs, read for one person (when the session read lacked them). */
export async function readPremiumFacts(
  userId: string,
  on: Db = db(),
): Promise<PremiumFacts | null> {
  const [row] = await on
    .select({
      registrationFeePaid: profiles.registrationFeePaid,
      office: profiles.office,
      role: profiles.role,
      fullName: profiles.fullName,
      phoneNumber: profiles.phoneNumber,
      country: profiles.country,
      whatsappNumber: profiles.whatsappNumber,
      hasCv: hasCvSql(),
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}

const filled = (column: unknown) => sql`coalesce(btrim(${column}), '') <> ''`;

/**
 * Whether a premium job in `destination` (a country code in the caller's query) is open to each
 * person, in SQL over `profiles` in the caller's query (a null profile is locked), for readers that
 * check many people at once (job alerts): paid, or a complete registration under a policy that
 * asks no fee up front, their office's own (for their own path) or the job's destination's
 * override (noFeeDestinations), as the session's viewer reads it (feeAccessFor).
 */
export async function premiumUnlockedSql(on: Db | undefined, destination: SQL | AnyColumn) {
  const [settings, policies] = await Promise.all([getSiteSettings(on), listFeePolicies(on)]);
  const cities = settings.offices.map((o) => o.city);
  const freeFor = (path: FeePath) =>
    cities.filter((office) => {
      const policy = resolveFeePolicy(policies, { office, path }) ?? noPolicyFor(office);
      return premiumUnlocked({ paid: false, policy, registrationComplete: true });
    });
  const office =
    cities.length > 0
      ? sql`(case when ${profiles.office} in (${sql.join(
          cities.map((c) => sql`${c}`),
          sql`, `,
        )}) then ${profiles.office} else ${cities[0]} end)`
      : sql`null`;
  const inList = (free: string[]) =>
    free.length > 0
      ? sql`${office} in (${sql.join(
          free.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql`false`;
  // The destinations whose override asks no fee though the office's policy does, per office.
  const destinationFree = (path: FeePath) => {
    const terms = cities.flatMap((city) => {
      const codes = noFeeDestinations(policies, city, path);
      if (codes.length === 0) return [];
      const list = sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      );
      return [sql`(${office} = ${city} and upper(${destination}) in (${list}))`];
    });
    return terms.length > 0 ? sql`(${sql.join(terms, sql` or `)})` : sql`false`;
  };
  // Each person's own path (pathOfRole): a student applicant's policy is the study one.
  const officeFree = sql`(case when ${profiles.role} = 'student_applicant'
    then ${inList(freeFor("study"))} or ${destinationFree("study")}
    else ${inList(freeFor("jobs"))} or ${destinationFree("jobs")} end)`;
  return sql<boolean>`(coalesce(${profiles.registrationFeePaid}, false) or coalesce(${officeFree}
    and ${filled(profiles.fullName)} and ${filled(profiles.phoneNumber)}
    and ${filled(profiles.country)} and ${filled(profiles.whatsappNumber)}
    and ${hasCvSql()}, false))`;
}
