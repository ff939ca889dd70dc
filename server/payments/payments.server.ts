import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, desc, eq, gt, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { PaymentProviderName } from "~/domain/enums";
import { MOBILE_PROMPT_TIMEOUT_MS } from "~/domain/payments";
import { chargesUpFront, feeSettingsFor } from "~/domain/fee-policy";
import { feeIn, formatMoney } from "~/domain/settings";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db, preparedQuery } from "~/server/db/client.server";
import { newestOwnRows } from "~/server/db/own-rows.server";
import { recordAudit } from "~/server/audit/audit.server";
import { auditLog, payments, profiles } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { moneyLocale } from "~/server/i18n/translate.server";
import { paymentReceiptEmail } from "~/server/payments/payment-mail.server";
import { refundOverpaymentAutomatically } from "./automatic-refund.server";
import { AUTOMATIC_REFUND_AUDIT_ACTION } from "./staff.server";
import { allocateReceiptNumber } from "./receipts.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { findConfirmation, registrationPolicyOf } from "~/server/fees/cost-sheet.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import {
  type CheckoutChannel,
  type PaymentProvider,
  paymentProvider,
  paymentProviderNamed,
} from "./provider.server";

export type PaymentRow = typeof payments.$inferSelect;

/** Our reference for one attempt; the provider echoes it back on verify and in webhooks. */
export function newPaymentReference() {
  return `PAY_${Date.now()}_${crypto.randomBytes(5).toString("hex").toUpperCase()}`;
}

/** Audited when a payment arrived for someone already paid (refunded automatically or by staff). */
export const OVERPAYMENT_AUDIT_ACTION = "payment.overpayment";

/**
 * Records a payment the provider has confirmed, and marks the applicant paid — exactly once per
 * reference. The unique payment_reference makes a replayed webhook, a refreshed return page, or
 * verify and webhook arriving together collapse into one payment, one notification, one receipt.
 *
 * One fee per person: the applicant's profile row is locked first, so two different references
 * paid at the same moment are decided one after the other. A payment for someone already paid
 * (a checkout opened before another was paid, or staff marked them paid by hand) is kept — the
 * money did move — but as an overpayment: no fee flag, no receipt e-mail, no "fee received"
 * notice; audited. Once committed, the call that recorded it has the provider refund it when the
 * provider can (refundOverpaymentAutomatically); otherwise it stays due for staff to refund.
 * Returns whether this call was the one that recorded it.
 */
export async function recordVerifiedPayment(
  input: PaymentToRecord & { provider: Exclude<PaymentProviderName, "manual"> },
): Promise<{ recorded: boolean; overpayment: boolean }> {
  const outcome = await inTransactionWithMail((tx) => recordPaymentIn(tx, input));
  await afterPaymentRecorded(input, outcome);
  return { recorded: outcome.recorded, overpayment: outcome.overpayment };
}

/** A payment received: by a provider (confirmed by it), or by hand (staff give its reference). */
export type PaymentToRecord = {
  userId: string;
  reference: string;
  amountMinor: number;
  currency: string;
  method: string;
  provider: PaymentProviderName;
  metadata?: Record<string, unknown>;
  /** The staff member who recorded a payment received by hand. */
  recordedBy?: string | null;
};

/**
 * The books of a payment received, in the caller's transaction (inTransactionWithMail, for the
 * receipt): the payment completed with its receipt number, and either the fee flag with the
 * "fee received" notification and the receipt e-mail, or an overpayment audited. One way for
 * every payment, a provider's or staff's Mark Paid (decision record 32).
 */
