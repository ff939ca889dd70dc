import { actionFailed } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { AlertActionSchema } from "~/domain/job-alerts";
import { parseJobSearch } from "~/domain/jobs";
import { createOwnAlert, deleteOwnAlert, updateOwnAlert } from "~/server/jobs/job-alerts.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// My job alerts' intents (its action is runIntent in alerts.tsx): a new alert from a /jobs search,
// and renaming, pausing, resuming or deleting one of the applicant's own.

/** The fields of the posted intent (the schema of all of them; messages are translation keys). */
function fieldsOf(formData: FormData) {
  const parsed = AlertActionSchema.safeParse(Object.fromEntries(formData));
  if (parsed.success) return { input: parsed.data, refused: null };
  const message = parsed.error.issues[0]?.message ?? "alerts.errors.notFound";
  return { input: null, refused: actionFailed("alert", message, 400) };
}

/** The alerts page's own address, whichever page the form was on (/jobs for a new alert). */
const alertsPage = (request: Request) => new Request(new URL("/dashboard/alerts", request.url));

export async function createAlert({ request, viewer, formData }: IntentArgs<Viewer>) {
  const { input, refused } = fieldsOf(formData);
  if (!input || input.intent !== "create") return refused ?? notFound();
  const search = parseJobSearch(new URLSearchParams(formData as unknown as Record<string, string>));
  await createOwnAlert({
    viewer,
    name: input.name,
    frequency: input.frequency,
    filters: { q: search.q, country: search.country, sector: search.sector, type: search.type },
  });
  return redirectDone(alertsPage(request), "created");
}

export async function changeAlert({ request, viewer, formData }: IntentArgs<Viewer>) {
  const { input, refused } = fieldsOf(formData);
  if (!input || input.intent === "create") return refused ?? notFound();
  const found =
    input.intent === "delete"
      ? await deleteOwnAlert({ viewer, id: input.id })
      : await updateOwnAlert({
          viewer,
          id: input.id,
          ...(input.intent === "update"
            ? { name: input.name, frequency: input.frequency }
            : { paused: input.intent === "pause" }),
        });
  if (!found) return notFound(404);
  return redirectDone(
    alertsPage(request),
    { update: "updated", pause: "paused", resume: "resumed", delete: "deleted" }[input.intent],
  );
}

function notFound(status = 400) {
  return actionFailed("alert", "alerts.errors.notFound", status);
}
