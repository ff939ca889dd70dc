import { redirectDone } from "~/app/lib/redirect-done";
import { ProgramFormSchema } from "~/domain/programs";
import {
  createProgram,
  ProgramNotFoundError,
  removeProgram,
  restoreProgram,
  setProgramActive,
  updateProgram,
} from "~/server/programs/admin.server";
import { answeringWith, savingRow } from "./catalogue-intent.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

/** A program gone since the page loaded is a 404 message; anything else is logged and a 500. */
const answering = answeringWith(
  ProgramNotFoundError,
  "errors.programNotFound",
  "admin program action failed",
);

const programIdOf = (formData: FormData) => String(formData.get("programId") ?? "");

/** intent "create" or "update": the program form. */
export const saveProgram = savingRow("program", ProgramFormSchema, answering, (actor) => ({
  create: (input) => createProgram({ actor, input }),
  update: (programId, input, version) => updateProgram({ actor, programId, input, version }),
}));

/** intent "activate" or "deactivate": on the site or off it. */
export function switchProgram({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "errors.saveProgramFailed", async () => {
    const active = intent === "activate";
    await setProgramActive({ actor: viewer, programId: programIdOf(formData), active });
    return redirectDone(request, active ? "programActivated" : "programDeactivated");
  });
}

/** intent "remove": deleted when nobody applied, archived otherwise. */
export function dropProgram({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "errors.saveProgramFailed", async () => {
    const { archived } = await removeProgram({ actor: viewer, programId: programIdOf(formData) });
    return redirectDone(request, archived ? "programArchived" : "programDeleted");
  });
}

/** intent "restore": an archived program back in the list, inactive. */
export function bringBackProgram({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "errors.saveProgramFailed", async () => {
    await restoreProgram({ actor: viewer, programId: programIdOf(formData) });
    return redirectDone(request, "programRestored");
  });
}
