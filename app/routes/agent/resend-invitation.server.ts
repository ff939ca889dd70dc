import { data } from "react-router";
import { actionFailed } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { RESEND_PARAM } from "./resend-invitation";
import { resendAgentInvitation } from "~/server/agents/resend-invitation.server";
import type { Viewer } from "~/server/auth/guards.server";

/** An agent sends their applicant's invitation again; then back to the applicant's page. */
export async function resendIntent(request: Request, agent: Viewer, applicantId?: string) {
  const outcome = await resendAgentInvitation({ actor: agent, applicantId });
  if (outcome.ok) return redirectDone(request, "invitationSent", { drop: [RESEND_PARAM] });
  switch (outcome.error) {
    case "notFound":
      throw data("Not found", { status: 404 });
    case "confirmed":
      return actionFailed("resend", "resend.confirmed", 409);
    case "tooMany":
      return actionFailed("resend", "resend.tooMany", 429);
    case "tooSoon":
      return data(
        {
          intent: "resend",
          result: undefined,
          flash: { ok: false, message: "resend.tooSoon", count: outcome.minutes },
        },
        429,
      );
  }
}
