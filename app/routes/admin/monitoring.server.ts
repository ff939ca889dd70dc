import { parseWithZod } from "@conform-to/zod/v4";
import { formInvalid } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { IncidentNoteSchema } from "~/domain/monitoring";
import {
  addIncidentNote,
  runChecksNowForStaff,
  setMonitoringEnabled,
} from "~/server/monitoring/monitor.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// The monitoring page's intents, one handler each; the route's action only dispatches. Each change
// that succeeds goes back to the page with ?done=<key> (shown by the controls or the incident).

export async function checkNow({ request, viewer }: IntentArgs<Viewer>) {
  await runChecksNowForStaff({ actorId: viewer.id });
  return redirectDone(request, "checked", { drop: ["incident"] });
}

export async function switchMonitoring({ request, viewer, intent }: IntentArgs<Viewer>) {
  await setMonitoringEnabled({ actorId: viewer.id, enabled: intent === "start" });
  return redirectDone(request, intent === "start" ? "started" : "stopped", { drop: ["incident"] });
}

export async function addNote({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: IncidentNoteSchema });
  const incidentId = String(formData.get("incidentId") ?? "");
  if (submission.status !== "success") {
    return formInvalid(intent, submission.reply(), { incidentId });
  }
  const saved = await addIncidentNote({ actorId: viewer.id, ...submission.value });
  if (!saved) {
    const reply = submission.reply({ formErrors: ["errors.incidentMissing"] });
    return formInvalid(intent, reply, { incidentId }, 404);
  }
  return redirectDone(request, "noteSaved", { set: { incident: submission.value.incidentId } });
}