export async function recordPaymentIn(tx: Db, input: PaymentToRecord): Promise<Recorded> {
  const now = new Date();
  const [profile] = await tx
    .select({ paid: profiles.registrationFeePaid })
    .from(profiles)
    .where(eq(profiles.id, input.userId))
    .for("update");
  const overpayment = Boolean(profile?.paid);
  const metadata = overpayment
    ? { ...input.metadata, overpayment: true, refundDue: true }
    : (input.metadata ?? null);
  const inserted = await tx
    .insert(payments)
    .values({
      userId: input.userId,
      amountMinor: input.amountMinor,
      currency: input.currency,
      paymentMethod: input.method,
      provider: input.provider,
      paymentReference: input.reference,
      status: "completed",
      paymentDate: now,
      recordedBy: input.recordedBy ?? null,
      metadata,
    })
    .onConflictDoNothing({ target: payments.paymentReference })
    .returning({ id: payments.id });
  let paymentId = inserted[0]?.id;
  if (!paymentId) {
    // The attempt exists (pending since checkout, or already completed). Only the transition
    // pending → completed counts; on PostgreSQL a concurrent second caller waits for the row
    // lock, then sees "completed" and changes nothing. The metadata is added to what the
    // attempt already says (e.g. that another checkout superseded it).
    const updated = await tx
      .update(payments)
      .set({
        status: "completed",
        paymentDate: now,
        paymentMethod: input.method,
        ...(metadata ? { metadata: mergedMetadata(metadata) } : {}),
      })
      .where(
        and(
          eq(payments.paymentReference, input.reference),
          eq(payments.userId, input.userId),
          ne(payments.status, "completed"),
          ne(payments.status, "refunded"),
        ),
      )
      .returning({ id: payments.id });
    if (updated.length === 0) return { recorded: false, overpayment: false, paymentId: null };
    paymentId = updated[0]!.id;
  }
  // Every payment received gets the next receipt number of the year, in this same transaction.
  const receiptNumber = await allocateReceiptNumber(tx, now);
  await tx.update(payments).set({ receiptNumber }).where(eq(payments.id, paymentId));

  const amount = formatMoney(input.amountMinor, input.currency);
  if (overpayment) {
    await recordAudit(tx, {
      actorId: null,
      action: OVERPAYMENT_AUDIT_ACTION,
      targetType: "user",
      targetId: input.userId,
      details: {
        reference: input.reference,
        amount,
        amountMinor: input.amountMinor,
        currency: input.currency,
        provider: input.provider,
      },
    });
    return { recorded: true, overpayment: true, paymentId };
  }

  const [payer] = await tx
    .update(profiles)
    .set({ registrationFeePaid: true })
    .where(eq(profiles.id, input.userId))
    .returning({ role: profiles.role });
  // A student's fee opens study programs, not premium jobs: their texts say so.
  const student = payer?.role === "student_applicant";
  await notifyUser(tx, {
    userId: input.userId,
    kind: "payment_received",
    text: (t, lng) => {
      const values = {
        amount: formatMoney(input.amountMinor, input.currency, moneyLocale(lng)),
        reference: input.reference,
      };
      return {
        title: t("payment.notificationTitle"),
        body: t(student ? "payment.notificationBodyStudy" : "payment.notificationBody", values),
      };
    },
    link: "/dashboard/payment",
  });
  // A receipt is a record of money paid, so it is sent even when updates e-mails are off.
  await enqueueApplicantMail(tx, {
    userId: input.userId,
    evenIfTurnedOff: true,
    render: (recipient) =>
      paymentReceiptEmail({
        ...recipient,
        amountMinor: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        receiptNumber,
        receiptUrl: `/receipts/${paymentId}`,
        paidAt: now,
        method: input.method,
        student,
      }),
  });
  return { recorded: true, overpayment: false, paymentId };
}

/**
 * What follows a recorded payment once its transaction has committed: an overpayment is refunded
 * through its provider when it can (never while rows are locked), else it stays due for staff.
 */
export async function afterPaymentRecorded(
  input: Pick<PaymentToRecord, "userId" | "reference" | "provider">,
  outcome: Recorded,
) {
  if (outcome.overpayment && outcome.paymentId) {
    logger().warn(
      { userId: input.userId, reference: input.reference, provider: input.provider },
      "payment for someone already paid recorded as an overpayment to refund",
    );
    // Outside the transaction: a provider's API is never called while rows are locked. The
    // payment is recorded whatever happens here; a refund not made stays due for staff.
    await refundOverpaymentAutomatically(outcome.paymentId).catch((error: unknown) =>
      logger().error(
        { err: error, reference: input.reference },
        "automatic refund of an overpayment failed: staff refund it by hand",
      ),
    );
  } else if (outcome.recorded) {
    logger().info(
      { userId: input.userId, reference: input.reference, provider: input.provider },
      "payment recorded",
    );
  }
}

export type Recorded = { recorded: boolean; overpayment: boolean; paymentId: string | null };

/**
 * Overpayments of the last `days` days still to refund by hand, for the back-office banner (from
 * the audit trail): those the provider refunded automatically are not counted.
 */
export async function countRecentOverpaymentsForStaff(days = 30): Promise<number> {
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
  const [row] = await recentOverpaymentsQuery().execute({ since });
  return Math.max(0, (row?.received ?? 0) - (row?.refunded ?? 0));
}

