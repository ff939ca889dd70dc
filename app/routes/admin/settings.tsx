import { useTranslation } from "react-i18next";
import { Flash } from "~/app/components/flash";
import { Alert } from "~/app/components/ui/alert";
import { i18nHandle } from "~/app/i18n/namespaces";
import { resultFor, revalidateAfterStale } from "~/app/lib/action-result";
import { guardedRequest } from "~/app/lib/guarded-request";
import { shellScreen } from "~/app/lib/shell-screen";
import { requireUserAdmin } from "~/server/auth/guards.server";
import { paymentProviders } from "~/server/payments/provider.server";
import { listFeePoliciesForEditing } from "~/server/fees/fee-policies.server";
import { listRecruitmentRestrictions } from "~/server/restrictions/recruitment-restrictions.server";
import { getSiteSettingsForEditing } from "~/server/settings/settings.server";
import type { Route } from "./+types/settings";
import { runIntent } from "~/app/lib/intent-action.server";
import {
  deleteRestrictionAction,
  saveFeePolicyAction,
  saveRestrictionAction,
  saveSettings,
} from "./settings.server";
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
    feePolicies: await listFeePoliciesForEditing(),
    restrictions,
    editingRestriction: restrictions.find((r) => r.id === editId) ?? null,
    // Only these can be offered: each needs its keys in the server's environment (docs/paynow.md).
    configuredProviders: paymentProviders().map((p) => p.name as string),
  };
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireUserAdmin,
    {
      save: saveSettings,
      "fee-policy": saveFeePolicyAction,
      restriction: saveRestrictionAction,
      "restriction-delete": deleteRestrictionAction,
    },
    // The settings form posts no intent.
    { main: "save", unknown: "messages.unknownAction" },
  );

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
