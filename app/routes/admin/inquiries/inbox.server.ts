import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, actionSucceeded, staleRefused } from "~/app/lib/action-result";
import { guardedRequest } from "~/app/lib/guarded-request";
import { redirectDone } from "~/app/lib/redirect-done";
import {
  InquiryReplySchema,
  InquiryStatusSchemas,
  isInquiryStatus,
  type InquiryKind,
} from "~/domain/inquiries";
import { ComplaintAssignSchema, ComplaintReplySchema } from "~/domain/complaints";
import { isUuid } from "~/domain/ids";
import { StaleEditError } from "~/domain/versions";
import { requireStaff } from "~/server/auth/guards.server";
import {
  assignComplaint,
  ComplaintOwnerError,
  listComplaintOwners,
} from "~/server/complaints/handle-complaint.server";
import {
  countInquiriesByStatus,
  getInquiryForStaff,
  listInquiriesForStaff,
  replyToInquiry,
  updateInquiryStatus,
} from "~/server/inquiries/staff.server";
import { logger } from "~/server/logger.server";
import { requeueFailedMailForStaff } from "~/server/mail/requeue.server";
import { getMailHealth } from "~/server/mail/sender.server";

// The loader and the per-intent handlers of the back-office inbox, one for both kinds of inquiry:
// /admin/inquiries (contact messages) and /admin/outsourcing (quote requests).

/** The list with its filters and counts, the mail health, and the inquiry opened with ?id=. */
export async function loadInbox<K extends InquiryKind>(request: Request, kind: K) {
  const { url, page } = await guardedRequest(request, requireStaff);
  const asked = url.searchParams.get("status");
  const status = isInquiryStatus(kind, asked) ? asked : undefined;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const id = url.searchParams.get("id");
  const [list, counts, mail, detail, owners] = await Promise.all([
    listInquiriesForStaff({ kind, status, q, page }),
    countInquiriesByStatus(kind),
    getMailHealth(),
    isUuid(id) ? getInquiryForStaff({ kind, id }) : null,
    // Who a complaint may be given to (decision record 31).
    kind === "complaint" && isUuid(id) ? listComplaintOwners() : [],
  ]);
  return {
    kind,
    owners,
    // A complaint past its deadline is marked: the server's clock, so the page reads the same.
    now: Date.now(),
    list,
    counts,
    mail,
    detail,
    detailMissing: Boolean(id) && !detail,
    filters: { status: status ?? "", q },
  };
}

type Handler = (o: {
  request: Request;
  kind: InquiryKind;
  actor: { id: string };
  formData: FormData;
}) => Promise<Response | ReturnType<typeof actionSucceeded> | ReturnType<typeof actionFailed>>;

// Each answer carries the inquiry it concerns (`id`), so its dialog shows it; messages are keys
// of the "inbox" namespace.
const HANDLERS: Record<string, Handler> = {
  // A status change answers in place: the list's row select saves it without leaving the list.
  async status({ kind, actor, formData }) {
    const parsed = parseWithZod(formData, { schema: InquiryStatusSchemas[kind] });
    const failed = `kinds.${kind}.statusFailed`;
    if (parsed.status !== "success") return actionFailed("status", failed, 400);
    const { id } = parsed.value;
    let ok: boolean;
    try {
      ok = await updateInquiryStatus({ actor, kind, ...parsed.value });
    } catch (error) {
      if (error instanceof StaleEditError) return staleInquiry("status", kind, error, { id });
      throw error;
    }
    if (!ok) return actionFailed("status", failed, 404, { id });
    return actionSucceeded("status", `kinds.${kind}.statusUpdated`, { id });
  },
  // A reply is mailed: back to the open inquiry (?id=), so a reload does not send it twice.
  async reply({ request, actor, kind, formData }) {
    const parsed = parseWithZod(formData, {
      schema: kind === "complaint" ? ComplaintReplySchema : InquiryReplySchema,
    });
    const posted = formData.get("id");
    const id = isUuid(posted) ? posted : undefined;
    if (parsed.status !== "success") return actionFailed("reply", "replyRequired", 400, { id });
    let ok: boolean;
    try {
      ok = await replyToInquiry({ actor, kind, ...parsed.value });
    } catch (error) {
      // Answered or moved by a colleague since it was opened: nothing sent, the reply kept.
      if (error instanceof StaleEditError) {
        return staleInquiry("reply", kind, error, { id, kept: { body: parsed.value.body } });
      }
      throw error;
    }
    if (!ok) return actionFailed("reply", "replyFailed", 404, { id });
    return redirectDone(request, "replySent");
  },
  // A complaint given to a staff member: back to it, like a reply.
  async assign({ request, actor, kind, formData }) {
    const parsed = parseWithZod(formData, { schema: ComplaintAssignSchema });
    const posted = formData.get("id");
    const id = isUuid(posted) ? posted : undefined;
    if (kind !== "complaint" || parsed.status !== "success") {
      return actionFailed("assign", "complaint.assignFailed", 400, { id });
    }
    try {
      if (!(await assignComplaint({ actor, ...parsed.value }))) {
        return actionFailed("assign", "complaint.assignFailed", 404, { id });
      }
    } catch (error) {
      if (error instanceof ComplaintOwnerError) {
        return actionFailed("assign", "complaint.assignFailed", 400, { id });
      }
      // Given to someone or moved by a colleague since it was opened: who owns it now.
      if (error instanceof StaleEditError) {
        const owner = error.stale.current.owner;
        return staleRefused(
          "assign",
          error.stale,
          { text: typeof owner === "string" ? owner : null },
          { id },
        );
      }
      throw error;
    }
    return redirectDone(request, "assigned");
  },
  // The count of e-mails queued again is known only here, so the answer stays on the page.
  async "retry-mail"({ actor }) {
    const count = await requeueFailedMailForStaff({ actor });
    return actionSucceeded("retry-mail", { message: "mail.requeued", count });
  },
};

/**
 * A change or reply made on an older version of the inquiry (decision record 37): who changed it,
 * when, and the status it has now; the dialog shows the newer replies once the page reloads it.
 */
function staleInquiry<Extra extends object>(
  intent: string,
  kind: InquiryKind,
  error: StaleEditError,
  extra: Extra,
) {
  const status = String(error.stale.current.status ?? "");
  return staleRefused(intent, error.stale, { key: `inbox:status.${kind}.${status}` }, extra);
}

export async function inboxAction(
  { request, context }: { request: Request; context: { requestId?: string } },
  kind: InquiryKind,
) {
  const actor = await requireStaff(request);
  const formData = await request.formData();
  // The status select of a list row posts no intent: a status change.
  const intent = String(formData.get("intent") ?? "status");
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent]! : null;
  if (!handler) return actionFailed(intent, `kinds.${kind}.statusFailed`, 400);
  try {
    return await handler({ request, kind, actor, formData });
  } catch (error) {
    logger().error(
      { err: error, requestId: context.requestId, intent, kind },
      "inbox action failed",
    );
    const message = intent === "reply" ? "replyFailed" : `kinds.${kind}.statusFailed`;
    return actionFailed(intent, message, 500);
  }
}