// Every back-office page shows the banner's count: built once.
const recentOverpaymentsQuery = preparedQuery((db) =>
  db
    .select({
      received:
        sql<number>`count(*) filter (where ${auditLog.action} = ${OVERPAYMENT_AUDIT_ACTION})`.mapWith(
          Number,
        ),
      refunded:
        sql<number>`count(*) filter (where ${auditLog.action} = ${AUTOMATIC_REFUND_AUDIT_ACTION})`.mapWith(
          Number,
        ),
    })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, [OVERPAYMENT_AUDIT_ACTION, AUTOMATIC_REFUND_AUDIT_ACTION]),
        sql`${auditLog.createdAt} > ${sql.placeholder("since")}::timestamptz`,
      ),
    )
    .prepare("passage_recent_overpayments"),
);

/** A failed or abandoned attempt stays in the history; it never touches the fee flag. */
export async function markPaymentUnsuccessful({
  reference,
  status,
  outcome,
}: {
  reference: string;
  status: "failed" | "abandoned";
  /** What the applicant is told happened (the page's ?result=), kept on the attempt. */
  outcome?: UnsuccessfulOutcome;
}) {
  await db()
    .update(payments)
    .set(outcome ? { status, metadata: mergedMetadata({ outcome }) } : { status })
    .where(and(eq(payments.paymentReference, reference), eq(payments.status, "pending")));
}

/** Why an attempt did not pay: declined by the wallet or bank, cancelled by the payer, expired. */
export type UnsuccessfulOutcome = "declined" | "cancelled" | "timedOut" | "mismatch";

/** How a checkout ended as the payment page tells it. */
export type PaymentOutcome =
  "completed" | "pending" | "failed" | "declined" | "cancelled" | "timedOut";

function mergedMetadata(values: Record<string, unknown>) {
  return sql`coalesce(${payments.metadata}, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb`;
}

async function addPaymentMetadata(reference: string, values: Record<string, unknown>) {
  await db()
    .update(payments)
    .set({ metadata: mergedMetadata(values) })
    .where(and(eq(payments.paymentReference, reference), eq(payments.status, "pending")));
}

function isSuperseded(row: PaymentRow) {
  return row.status === "abandoned" && row.metadata?.superseded === true;
}

function outcomeOf(row: PaymentRow | null): PaymentOutcome {
  if (!row) return "failed";
  if (row.status === "completed") return "completed";
  if (row.status === "pending") return "pending";
  const outcome = row.metadata?.outcome;
  return outcome === "declined" || outcome === "cancelled" || outcome === "timedOut"
    ? outcome
    : "failed";
}

export async function findPaymentByReference(reference: string) {
  const [row] = await db().select().from(payments).where(eq(payments.paymentReference, reference));
  return row ?? null;
}

/** The owner's own payments, newest first. */
export async function listPaymentsForOwner(o: { owner: Pick<Viewer, "id">; limit?: number }) {
  return newestOwnRows(payments, payments.createdAt, o.owner.id, o.limit ?? 20);
}

export type StartPaymentResult =
  | { kind: "alreadyPaid" }
  | { kind: "completed"; reference: string }
  | { kind: "redirect"; url: string }
  // A mobile money prompt is on the applicant's phone; the page waits for it.
  | { kind: "waiting"; reference: string }
  | { kind: "pending" }
  | { kind: "failed" }
  // Their fee policy charges nothing up front (decision record 33): there is nothing to pay.
  | { kind: "noFee" }
  // They have not confirmed the cost sheet of their policy's current version.
  | { kind: "sheetUnconfirmed" };

// A checkout stays open (and is reused) this long; after it, Pay starts a new one. A late payment
// of the old one is still recorded — as an overpayment when the new one was paid too.
const CHECKOUT_OPEN_MS = 30 * 60 * 1000;

// A checkout that has no address this long after it was started was cut short (a crash mid-start).
const CHECKOUT_STARTING_MS = 60 * 1000;
// How long a second click waits for the checkout another click is starting.
const WAIT_FOR_START_MS = 8_000;

/** A pending attempt of the user's, started within CHECKOUT_OPEN_MS of `now`, matching `more`. */
function openCheckoutOf(userId: string, now: number, ...more: SQL[]) {
  return and(
    eq(payments.userId, userId),
    eq(payments.status, "pending"),
    ...more,
    gt(payments.createdAt, new Date(now - CHECKOUT_OPEN_MS)),
  );
}

type OpenCheckout =
  | { kind: "alreadyPaid" }
  | { kind: "sheetUnconfirmed" }
  | { kind: "reuse"; url: string }
  | { kind: "waiting"; reference: string }
  | { kind: "starting"; reference: string }
  | { kind: "new"; reference: string };

