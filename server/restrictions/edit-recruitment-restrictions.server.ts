import { eq } from "drizzle-orm";
import type { RecruitmentRestrictionForm } from "~/domain/recruitment-restriction-form";
import { recordAudit } from "~/server/audit/audit.server";
import { db } from "~/server/db/client.server";
import { recruitmentRestrictions } from "~/server/db/schema";
import { listRecruitmentRestrictions } from "./recruitment-restrictions.server";

export const RESTRICTION_SAVE_AUDIT_ACTION = "recruitment_restriction.save";
export const RESTRICTION_DELETE_AUDIT_ACTION = "recruitment_restriction.delete";

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
 * restrictions afresh.
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
      await tx
        .update(recruitmentRestrictions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(recruitmentRestrictions.id, form.id));
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
 * applications under it keep their flag (the restriction's id becomes null).
 */
export async function deleteRecruitmentRestriction({
  actor,
  id,
}: {
  actor: { id: string };
  id: string;
}): Promise<{ kind: "deleted" } | { kind: "notFound" }> {
  return db().transaction(async (tx) => {
    const before = (await listRecruitmentRestrictions(tx)).find((r) => r.id === id);
    if (!before) return { kind: "notFound" };
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
