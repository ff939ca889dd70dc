import { data } from "react-router";
import { resendAgentInvitation } from "~/server/agents/resend-invitation.server";
import type { Viewer } from "~/server/auth/guards.server";
import { actionFailed } from "./action-result";
import { redirectDone, type RedirectDoneOptions } from "./redirect-done";

// "Send the invitation again" (decision record 48) is posted from the agent's applicant page and
// from the staff applicant page: one service, and this one reading of its outcome for both.

const STATUS = { notFound: 404, confirmed: 409, tooMany: 429, tooSoon: 429 } as const;

/**
 * Sends the applicant's invitation again as `actor`, and answers: back to the page with
 * `?done=invitationSent`, else why not under `intent`, in the page's texts `<messages>.notFound`,
 * `.confirmed`, `.tooMany` and `.tooSoon` (with the minutes left as its count). The agent area
 * answers someone who is not the agent's as it answers every such page: a 404 page
 * (`notFound: "page"`); the staff page says it in its flash (`notFound: "message"`).
 */
export async function answerInvitationResend(
  request: Request,
  o: {
    actor: Viewer;
    applicantId: string | undefined;
    intent: string;
    messages: string;
    notFound: "page" | "message";
    redirect?: RedirectDoneOptions;
  },
) {
  const outcome = await resendAgentInvitation({ actor: o.actor, applicantId: o.applicantId });
  if (outcome.ok) return redirectDone(request, "invitationSent", o.redirect);
  if (outcome.error === "notFound" && o.notFound === "page") {
    throw data("Not found", { status: 404 });
  }
  const message = `${o.messages}.${outcome.error}`;
  if (outcome.error === "tooSoon") {
    return data(
      {
        intent: o.intent,
        result: undefined,
        flash: { ok: false, message, count: outcome.minutes },
      },
      STATUS.tooSoon,
    );
  }
  return actionFailed(o.intent, message, STATUS[outcome.error]);
}