/**
 * Starts the registration payment for the signed-in applicant — or hands back the checkout that
 * is already open, so Pay clicked twice (or in two tabs) never leads to two payments. A person
 * has one open checkout across all providers: choosing another way to pay (or another currency)
 * supersedes the open one, unless it is still being started or is a prompt on their phone. The
 * amount and currency are read from site settings here, on the server; nothing the browser sends
 * decides them.
 */
export async function startRegistrationPayment({
  actor,
  callbackUrl,
  provider = paymentProvider(),
  channel = { kind: "web" },
  currency,
}: {
  actor: Pick<Viewer, "id" | "email" | "fullName">;
  callbackUrl: string;
  /** One of the configured providers the page offered; the main one by default. */
  provider?: PaymentProvider;
  channel?: CheckoutChannel;
  /** The currency the page offered this way of paying in; the amount is read from settings. */
  currency?: string;
}): Promise<StartPaymentResult> {
  // The fee is the one of the policy that applies to them, never charged unless it is due up
  // front and its written cost sheet, this very version, was confirmed (decision record 33).
  const policy = await registrationPolicyOf(actor.id);
  if (!chargesUpFront(policy)) return { kind: "noFee" };
  const settings = feeSettingsFor(policy, await getSiteSettings());
  const registrationFee = feeIn(settings, currency ?? settings.registrationFee.currency);
  if (!registrationFee) return { kind: "failed" };
  const now = Date.now();

  // The profile row lock makes "is one open? if not, open one" a single step per person, on
  // PostgreSQL under real concurrency as on PGlite.
  const open = await db().transaction(async (tx): Promise<OpenCheckout> => {
    const [profile] = await tx
      .select({ paid: profiles.registrationFeePaid })
      .from(profiles)
      .where(eq(profiles.id, actor.id))
      .for("update");
    if (profile?.paid) return { kind: "alreadyPaid" };
    const sheet = await findConfirmation(actor.id, policy, tx);
    if (!sheet) return { kind: "sheetUnconfirmed" };
    // One open checkout per person across every provider and currency: the newest decides.
    const pending = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.userId, actor.id), eq(payments.status, "pending")))
      .orderBy(desc(payments.createdAt));
    const existing = pending.find((p) => p.createdAt.getTime() > now - CHECKOUT_OPEN_MS);
    if (existing) {
      // A mobile money prompt still open on the phone (whichever way was chosen now): wait for
      // it rather than send a second or open another checkout beside it.
      if (
        typeof existing.metadata?.channel === "string" &&
        existing.createdAt.getTime() > now - MOBILE_PROMPT_TIMEOUT_MS
      ) {
        return { kind: "waiting", reference: existing.paymentReference };
      }
      const same =
        existing.provider === provider.name &&
        existing.amountMinor === registrationFee.amountMinor &&
        existing.currency === registrationFee.currency;
      const url = existing.metadata?.checkoutUrl;
      if (same && typeof url === "string" && channel.kind === "web") return { kind: "reuse", url };
      // Another click is starting a checkout (by any provider): it is this payment; wait for it.
      const started = typeof url === "string" || typeof existing.metadata?.pollUrl === "string";
      if ((same || !started) && existing.createdAt.getTime() > now - CHECKOUT_STARTING_MS) {
        return { kind: "starting", reference: existing.paymentReference };
      }
    }
    const reference = newPaymentReference();
    // Every checkout still pending is superseded by this one. One paid later all the same is
    // recorded (a fee if none was paid yet, else an overpayment refunded automatically).
    if (pending.length > 0) {
      await tx
        .update(payments)
        .set({
          status: "abandoned",
          metadata: mergedMetadata({
            superseded: true,
            supersededBy: reference,
            supersededAt: new Date(now).toISOString(),
          }),
        })
        .where(and(eq(payments.userId, actor.id), eq(payments.status, "pending")));
    }
    await tx.insert(payments).values({
      userId: actor.id,
      paymentReference: reference,
      amountMinor: registrationFee.amountMinor,
      currency: registrationFee.currency,
      provider: provider.name,
      paymentMethod: "pending",
      status: "pending",
      // What the receipt prints: the cost sheet confirmed before paying.
      metadata: {
        costSheet: {
          confirmationId: sheet.id,
          policyId: sheet.policyId,
          policyVersion: sheet.policyVersion,
          confirmedAt: sheet.confirmedAt.toISOString(),
        },
      },
    });
    return { kind: "new", reference };
  });

  switch (open.kind) {
    case "alreadyPaid":
      return { kind: "alreadyPaid" };
    case "sheetUnconfirmed":
      return open;
    case "reuse":
      return { kind: "redirect", url: open.url };
    case "waiting":
      return open;
    case "starting":
      return waitForCheckout(open.reference);
  }

  const reference = open.reference;
  try {
    const result = await provider.createCheckout({
      user: { id: actor.id, email: actor.email, fullName: actor.fullName },
      amountMinor: registrationFee.amountMinor,
      currency: registrationFee.currency,
      reference,
      callbackUrl,
      channel,
    });
    if (result.kind === "completed") return { kind: "completed", reference };
    if (result.kind === "redirect") {
      // Kept so the next click sends the applicant to this same checkout.
      await addPaymentMetadata(reference, { ...result.metadata, checkoutUrl: result.url });
      return { kind: "redirect", url: result.url };
    }
    if (result.kind === "waiting") {
      await addPaymentMetadata(reference, result.metadata ?? {});
      return { kind: "waiting", reference };
    }
  } catch (error) {
    logger().error({ err: error, reference }, "starting a payment failed");
  }
  await markPaymentUnsuccessful({ reference, status: "failed" });
  return { kind: "failed" };
}

