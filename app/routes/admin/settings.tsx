import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Flash } from "~/app/components/flash";
import { Alert } from "~/app/components/ui/alert";
import { i18nHandle } from "~/app/i18n/namespaces";
import {
  actionFailed,
  actionSucceeded,
  formInvalid,
  resultFor,
  staleRefused,
  revalidateAfterStale,
} from "~/app/lib/action-result";
import { guardedRequest } from "~/app/lib/guarded-request";
import { redirectDone } from "~/app/lib/redirect-done";
import { shellScreen } from "~/app/lib/shell-screen";
import { FeePolicyFormSchema } from "~/domain/fee-policy";
import {
  DeleteRecruitmentRestrictionSchema,
  RecruitmentRestrictionFormSchema,
} from "~/domain/recruitment-restriction-form";
import { SiteSettingsFormSchema } from "~/domain/settings";
import { requireUserAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { paymentProviders } from "~/server/payments/provider.server";
import { listFeePolicies } from "~/server/fees/fee-policies.server";
import { saveFeePolicy } from "~/server/fees/save-fee-policy.server";
import {
  deleteRecruitmentRestriction,
  saveRecruitmentRestriction,
} from "~/server/restrictions/edit-recruitment-restrictions.server";
import { listRecruitmentRestrictions } from "~/server/restrictions/recruitment-restrictions.server";
import { getSiteSettingsForEditing, updateSiteSettings } from "~/server/settings/settings.server";
import { editVersion, settingsChanges, StaleEditError } from "~/domain/versions";
import type { Route } from "./+types/settings";
import { FeePoliciesSection } from "./settings-fees";
import { RecruitmentRestrictionsSection } from "./settings-restrictions";
import { SettingsForm } from "./settings-form";

export const { handle, meta } = shellScreen(i18nHandle("settings"), "titles.settings");

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  await guardedRequest(request, requireUserAdmin);
  const restrictions = await listRecruitmentRestrictions();
  const editId = new URL(request.url).searchParams.get("restriction");
  return {
    // With the version the form posts back: a save over a newer one is refused (record 37).
    ...(await getSiteSettingsForEditing()),
    feePolicies: await listFeePolicies(),
    restrictions,
    editingRestriction: restrictions.find((r) => r.id === editId) ?? null,
    // Only these can be offered: each needs its keys in the server's environment (docs/paynow.md).
    configuredProviders: paymentProviders().map((p) => p.name as string),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUserAdmin(request);
  const formData = await request.formData();
  if (formData.get("intent") === "fee-policy") return saveFeePolicyAction(viewer, formData);
  if (formData.get("intent") === "restriction") {
    return saveRestrictionAction(request, viewer, formData);
  }
  if (formData.get("intent") === "restriction-delete") {
    return deleteRestrictionAction(request, viewer, formData);
  }
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
async function saveFeePolicyAction(viewer: { id: string }, formData: FormData) {
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
async function saveRestrictionAction(request: Request, viewer: { id: string }, formData: FormData) {
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
async function deleteRestrictionAction(
  request: Request,
  viewer: { id: string },
  formData: FormData,
) {
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

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  // A new form once the stored settings change, so it shows exactly what was saved (normalised
  // currency, an empty row for one more office).
  const feeReply = actionData?.intent === "fee-policy" ? actionData : null;
  const restrictionReply = actionData?.intent === "restriction" ? actionData : null;
  return (
    <div className="grid gap-6">
      <SettingsForm
        key={JSON.stringify(loaderData.settings)}
        loaderData={loaderData}
        actionData={feeReply || restrictionReply ? undefined : actionData}
      />
      {feeReply?.flash ? <Flash flash={feeReply.flash} ns="settings" /> : null}
      <FeePoliciesSection
        policies={loaderData.feePolicies}
        offices={loaderData.settings.offices.map((o) => o.city)}
        siteFee={loaderData.settings.registrationFee}
        lastResult={resultFor(feeReply, "fee-policy")}
        savedId={feeReply && "policyId" in feeReply ? String(feeReply.policyId) : null}
      />
      <RecruitmentRestrictionsSection
        restrictions={loaderData.restrictions}
        editing={loaderData.editingRestriction}
        lastResult={resultFor(restrictionReply, "restriction")}
        flash={restrictionReply?.flash}
      />
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("settings");
  return <Alert tone="error">{t("messages.failedLoad")}</Alert>;
}
