import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { IncidentNoteSchema } from "~/domain/monitoring";
import type { Viewer } from "~/server/auth/guards.server";
import {
  addIncidentNote,
  runChecksNowForStaff,
  setMonitoringEnabled,
} from "~/server/monitoring/monitor.server";

// The monitoring page's intents, one handler each; the route's action only dispatches.

export async function checkNow(viewer: Viewer) {
  await runChecksNowForStaff({ actorId: viewer.id });
  return { intent: "check-now" as const, ok: true };
}

export async function switchMonitoring(viewer: Viewer, intent: "start" | "stop") {
  await setMonitoringEnabled({ actorId: viewer.id, enabled: intent === "start" });
  return { intent, ok: true };
}

export async function addNote(viewer: Viewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: IncidentNoteSchema });
  const incidentId = String(formData.get("incidentId") ?? "");
  const refused = (result: SubmissionResult<string[]>, status: number) =>
    data({ intent: "add-note" as const, incidentId, ok: false, result }, { status });
  if (submission.status !== "success") return refused(submission.reply(), 400);
  const saved = await addIncidentNote({ actorId: viewer.id, ...submission.value });
  if (!saved) {
    return refused(submission.reply({ formErrors: ["errors.incidentMissing"] }), 404);
  }
  return {
    intent: "add-note" as const,
    incidentId,
    ok: true,
    result: submission.reply({ resetForm: true }),
  };
}
