import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, actionSucceeded, formInvalid, staleRefused } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { type FeePolicyForm, FeePolicyFormSchema, readRefundOutcomes } from "~/domain/fee-policy";
import {
  DeleteRecruitmentRestrictionSchema,
  type RecruitmentRestrictionForm,
  RecruitmentRestrictionFormSchema,
} from "~/domain/recruitment-restriction-form";
import { SettingsFormSchema } from "~/domain/settings-form";
import { logger } from "~/server/logger.server";
import { saveFeePolicy } from "~/server/fees/save-fee-policy.server";
import {
  deleteRecruitmentRestriction,
  saveRecruitmentRestriction,
} from "~/server/restrictions/edit-recruitment-restrictions.server";
import { updateSiteSettings } from "~/server/settings/settings.server";
import { editVersion, fieldChanges, settingsChanges, StaleEditError } from "~/domain/versions";
import { serverT } from "~/server/i18n/translate.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// The site settings page's intents (its action is runIntent in settings.tsx).

/** The settings form (no intent): every site setting at once, on the version it was opened on. */
export async function saveSettings({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: SettingsFormSchema });
  // Without JavaScript the browser checks nothing, so the page also says why nothing was saved.
  if (submission.status !== "success") {
    return actionFailed("save", "messages.invalid", 400, { result: submission.reply() });
  }
  try {
    await updateSiteSettings({
      actor: viewer,
      value: submission.value,
      version: editVersion.safeParse(formData.get("version") || undefined).data,
    });
  } catch (error) {
    if (error instanceof StaleEditError) {
      // Another admin saved since this form opened: nothing written, what was typed stays in the
      // form, and the page lists each field whose saved value differs from it now.
      return staleRefused(
        "save",
        error.stale,
        { changes: settingsChanges(error.stale.current.settings, submission.value) },
        { result: submission.reply() },
      );
    }
    logger().error({ err: error }, "saving site settings failed");
    return actionFailed("save", "messages.failed", 500, { result: submission.reply() });
  }
  return redirectDone(request, "saved");
}

/** The fields of a fee policy's form, labelled as the page labels them (keys of "settings"). */
const FEE_LABELS = {
  office: "settings:fees.fields.office",
  destination: "settings:fees.fields.destination",
  path: "settings:fees.fields.path",
  kind: "settings:fees.fields.kind",
  amount: "settings:fees.fields.amount",
  currency: "settings:fees.fields.currency",
  percent: "settings:fees.fields.percent",
  covers: "settings:fees.fields.covers",
  excludes: "settings:fees.fields.excludes",
  othersPay: "settings:fees.fields.othersPay",
  refundRule: "settings:fees.fields.refundRule",
  legalBasis: "settings:fees.fields.legalBasis",
  refundStatuses: "settings:fees.outcomes.legend",
  noOfferDays: "settings:fees.outcomes.noOfferDays",
};

/**
 * Each field of a fee policy that differs between the policy as it is now and what a refused save
 * sent, worded as the form words it in the admin's language (decision record 37).
 */
async function feePolicyChanges(
  request: Request,
  now: Record<string, unknown>,
  sent: FeePolicyForm,
) {
  const t = serverT(await requestLanguage(request), "settings");
  const words = (p: Record<string, unknown>) => {
    const outcomes = readRefundOutcomes(p.refundOutcomes);
    const amount = typeof p.amountMinor === "number" ? (p.amountMinor / 100).toFixed(2) : "";
    const percent = typeof p.successBasisPoints === "number" ? p.successBasisPoints / 100 : "";
    return {
      ...p,
      path: t(`fees.paths.${(p.path as string) || "any"}`),
      kind: t(`fees.kinds.${String(p.kind)}`),
      amount,
      percent,
      refundStatuses: outcomes.statuses.map((s) => t(`fees.outcomes.statuses.${s}`)),
      noOfferDays: outcomes.noOfferDays ?? "",
    };
  };
  return fieldChanges(words(now), words(sent), FEE_LABELS);
}

