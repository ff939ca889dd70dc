import { redirect } from "react-router";
import { actionFailed, actionSucceeded } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { safeRedirect } from "~/domain/auth";
import { SaveJobSchema } from "~/domain/saved-jobs";
import { saveJob, unsaveJob } from "~/server/jobs/saved-jobs.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// Saving a job (its action is runIntent in saved-jobs.tsx): "save" and "unsave", posted from a
// job's card, its page or this list; `stay` answers in place (the card's button with JavaScript).

export async function saveOrUnsave({ request, viewer, formData }: IntentArgs<Viewer>) {
  const parsed = SaveJobSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return actionFailed("save", "saved.errors.notFound", 404);
  const { intent, jobId, redirectTo } = parsed.data;
  if (intent === "save") {
    if (!(await saveJob({ viewer, jobId }))) {
      return actionFailed("save", "saved.errors.notFound", 404);
    }
  } else {
    await unsaveJob({ viewer, jobId });
  }
  if (formData.has("stay")) return actionSucceeded("save", null, { saved: intent === "save" });
  const back = safeRedirect(redirectTo, "");
  if (back && new URL(back, "http://x").pathname !== new URL(request.url).pathname) {
    throw redirect(back);
  }
  return redirectDone(request, intent === "save" ? "saved" : "removed");
}
