import { redirectDone } from "~/app/lib/redirect-done";
import { JobFormSchema } from "~/domain/jobs";
import {
  createJob,
  deleteJob,
  JobEmployerError,
  JobNotFoundError,
  toggleJobFlag,
  updateJob,
} from "~/server/jobs/admin.server";
import { answeringWith, savingRow } from "./catalogue-intent.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

/** A job gone since the page loaded is a 404 message; anything else is logged and a 500. */
const answering = answeringWith(JobNotFoundError, "errors.jobNotFound", "admin job action failed", [
  [JobEmployerError, "employers.errors.notChoosable", 400],
]);

const jobIdOf = (formData: FormData) => String(formData.get("jobId") ?? "");

/** intent "create" or "update": the job form. */
export const saveJob = savingRow("job", JobFormSchema, answering, (actor) => ({
  create: (input) => createJob({ actor, input }),
  update: (jobId, input, version) => updateJob({ actor, jobId, input, version }),
}));

/** intent "toggle-active" or "toggle-public": the badges in the list. */
export function toggleJob({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "errors.toggleJobFailed", async () => {
    const active = intent === "toggle-active";
    await toggleJobFlag({
      actor: viewer,
      jobId: jobIdOf(formData),
      flag: active ? "isActive" : "isPublic",
    });
    return redirectDone(request, active ? "jobActiveUpdated" : "jobPublicUpdated");
  });
}

/** intent "delete": a job with applications is archived instead. */
export function removeJob({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "errors.deleteJobFailed", async () => {
    const { archived } = await deleteJob({ actor: viewer, jobId: jobIdOf(formData) });
    return redirectDone(request, archived ? "jobArchived" : "jobDeleted");
  });
}
