import { and, desc, eq } from "drizzle-orm";
import { chargesUpFront, type FeePath, type FeePolicy } from "~/domain/fee-policy";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { costSheetConfirmations, profiles } from "~/server/db/schema";
import { feePolicyFor, pathOfRole } from "./fee-policies.server";

// Written costs before any payment: the applicant reads an itemised sheet of
// the policy that applies to them and confirms it; a fee is charged only under a confirmation of
// the policy's current version, and the receipt prints it.

/**
 * The policy of someone's registration fee: their office's for their own path (a student
 * applicant's is study, everyone else's jobs), as the premium rule reads it; `path` asks for
 * another (a job seeker reading a study program, before they switch).
 */
export async function registrationPolicyOf(
  userId: string,
  on: Db = db(),
  path?: FeePath,
): Promise<FeePolicy> {
  const [row] = await on
    .select({ office: profiles.office, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return feePolicyFor({ office: row?.office ?? null, path: path ?? pathOfRole(row?.role) }, on);
}

export type CostSheetConfirmation = {
  id: string;
  policyId: string | null;
  policyVersion: number;
  confirmedAt: Date;
};

/** Their confirmation of this very policy version, if they gave one. */
export async function findConfirmation(
  userId: string,
  policy: Pick<FeePolicy, "id" | "version">,
  on: Db = db(),
): Promise<CostSheetConfirmation | null> {
  if (!policy.id) return null;
  const [row] = await on
    .select({
      id: costSheetConfirmations.id,
      policyId: costSheetConfirmations.policyId,
      policyVersion: costSheetConfirmations.policyVersion,
      confirmedAt: costSheetConfirmations.confirmedAt,
    })
    .from(costSheetConfirmations)
    .where(
      and(
        eq(costSheetConfirmations.userId, userId),
        eq(costSheetConfirmations.policyId, policy.id),
        eq(costSheetConfirmations.policyVersion, policy.version),
      ),
    )
    .orderBy(desc(costSheetConfirmations.confirmedAt))
    .limit(1);
  return row ?? null;
}

export type ConfirmOutcome =
  | { kind: "confirmed"; confirmation: CostSheetConfirmation }
  /** The sheet they read is not the policy's current version (an admin changed it meanwhile). */
  | { kind: "changed" }
  /** Their policy charges nothing up front: there is no fee to confirm. */
  | { kind: "noFee" };

/**
 * Records that the applicant read and confirmed the cost sheet of `policyId` at `version`, the
 * sheet as it stood then kept with it. Confirming the same version again keeps the first.
 */
export async function confirmCostSheet({
  actor,
  policyId,
  version,
}: {
  actor: Pick<Viewer, "id">;
  policyId: string;
  version: number;
}): Promise<ConfirmOutcome> {
  return db().transaction(async (tx) => {
    // One per person at a time (a double click confirms once).
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, actor.id))
      .for("update");
    const policy = await registrationPolicyOf(actor.id, tx);
    if (!chargesUpFront(policy)) return { kind: "noFee" };
    if (policy.id !== policyId || policy.version !== version) return { kind: "changed" };
    const existing = await findConfirmation(actor.id, policy, tx);
    if (existing) return { kind: "confirmed", confirmation: existing };
    const [row] = await tx
      .insert(costSheetConfirmations)
      .values({
        userId: actor.id,
        policyId: policy.id,
        policyVersion: policy.version,
        kind: policy.kind,
        amountMinor: policy.amountMinor,
        currency: policy.currency,
        sheet: {
          office: policy.office,
          destination: policy.destination,
          path: policy.path,
          covers: policy.covers,
          excludes: policy.excludes,
          othersPay: policy.othersPay,
          refundRule: policy.refundRule,
          legalBasis: policy.legalBasis,
        },
      })
      .returning({
        id: costSheetConfirmations.id,
        policyId: costSheetConfirmations.policyId,
        policyVersion: costSheetConfirmations.policyVersion,
        confirmedAt: costSheetConfirmations.confirmedAt,
      });
    return { kind: "confirmed", confirmation: row! };
  });
}