/** An admin saves one fee policy (its own form on this page), audited by the service. */
export async function saveFeePolicyAction({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: FeePolicyFormSchema });
  const policyId = String(formData.get("id") ?? "");
  if (submission.status !== "success") {
    return formInvalid("fee-policy", submission.reply(), { policyId });
  }
  let outcome: Awaited<ReturnType<typeof saveFeePolicy>>;
  try {
    outcome = await saveFeePolicy({ actor: viewer, form: submission.value });
  } catch (error) {
    if (!(error instanceof StaleEditError)) throw error;
    // Another admin saved this policy since the form opened: nothing written, what was typed
    // stays in the form, and the page lists each field whose saved value differs from it now.
    return staleRefused(
      "fee-policy",
      error.stale,
      { changes: await feePolicyChanges(request, error.stale.current, submission.value) },
      { policyId, result: submission.reply() },
    );
  }
  if (outcome.kind === "saved" || outcome.kind === "unchanged") {
    return actionSucceeded(
      "fee-policy",
      outcome.kind === "saved" ? "fees.saved" : "fees.unchanged",
      {
        policyId,
      },
    );
  }
  return actionFailed("fee-policy", `fees.errors.${outcome.kind}`, 400, {
    policyId,
    result: submission.reply(),
  });
}

/** The fields of a restriction's form, labelled as the page labels them. */
const RESTRICTION_LABELS = {
  destination: "settings:restrictions.fields.destination",
  sector: "settings:restrictions.fields.sector",
  residence: "settings:restrictions.fields.residence",
  explanation: "settings:restrictions.fields.explanation",
  explanationFr: "settings:restrictions.fields.explanationFr",
  explanationPt: "settings:restrictions.fields.explanationPt",
};

/**
 * A restriction saved or deleted on an older version (decision record 37): who changed it, when,
 * and each field that differs now from what was sent (for a deletion, what it says now).
 */
async function staleRestriction(
  request: Request,
  error: StaleEditError,
  sent: Partial<RecruitmentRestrictionForm>,
  extra: object,
) {
  const lng = await requestLanguage(request);
  const t = serverT(lng, "settings");
  const tc = serverT(lng, "common");
  const words = (r: Record<string, unknown>) => ({
    ...r,
    sector: r.sector ? tc(`labels.sector.${String(r.sector)}`) : t("restrictions.anySector"),
  });
  const now = error.stale.current;
  return staleRefused(
    "restriction",
    error.stale,
    { changes: fieldChanges(words(now), sent.residence ? words(sent) : {}, RESTRICTION_LABELS) },
    extra,
  );
}

/** An admin saves one recruitment restriction (decision record 35), audited by the service. */
export async function saveRestrictionAction({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: RecruitmentRestrictionFormSchema });
  if (submission.status !== "success") return formInvalid("restriction", submission.reply());
  let outcome: Awaited<ReturnType<typeof saveRecruitmentRestriction>>;
  try {
    outcome = await saveRecruitmentRestriction({ actor: viewer, form: submission.value });
  } catch (error) {
    if (!(error instanceof StaleEditError)) throw error;
    // Nothing written; what was typed stays in the form.
    return staleRestriction(request, error, submission.value, { result: submission.reply() });
  }
  if (outcome.kind === "saved" || outcome.kind === "unchanged") {
    return redirectDone(request, "restrictionSaved", { drop: ["restriction"] });
  }
  return actionFailed("restriction", `restrictions.errors.${outcome.kind}`, 400, {
    result: submission.reply(),
  });
}

/** An admin deletes one recruitment restriction, audited by the service. */
export async function deleteRestrictionAction({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: DeleteRecruitmentRestrictionSchema });
  if (submission.status !== "success") {
    return actionFailed("restriction", "restrictions.errors.notFound", 400);
  }
  let outcome: Awaited<ReturnType<typeof deleteRecruitmentRestriction>>;
  try {
    outcome = await deleteRecruitmentRestriction({ actor: viewer, ...submission.value });
  } catch (error) {
    if (!(error instanceof StaleEditError)) throw error;
    // Changed since the list showed it: kept, and the refusal says what it says now.
    return staleRestriction(request, error, {}, {});
  }
  if (outcome.kind === "notFound") {
    return actionFailed("restriction", "restrictions.errors.notFound", 404);
  }
  return redirectDone(request, "restrictionDeleted", { drop: ["restriction"] });
}
