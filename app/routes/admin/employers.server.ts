import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, formInvalid, staleRefused } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { EmployerContactSchema, EmployerFormSchema } from "~/domain/employers";
import { editVersion, StaleEditError } from "~/domain/versions";
import {
  addEmployerContact,
  createEmployer,
  EmployerContactTakenError,
  EmployerNotFoundError,
  EmployerOfficeError,
  removeEmployer,
  removeEmployerContact,
  restoreEmployer,
  setEmployerVerified,
  updateEmployer,
} from "~/server/employers/employers.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { answeringWith } from "./catalogue-intent.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// The intents of /admin/employers (decision record 43). Every one reads the viewer's offices on
// the server: an employer of another office is "not found" whatever the form says.

const answering = answeringWith(
  EmployerNotFoundError,
  "employers.errors.notFound",
  "admin employer action failed",
  [
    [EmployerOfficeError, "employers.errors.office", 403],
    [EmployerContactTakenError, "employers.errors.contactTaken", 409],
  ],
);

const employerIdOf = (formData: FormData) => String(formData.get("employerId") ?? "");

/** The version the form or the row showed (decision record 37), or undefined. */
const versionOf = (formData: FormData) =>
  editVersion.safeParse(formData.get("version") || undefined).data;

/**
 * Runs a change made on the version the page showed: one a colleague made first is refused
 * (decision record 37) with who and when, and the employer's name now (for the verified mark,
 * whether it is verified now); `extra` goes back with it (the form's reply, kept as typed).
 */
async function atVersion<T>(intent: string, run: () => Promise<T>, extra: object = {}) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof StaleEditError)) throw error;
    const { name, verified } = error.stale.current;
    return intent === "verify" || intent === "unverify"
      ? staleRefused(
          intent,
          error.stale,
          { key: `admin:employers.badges.${verified ? "verified" : "unverified"}` },
          extra,
        )
      : staleRefused(intent, error.stale, { text: typeof name === "string" ? name : null }, extra);
  }
}

async function scopeOf(viewer: IntentArgs<Viewer>["viewer"]) {
  const [scope, settings] = await Promise.all([officeScopeFor(viewer), getSiteSettings()]);
  return { scope, allOffices: settings.offices.map((o) => o.city) };
}

/** intent "create" or "update": the employer form. */
export function saveEmployer({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "employers.errors.saveFailed", async () => {
    const submission = parseWithZod(formData, { schema: EmployerFormSchema });
    if (submission.status !== "success") return formInvalid(intent, submission.reply());
    const { scope, allOffices } = await scopeOf(viewer);
    const base = { actor: viewer, scope, allOffices, input: submission.value };
    if (intent === "create") {
      await createEmployer(base);
      return redirectDone(request, "employerCreated");
    }
    return atVersion(
      intent,
      async () => {
        await updateEmployer({
          ...base,
          employerId: employerIdOf(formData),
          version: versionOf(formData),
        });
        return redirectDone(request, "employerUpdated");
      },
      { result: submission.reply() },
    );
  });
}

/** intent "verify" or "unverify": staff checked who the employer is, or take that back. */
export function verifyEmployer({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "employers.errors.saveFailed", async () => {
    const { scope } = await scopeOf(viewer);
    const verified = intent === "verify";
    return atVersion(intent, async () => {
      await setEmployerVerified({
        actor: viewer,
        scope,
        employerId: employerIdOf(formData),
        verified,
        version: versionOf(formData),
      });
      return redirectDone(request, verified ? "employerVerified" : "employerUnverified");
    });
  });
}

/** intent "remove": deleted when no job or program names it, archived otherwise. */
export function dropEmployer({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "employers.errors.saveFailed", async () => {
    const { scope } = await scopeOf(viewer);
    return atVersion(intent, async () => {
      const { archived } = await removeEmployer({
        actor: viewer,
        scope,
        employerId: employerIdOf(formData),
        version: versionOf(formData),
      });
      return redirectDone(request, archived ? "employerArchived" : "employerDeleted");
    });
  });
}

/** intent "restore": an archived employer back in the list. */
export function bringBackEmployer({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "employers.errors.saveFailed", async () => {
    const { scope } = await scopeOf(viewer);
    return atVersion(intent, async () => {
      await restoreEmployer({
        actor: viewer,
        scope,
        employerId: employerIdOf(formData),
        version: versionOf(formData),
      });
      return redirectDone(request, "employerRestored");
    });
  });
}

/** intent "add-contact": a person at the employer (the contacts dialog). */
export function addContact({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "employers.errors.saveFailed", async () => {
    const submission = parseWithZod(formData, { schema: EmployerContactSchema });
    if (submission.status !== "success") return formInvalid(intent, submission.reply());
    const { scope } = await scopeOf(viewer);
    await addEmployerContact({
      actor: viewer,
      scope,
      employerId: employerIdOf(formData),
      input: submission.value,
    });
    return redirectDone(request, "contactAdded");
  });
}

/** intent "remove-contact". */
export function dropContact({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  return answering(intent, "employers.errors.saveFailed", async () => {
    const contactId = String(formData.get("contactId") ?? "");
    if (!contactId) return actionFailed(intent, "employers.errors.notFound", 404);
    const { scope } = await scopeOf(viewer);
    await removeEmployerContact({
      actor: viewer,
      scope,
      employerId: employerIdOf(formData),
      contactId,
    });
    return redirectDone(request, "contactRemoved");
  });
}
