import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import { paymentRequiredFor } from "~/app/lib/payment-required";
import { redirectDone } from "~/app/lib/redirect-done";
import { ProgramApplySchema } from "~/domain/programs";
import { applyToProgram } from "~/server/applications/apply-program.server";
import { switchOwnApplicantRole } from "~/server/profiles/applicant-role.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// A study program's page's intents (its action is runIntent in study-program.tsx): Apply, and a
// job seeker becoming a student applicant to apply.

/** "switch-role": a job seeker becomes a student applicant (the page then offers Apply). */
export async function switchToStudent({ request, viewer }: IntentArgs<Viewer>) {
  await switchOwnApplicantRole({ viewer, to: "student_applicant" });
  return redirectDone(request, "switched");
}

/** The Apply form (no intent): an intake and a note, for the program of the page's address. */
export async function applyToThisProgram(
  { request, viewer, formData }: IntentArgs<Viewer>,
  programId: string,
) {
  const submission = parseWithZod(formData, { schema: ProgramApplySchema });
  if (submission.status !== "success") return formInvalid("apply", submission.reply());
  const applied = await applyToProgram({
    viewer,
    programId,
    intake: submission.value.intake,
    note: submission.value.note,
  });
  if (applied.ok) return redirectDone(request, "applied");
  if (applied.reason === "payment_required") {
    throw redirect(paymentRequiredFor(new URL(request.url).pathname));
  }
  const refusals = {
    duplicate: ["apply.errors.duplicate", 409],
    role: ["apply.errors.role", 403],
    intake: ["apply.errors.intake", 400],
    staff: ["apply.errors.unavailable", 403],
    not_found: ["apply.errors.unavailable", 404],
  } as const;
  const [message, status] = refusals[applied.reason];
  return actionFailed("apply", message, status, { result: submission.reply() });
}
