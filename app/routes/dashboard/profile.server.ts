import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { setOwnVerifyListing } from "~/server/trust/verify-listing.server";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { isApplicantRole } from "~/domain/enums";
import { ProfileSchema } from "~/domain/profile";
import type { Viewer } from "~/server/auth/guards.server";
import { requestDataExport } from "~/server/privacy/data-export.server";
import { eraseAccount, passwordMatches } from "~/server/privacy/erase-account.server";
import { auth } from "~/server/auth/auth.server";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import { forwardCookies } from "~/app/routes/auth/auth.server";
import { updateOwnProfile } from "~/server/profiles/profile.server";
import { setPhoneChannels } from "~/server/phone/choices.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";

// The profile page's intents (its action is runIntent in profile.tsx).

/** The profile form (no intent): the person's own details and preferences. */
export async function saveProfile({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") return formInvalid("profile", submission.reply());
  await updateOwnProfile(viewer, submission.value);
  // A redirect, so a reload does not post again; the page says it was saved (?done=saved).
  return redirectDone(request, "saved");
}

/** "export": prepares a "download my data" archive (not more often than the service allows). */
export async function startDataExport({ request, viewer }: IntentArgs<Viewer>) {
  const started = await requestDataExport({ owner: viewer });
  if (!started.ok) return actionFailed("export", "profile.data.tooOften", 429);
  return redirectDone(request, "exportStarted");
}

/** "verify-listing": a staff member agrees (or no longer) that /verify confirms their name. */
export async function setVerifyListing({ request, viewer, formData }: IntentArgs<Viewer>) {
  const listed = formData.get("listed") === "yes";
  if (!(await setOwnVerifyListing(viewer, listed))) {
    return actionFailed("verify-listing", "profile.verifyListing.notStaff", 403);
  }
  return redirectDone(request, listed ? "verifyListed" : "verifyUnlisted");
}

/** "phone-channels": an applicant says yes or no to notices on WhatsApp and by SMS. */
export async function savePhoneChannels({ request, viewer, formData }: IntentArgs<Viewer>) {
  const result = await setPhoneChannels(viewer, {
    whatsapp: formData.get("whatsapp") === "on",
    sms: formData.get("sms") === "on",
  });
  if (!result.ok) {
    return actionFailed(
      "phone-channels",
      result.reason === "unavailable"
        ? "profile.channels.unavailableRefused"
        : `profile.channels.${result.reason}`,
      result.reason === "notApplicant" ? 403 : 400,
    );
  }
  return redirectDone(request, "channelsSaved");
}

/** "delete": an applicant erases their own account, with their password. */
export async function deleteOwnAccount({ request, viewer, formData }: IntentArgs<Viewer>) {
  if (!isApplicantRole(viewer.role))
    return actionFailed("delete", "profile.delete.notApplicant", 403);
  const tries = await consumeRateLimit(`delete-account:${viewer.id}`, { window: 15 * 60, max: 5 });
  if (!tries.allowed) return actionFailed("delete", "profile.delete.tooMany", 429);
  if (!(await passwordMatches(viewer.id, String(formData.get("password") ?? ""))))
    return actionFailed("delete", "profile.delete.wrongPassword", 400);
  const signOut = await auth().api.signOut({ headers: request.headers, asResponse: true });
  await eraseAccount({ actor: viewer, userId: viewer.id, by: "self" });
  throw redirect("/auth?done=accountDeleted", { headers: forwardCookies(signOut) });
}
