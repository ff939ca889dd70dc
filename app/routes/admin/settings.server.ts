import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, actionSucceeded, formInvalid, staleRefused } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { FeePolicyFormSchema } from "~/domain/fee-policy";
import {
  DeleteRecruitmentRestrictionSchema,
  RecruitmentRestrictionFormSchema,
} from "~/domain/recruitment-restriction-form";
import { SiteSettingsFormSchema } from "~/domain/settings";
import { logger } from "~/server/logger.server";
import { saveFeePolicy } from "~/server/fees/save-fee-policy.server";
import {
  deleteRecruitmentRestriction,
  saveRecruitmentRestriction,
} from "~/server/restrictions/edit-recruitment-restrictions.server";
import { updateSiteSettings } from "~/server/settings/settings.server";
import { editVersion, settingsChanges, StaleEditError } from "~/domain/versions";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// The site settings page's intents (its action is runIntent in settings.tsx).

/** The settings form (no intent): every site setting at once, on the version it was opened on. */
export async function saveSettings({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: SiteSettingsFormSchema });
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

/** An admin saves one fee policy (its own form on this page), audited by the service. */
export async function saveFeePolicyAction({ viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: FeePolicyFormSchema });
  const policyId = String(formData.get("id") ?? "");
  if (submission.status !== "success") {
    return formInvalid("fee-policy", submission.reply(), { policyId });
  }
  const outcome = await saveFeePolicy({ actor: viewer, form: submission.value });
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

/** An admin saves one recruitment restriction (decision record 35), audited by the service. */
export async function saveRestrictionAction({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: RecruitmentRestrictionFormSchema });
  if (submission.status !== "success") return formInvalid("restriction", submission.reply());
  const outcome = await saveRecruitmentRestriction({ actor: viewer, form: submission.value });
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
  const outcome = await deleteRecruitmentRestriction({ actor: viewer, id: submission.value.id });
  if (outcome.kind === "notFound") {
    return actionFailed("restriction", "restrictions.errors.notFound", 404);
  }
  return redirectDone(request, "restrictionDeleted", { drop: ["restriction"] });
}
