import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { SavedViewFormSchema, savedViewHref } from "~/domain/saved-views";
import { logger } from "~/server/logger.server";
import {
  createSavedView,
  deleteSavedView,
  renameSavedView,
  SavedViewError,
} from "~/server/saved-views/saved-views.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// A staff member's saved views' intents (the action is runIntent in views.tsx).

const ERROR_KEYS = {
  notFound: "errors.viewNotFound",
  nameTaken: "errors.viewNameTaken",
  tooMany: "errors.tooManyViews",
} as const;

/** "create", "rename" or "delete": one schema for the three (its intent picks the fields). */
export async function saveView({ request, viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: SavedViewFormSchema });
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    return formInvalid(intent, submission.reply());
  }
  const form = submission.value;
  try {
    if (form.intent === "create") {
      const view = await createSavedView({ actor: viewer, name: form.name, query: form.query });
      const href = savedViewHref(view.query);
      return redirect(`${href}${href.includes("?") ? "&" : "?"}done=viewSaved`);
    }
    if (form.intent === "rename") {
      await renameSavedView({ actor: viewer, viewId: form.viewId, name: form.name });
      return redirectDone(request, "viewRenamed");
    }
    await deleteSavedView({ actor: viewer, viewId: form.viewId });
    return redirectDone(request, "viewDeleted");
  } catch (error) {
    if (error instanceof SavedViewError) {
      if (error.code === "nameTaken") {
        return formInvalid(
          form.intent,
          submission.reply({ fieldErrors: { name: [ERROR_KEYS.nameTaken] } }),
        );
      }
      return actionFailed(
        form.intent,
        ERROR_KEYS[error.code],
        error.code === "notFound" ? 404 : 400,
      );
    }
    logger().error({ err: error, intent: form.intent }, "saved view action failed");
    return actionFailed(form.intent, "errors.viewFailed", 500);
  }
}
