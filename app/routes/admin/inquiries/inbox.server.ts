import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { guardedRequest } from "~/app/lib/guarded-request";
import {
  InquiryReplySchema,
  InquiryStatusSchemas,
  isInquiryStatus,
  type InquiryKind,
} from "~/domain/inquiries";
import { isUuid } from "~/domain/ids";
import { requireStaff } from "~/server/auth/guards.server";
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
  const [list, counts, mail, detail] = await Promise.all([
    listInquiriesForStaff({ kind, status, q, page }),
    countInquiriesByStatus(kind),
    getMailHealth(),
    isUuid(id) ? getInquiryForStaff({ kind, id }) : null,
  ]);
  return {
    kind,
    list,
    counts,
    mail,
    detail,
    detailMissing: Boolean(id) && !detail,
    filters: { status: status ?? "", q },
  };
}

/**
 * What every intent answers: `message` is a translation key of the "inbox" namespace (with
 * `|count` for a plural), `id` the inquiry it concerns, so its dialog shows the answer.
 */
export type InboxResult = { ok: boolean; intent: string; message: string; id?: string };

type Handler = (o: {
  kind: InquiryKind;
  actor: { id: string };
  formData: FormData;
}) => Promise<InboxResult | ReturnType<typeof data<InboxResult>>>;

const failed = (intent: string, message: string, status: number) =>
  data<InboxResult>({ ok: false, intent, message }, status);

const HANDLERS: Record<string, Handler> = {
  async status({ kind, actor, formData }) {
    const parsed = parseWithZod(formData, { schema: InquiryStatusSchemas[kind] });
    const message = `kinds.${kind}.statusFailed`;
    if (parsed.status !== "success") return failed("status", message, 400);
    const ok = await updateInquiryStatus({ actor, kind, ...parsed.value });
    if (!ok) return failed("status", message, 404);
    const done = `kinds.${kind}.statusUpdated`;
    return { ok: true, intent: "status", message: done, id: parsed.value.id };
  },
  async reply({ kind, actor, formData }) {
    const parsed = parseWithZod(formData, { schema: InquiryReplySchema });
    if (parsed.status !== "success") return failed("reply", "replyRequired", 400);
    const ok = await replyToInquiry({ actor, kind, ...parsed.value });
    if (!ok) return failed("reply", "replyFailed", 404);
    return { ok: true, intent: "reply", message: "replySent", id: parsed.value.id };
  },
  async "retry-mail"({ actor }) {
    const count = await requeueFailedMailForStaff({ actor });
    return { ok: true, intent: "retry-mail", message: `mail.requeued|${count}` };
  },
};

export async function inboxAction(
  { request, context }: { request: Request; context: { requestId?: string } },
  kind: InquiryKind,
) {
  const actor = await requireStaff(request);
  const formData = await request.formData();
  // The status select of a list row posts no intent: a status change.
  const intent = String(formData.get("intent") ?? "status");
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent]! : null;
  if (!handler) return failed(intent, `kinds.${kind}.statusFailed`, 400);
  try {
    return await handler({ kind, actor, formData });
  } catch (error) {
    logger().error(
      { err: error, requestId: context.requestId, intent, kind },
      "inbox action failed",
    );
    return failed(intent, intent === "reply" ? "replyFailed" : `kinds.${kind}.statusFailed`, 500);
  }
}
