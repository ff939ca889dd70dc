import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { ComplaintSchema, ScamReportSchema } from "~/domain/complaints";
import {
  ContactInquirySchema,
  type InquiryKind,
  OutsourcingInquirySchema,
} from "~/domain/inquiries";
import type { Language } from "~/domain/languages";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { actionSucceeded, formInvalid } from "~/app/lib/action-result";
import { submitContactInquiry, submitOutsourcingInquiry } from "~/server/inquiries/receive.server";
import { fileComplaint } from "~/server/complaints/file-complaint.server";
import { logger } from "~/server/logger.server";
import { readSubmissionKey } from "~/server/security/idempotency.server";
import { type RateLimitKey, secondsUntilAllowed } from "~/server/security/rate-limit-rules.server";

type Honeypot = { website?: string };
/** What is stored: the posted fields without the honeypot. */
type Inquiry<Schema extends z.ZodType> = Omit<z.output<Schema>, "website">;

/**
 * The first submission key of an inquiry page, so its form carries one before JavaScript runs
 * (SubmissionKeyField): a retry is not stored twice. Public pages: nothing to guard.
 */
export function submissionKeyLoader() {
  return { submissionKey: crypto.randomUUID() };
}

/**
 * What /contact and /outsourcing do with a posted inquiry: check it with its schema, answer a bot
 * (which fills the hidden `website` field) as if it worked while storing nothing, keep to the
 * sender's caps, then store it. It answers an ActionResult whose intent is the kind: a refusal is
 * `formInvalid` (the reply's form error says why), and `answer` shapes success.
 */
async function receiveInquiry<Schema extends z.ZodType<Honeypot>, Answer>(
  request: Request,
  context: { clientIp: string; requestId: string },
  o: {
    kind: InquiryKind;
    schema: Schema;
    caps: (inquiry: Inquiry<Schema>) => RateLimitKey[];
    submit: (o: {
      inquiry: Inquiry<Schema>;
      submissionKey: string | null;
      language: Language;
    }) => Promise<unknown>;
    /** `stored` is what `submit` returned (undefined for a bot's post, which stores nothing). */
    answer: (
      inquiry: Inquiry<Schema>,
      submission: Pick<Submission<unknown>, "reply">,
      stored?: unknown,
    ) => Answer;
  },
) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: o.schema });
  const refuse = (status: number, formError?: string) =>
    formInvalid(
      o.kind,
      submission.reply(formError ? { formErrors: [formError] } : undefined),
      {},
      status,
    );
  if (submission.status !== "success") return refuse(400);
  const { website, ...inquiry } = submission.value;
  if (website) return o.answer(inquiry, submission);
  const wait = await secondsUntilAllowed(o.caps(inquiry));
  if (wait) return refuse(429, `errors.tooManyAttempts|${wait}`);
  let stored: unknown;
  try {
    // The page's language: the sender hears back in the language they wrote in.
    const language = await requestLanguage(request);
    stored = await o.submit({ inquiry, submissionKey: readSubmissionKey(formData), language });
  } catch (error) {
    logger().error({ err: error, requestId: context.requestId }, `${o.kind} inquiry failed`);
    return refuse(500, "errors.generic");
  }
  return o.answer(inquiry, submission, stored);
}

type ActionArgs = { request: Request; context: { clientIp: string; requestId: string } };

/**
 * /contact's action: capped per client and per sender. The page then thanks the sender by name
 * and address in place of the form (`sent`), with a way to write again.
 */
export function receiveContactMessage({ request, context }: ActionArgs) {
  return receiveInquiry(request, context, {
    kind: "contact",
    schema: ContactInquirySchema,
    caps: (inquiry) => [
      [`contact:ip:${context.clientIp}`, 600, 20],
      [`contact:email:${inquiry.email}`, 3600, 5],
    ],
    submit: submitContactInquiry,
    answer: ({ name, email }) => actionSucceeded("contact", null, { sent: { name, email } }),
  });
}

/** /outsourcing's action: capped per client; the form says it was sent and empties itself. */
export function receiveQuoteRequest({ request, context }: ActionArgs) {
  return receiveInquiry(request, context, {
    kind: "outsourcing",
    schema: OutsourcingInquirySchema,
    caps: () => [[`outsourcing:ip:${context.clientIp}`, 600, 5]],
    submit: submitOutsourcingInquiry,
    answer: (_, submission) =>
      actionSucceeded("outsourcing", "form.success", {
        result: submission.reply({ resetForm: true }),
      }),
  });
}

type Filed = { reference: string; dueAt: Date } | null | undefined;

/**
 * /complaints' action (decision record 31): capped per client; a signed-in person's complaint
 * names them (`userId`), anyone else's may be anonymous. The page shows the reference and the
 * date of the answer in place of the form (`filed`; a repeat of the same post shows no reference).
 */
export function receiveComplaint({ request, context }: ActionArgs, userId: string | null) {
  return receiveInquiry(request, context, {
    kind: "complaint",
    schema: ComplaintSchema,
    caps: () => [[`complaint:ip:${context.clientIp}`, 3600, 10]],
    submit: ({ inquiry, submissionKey, language }) =>
      fileComplaint({ complaint: inquiry, userId, submissionKey, language }),
    answer: (_, __, stored) =>
      actionSucceeded("complaint", null, { filed: (stored as Filed) ?? null }),
  });
}

/** /verify's "report a suspected scam": a complaint of category "impersonation". */
export function receiveScamReport({ request, context }: ActionArgs) {
  return receiveInquiry(request, context, {
    kind: "complaint",
    schema: ScamReportSchema,
    caps: () => [[`scam-report:ip:${context.clientIp}`, 3600, 10]],
    submit: ({ inquiry, submissionKey, language }) =>
      fileComplaint({
        complaint: { ...inquiry, category: "impersonation" },
        submissionKey,
        language,
      }),
    answer: (_, __, stored) =>
      actionSucceeded("complaint", null, { filed: (stored as Filed) ?? null }),
  });
}
