import { and, eq, gte, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { type Language, localizePath } from "~/domain/languages";
import { legalVersion } from "~/server/content/pages.server";
import { type Db, db } from "~/server/db/client.server";
import { policyAcceptances, profiles } from "~/server/db/schema";
import { oncePerRequest } from "~/server/request-scope.server";

// Recorded consent. A person accepts the Terms of Service and the Privacy
// Policy at sign-up; what they accepted is stored by version (the English text's lastUpdated date)
// with the time. When a text's date changes, signed-in people are asked again before they go on
// (the dashboard and back-office layouts send them to /consent). Marketing e-mail is a separate,
// optional choice on the profile (profiles.marketing_emails).

export const POLICIES = ["terms", "privacy"] as const;
export type Policy = (typeof POLICIES)[number];
const FILES = { terms: "terms-of-service", privacy: "privacy-policy" } as const;
export const POLICY_PATHS = { terms: "/terms-of-service", privacy: "/privacy-policy" } as const;

/** The version of each policy in force now. */
export async function currentPolicyVersions(): Promise<Record<Policy, string>> {
  const [terms, privacy] = await Promise.all([
    legalVersion(FILES.terms),
    legalVersion(FILES.privacy),
  ]);
  return { terms, privacy };
}

/** Records that `userId` accepted the versions in force now (again: nothing changes). */
export async function acceptCurrentPolicies(userId: string, tx: Db = db()) {
  const versions = await currentPolicyVersions();
  await tx
    .insert(policyAcceptances)
    .values(POLICIES.map((policy) => ({ userId, policy, version: versions[policy] })))
    .onConflictDoNothing();
}

/** The policies whose version in force `userId` has not accepted (once per request). */
export function policiesToAccept(userId: string): Promise<Policy[]> {
  return oncePerRequest(`policies:${userId}`, async () => {
    const versions = await currentPolicyVersions();
    const rows = await db()
      .select({ policy: policyAcceptances.policy, version: policyAcceptances.version })
      .from(policyAcceptances)
      .where(eq(policyAcceptances.userId, userId));
    return notAccepted(
      rows.map((r) => [r.policy, r.version] as const),
      versions,
    );
  });
}

/** The policies in force whose version is not among these acceptances. */
function notAccepted(
  acceptances: readonly (readonly [policy: string, version: string])[],
  versions: Record<Policy, string>,
): Policy[] {
  const accepted = new Set(
    acceptances
      .filter(([policy, version]) => version === versions[policy as Policy])
      .map(([p]) => p),
  );
  return POLICIES.filter((p) => !accepted.has(p));
}

/**
 * After the sign-up form: the account just made for `email` (not an older one with the same
 * address: better-auth answers a taken address like a new one) records the consent given on the
 * form, and the marketing choice.
 */
export async function recordSignUpConsent({
  email,
  marketingEmails,
}: {
  email: string;
  marketingEmails: boolean;
}) {
  const since = new Date(Date.now() - 10 * 60 * 1000);
  await db().transaction(async (tx) => {
    const [person] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(eq(sql`lower(${profiles.email})`, email.toLowerCase()), gte(profiles.createdAt, since)),
      );
    if (!person) return;
    const [already] = await tx
      .select({ userId: policyAcceptances.userId })
      .from(policyAcceptances)
      .where(eq(policyAcceptances.userId, person.id))
      .limit(1);
    if (already) return;
    await acceptCurrentPolicies(person.id, tx);
    await tx.update(profiles).set({ marketingEmails }).where(eq(profiles.id, person.id));
  });
}

/**
 * The dashboard and back-office layouts call this: someone who has not accepted the texts in
 * force goes to /auth/consent first (in their language), and comes back to the page they asked for.
 */
export async function requireCurrentConsent(
  request: Request,
  viewer: {
    id: string;
    preferredLanguage: Language;
    /** What the request's session read found them to have accepted, when it read that. */
    acceptedPolicies?: readonly (readonly [policy: string, version: string])[];
  },
) {
  const toAccept = viewer.acceptedPolicies
    ? notAccepted(viewer.acceptedPolicies, await currentPolicyVersions())
    : await policiesToAccept(viewer.id);
  if (toAccept.length === 0) return;
  const url = new URL(request.url);
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  throw redirect(
    localizePath(`/auth/consent?redirectTo=${encodeURIComponent(back)}`, viewer.preferredLanguage),
  );
}
