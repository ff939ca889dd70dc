import { eq } from "drizzle-orm";
import type { RecruitmentRestrictionForm } from "~/domain/recruitment-restriction-form";
import { recordAudit } from "~/server/audit/audit.server";
import { db } from "~/server/db/client.server";
import { recruitmentRestrictions } from "~/server/db/schema";
import { assertVersion, updateAtVersion } from "~/server/db/versions.server";
import { listRecruitmentRestrictions } from "./recruitment-restrictions.server";

export const RESTRICTION_SAVE_AUDIT_ACTION = "recruitment_restriction.save";
export const RESTRICTION_DELETE_AUDIT_ACTION = "recruitment_restriction.delete";

/** What a restriction's form edits, read back for a refused save (decision record 37). */
const RESTRICTION_FIELDS = {
  destination: recruitmentRestrictions.destination,
  sector: recruitmentRestrictions.sector,
  residence: recruitmentRestrictions.residence,
  explanation: recruitmentRestrictions.explanation,
  explanationFr: recruitmentRestrictions.explanationFr,
  explanationPt: recruitmentRestrictions.explanationPt,
};

export type SaveRestrictionOutcome =
  | { kind: "saved"; id: string }
  | { kind: "unchanged" }
  /** Another restriction already covers this destination, sector and residence. */
  | { kind: "duplicate" }
  | { kind: "notFound" };

const sameMatch = (
  a: Pick<RecruitmentRestrictionForm, "destination" | "sector" | "residence">,
  b: Pick<RecruitmentRestrictionForm, "destination" | "sector" | "residence">,
) => a.destination === b.destination && a.sector === b.sector && a.residence === b.residence;

/**
 * An admin creates or changes an ethical-recruitment restriction (decision record 35 part 2),
 * audited in the same transaction; the table's version moves with it, so every process reads the
 * restrictions afresh. A change made on an older version of the row is refused (StaleEditError).
 */
export async function saveRecruitmentRestriction({
  actor,
  form,
}: {
  actor: { id: string };
  form: RecruitmentRestrictionForm;
}): Promise<SaveRestrictionOutcome> {
  return db().transaction(async (tx) => {
    const all = await listRecruitmentRestrictions(tx);
    if (all.some((r) => r.id !== form.id && sameMatch(r, form))) return { kind: "duplicate" };
    const values = {
      destination: form.destination,
      sector: form.sector,
      residence: form.residence,
      explanation: form.explanation,
      explanationFr: form.explanationFr,
      explanationPt: form.explanationPt,
    };
    let id: string;
    if (form.id) {
      const before = all.find((r) => r.id === form.id);
      if (!before) return { kind: "notFound" };
      const sameWords =
        before.explanation === form.explanation &&
        before.explanationFr === form.explanationFr &&
        before.explanationPt === form.explanationPt;
      if (sameMatch(before, form) && sameWords) {
        return { kind: "unchanged" };
      }
      // On the version the form showed (decision record 37): another admin's save since is not
      // overwritten (StaleEditError, with the restriction as it is now).
      await updateAtVersion(tx, recruitmentRestrictions, {
        where: eq(recruitmentRestrictions.id, form.id),
        version: form.version,
        set: { ...values, updatedAt: new Date() },
        target: { type: "recruitment_restriction", id: form.id },
        current: RESTRICTION_FIELDS,
      });
      id = form.id;
    } else {
      const [row] = await tx
        .insert(recruitmentRestrictions)
        .values({ ...values, createdBy: actor.id })
        .returning({ id: recruitmentRestrictions.id });
      id = row!.id;
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: RESTRICTION_SAVE_AUDIT_ACTION,
      targetType: "recruitment_restriction",
      targetId: id,
      details: { ...values, created: !form.id },
    });
    return { kind: "saved", id };
  });
}

/**
 * An admin deletes a restriction, audited with what it said. Applications recorded as direct
 * applications under it keep their flag (the restriction's id becomes null). With `version` (the
 * one the list showed), one changed since is kept: StaleEditError.
 */
export async function deleteRecruitmentRestriction({
  actor,
  id,
  version,
}: {
  actor: { id: string };
  id: string;
  version?: number;
}): Promise<{ kind: "deleted" } | { kind: "notFound" }> {
  return db().transaction(async (tx) => {
    const [locked] = await tx
      .select({
        version: recruitmentRestrictions.version,
        updatedAt: recruitmentRestrictions.updatedAt,
      })
      .from(recruitmentRestrictions)
      .where(eq(recruitmentRestrictions.id, id))
      .for("update");
    const before = (await listRecruitmentRestrictions(tx)).find((r) => r.id === id);
    if (!locked || !before) return { kind: "notFound" };
    await assertVersion(tx, locked, version, { type: "recruitment_restriction", id }, before);
    await tx.delete(recruitmentRestrictions).where(eq(recruitmentRestrictions.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: RESTRICTION_DELETE_AUDIT_ACTION,
      targetType: "recruitment_restriction",
      targetId: id,
      details: {
        destination: before.destination,
        sector: before.sector,
        residence: before.residence,
        explanation: before.explanation,
        explanationFr: before.explanationFr,
        explanationPt: before.explanationPt,
      },
    });
    return { kind: "deleted" };
  });
}