/** Another click is starting this checkout: wait a little for its address or its outcome. */
async function waitForCheckout(reference: string): Promise<StartPaymentResult> {
  const deadline = Date.now() + WAIT_FOR_START_MS;
  for (;;) {
    const row = await findPaymentByReference(reference);
    if (!row || row.status === "failed") return { kind: "failed" };
    if (row.status === "completed") return { kind: "completed", reference };
    if (typeof row.metadata?.pollUrl === "string" && typeof row.metadata.channel === "string") {
      return { kind: "waiting", reference };
    }
    const url = row.metadata?.checkoutUrl;
    if (typeof url === "string") return { kind: "redirect", url };
    if (row.status !== "pending" || Date.now() >= deadline) return { kind: "pending" };
    await sleep(200);
  }
}

/**
 * The applicant came back from the provider's checkout with `reference`, or their page is waiting
 * for a mobile money prompt. Only their own reference is checked; the provider that started it is
 * asked; a refresh asks again and changes nothing once recorded.
 */
export async function verifyReturnedPayment({
  actor,
  reference,
}: {
  actor: Pick<Viewer, "id">;
  reference: string;
}): Promise<PaymentOutcome> {
  const row = await findPaymentByReference(reference.slice(0, 100));
  if (!row || row.userId !== actor.id) return "failed";
  // A checkout another one superseded may still have been paid at the provider: ask.
  if (row.status !== "pending" && !isSuperseded(row)) return outcomeOf(row);
  const provider = paymentProviderNamed(row.provider);
  if (!provider) return "failed";
  try {
    const { status } = await provider.verify(row.paymentReference);
    if (status === "completed") return "completed";
    if (status === "pending") return "pending";
    return outcomeOf(await findPaymentByReference(row.paymentReference));
  } catch (error) {
    logger().error({ err: error, reference }, "verifying a payment failed");
    // Asking failed (network); the payment itself may still go through.
    return "pending";
  }
}

/**
 * Where a payment of the applicant's stands by our own records, without asking its provider (a
 * page load writes nothing): "pending" while it is open, or when another checkout superseded it
 * (it may still have been paid at the provider; a check, verifyReturnedPayment, asks).
 */
export async function storedPaymentOutcome({
  actor,
  reference,
}: {
  actor: Pick<Viewer, "id">;
  reference: string;
}): Promise<PaymentOutcome> {
  const row = await findPaymentByReference(reference.slice(0, 100));
  if (!row || row.userId !== actor.id) return "failed";
  return isSuperseded(row) ? "pending" : outcomeOf(row);
}

/** The applicant's newest mobile money prompt still open by our records, without asking Paynow. */
export async function findOpenMobilePayment({
  actor,
}: {
  actor: Pick<Viewer, "id">;
}): Promise<{ reference: string } | null> {
  const [row] = await db()
    .select({ reference: payments.paymentReference })
    .from(payments)
    .where(openCheckoutOf(actor.id, Date.now(), sql`${payments.metadata} ? 'channel'`))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The applicant's mobile money payment still waiting on their phone, if any (they may have closed
 * the browser while it was): asked again, so the page shows where it stands. It may record the
 * payment: call it from an action, never a page load.
 */
export async function findWaitingMobilePayment({
  actor,
}: {
  actor: Pick<Viewer, "id">;
}): Promise<{ reference: string; outcome: PaymentOutcome } | null> {
  const [row] = await db()
    .select()
    .from(payments)
    .where(openCheckoutOf(actor.id, Date.now(), sql`${payments.metadata} ? 'channel'`))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) return null;
  const outcome = await verifyReturnedPayment({ actor, reference: row.paymentReference });
  return { reference: row.paymentReference, outcome };
}
