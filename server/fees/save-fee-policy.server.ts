import { eq } from "drizzle-orm";
import type { FeePolicyForm } from "~/domain/fee-policy";
import { recordAudit } from "~/server/audit/audit.server";
import { db } from "~/server/db/client.server";
import { feePolicies } from "~/server/db/schema";
import { updateAtVersion } from "~/server/db/versions.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { listFeePolicies } from "./fee-policies.server";

export const FEE_POLICY_AUDIT_ACTION = "fee_policy.save";

export type SaveFeePolicyOutcome =
  | { kind: "saved"; id: string; version: number }
  | { kind: "unchanged" }
  /** Not one of the site's offices. */
  | { kind: "unknownOffice" }
  /** Another policy already covers this office, destination and path. */
  | { kind: "duplicate" }
  | { kind: "notFound" };

const CONTENT = [
  "kind",
  "amountMinor",
  "currency",
  "successBasisPoints",
  "covers",
  "excludes",
  "othersPay",
  "refundRule",
  "legalBasis",
  "refundOutcomes",
] as const;

/**
 * An admin creates a fee policy or changes one (decision record 33), audited in the same
 * transaction. A change of what it charges or says (not of its refund outcomes alone, decision
 * record 35) raises its version, so every cost sheet
 * confirmed before must be confirmed again before anyone pays under it. Once committed, every
 * process reads the policies afresh (public content: visitors' pages name the fees).
 */
export async function saveFeePolicy({
  actor,
  form,
}: {
  actor: { id: string };
  form: FeePolicyForm;
}): Promise<SaveFeePolicyOutcome> {
  return db().transaction(async (tx) => {
    const settings = await getSiteSettings(tx);
    if (!settings.offices.some((o) => o.city === form.office)) return { kind: "unknownOffice" };
    const policies = await listFeePolicies(tx);
    const same = policies.find(
      (p) => p.office === form.office && p.destination === form.destination && p.path === form.path,
    );
    if (same && same.id !== form.id) return { kind: "duplicate" };
    const values = {
      office: form.office,
      destination: form.destination,
      path: form.path,
      ...Object.fromEntries(CONTENT.map((k) => [k, form[k]])),
    } as typeof feePolicies.$inferInsert;
    let id: string;
    let version: number;
    if (form.id) {
      const before = policies.find((p) => p.id === form.id);
      if (!before) return { kind: "notFound" };
      const changed = CONTENT.filter((k) =>
        k === "refundOutcomes"
          ? JSON.stringify(before[k]) !== JSON.stringify(form[k])
          : before[k] !== form[k],
      );
      const moved =
        before.office !== form.office ||
        before.destination !== form.destination ||
        before.path !== form.path;
      if (changed.length === 0 && !moved) return { kind: "unchanged" };
      // The version names the sheet applicants confirm; the refund outcomes are not on it (they
      // are staff's reminders of the rule the sheet states in words), so they alone keep it.
      const onlyOutcomes = !moved && changed.every((k) => k === "refundOutcomes");
      version = onlyOutcomes ? before.version : before.version + 1;
      // On the edit version the form showed (decision record 37): a colleague's save since is
      // not overwritten (StaleEditError, with the policy as it is now).
      await updateAtVersion(tx, feePolicies, {
        where: eq(feePolicies.id, form.id),
        version: form.version,
        column: feePolicies.editVersion,
        set: { ...values, version, updatedBy: actor.id, updatedAt: new Date() },
        target: { type: "fee_policy", id: form.id },
        current: {
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
        },
      });
      id = form.id;
    } else {
      const [row] = await tx
        .insert(feePolicies)
        .values({ ...values, version: 1, updatedBy: actor.id })
        .returning({ id: feePolicies.id });
      id = row!.id;
      version = 1;
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: FEE_POLICY_AUDIT_ACTION,
      targetType: "fee_policy",
      targetId: id,
      details: {
        office: form.office,
        destination: form.destination,
        path: form.path,
        kind: form.kind,
        refundOutcomes: form.refundOutcomes,
        version,
      },
    });
    return { kind: "saved", id, version };
  });
}
