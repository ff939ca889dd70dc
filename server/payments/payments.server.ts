import crypto from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import type { PaymentProviderName } from "../../domain/enums";
import { formatMoney } from "../../domain/settings";
import type { Viewer } from "../auth/guards.server";
import { config } from "../config.server";
import { db } from "../db/client.server";
import { payments, profiles } from "../db/schema";
import { logger } from "../logger.server";
import { enqueueMail } from "../mail/outbox.server";
import { notifyUser } from "../notifications/notifications.server";
import { getSiteSettings } from "../settings/settings.server";
import { paymentProvider } from "./provider.server";

export type PaymentRow = typeof payments.$inferSelect;

/** Our reference for one attempt; the provider echoes it back on verify and in webhooks. */
export function newPaymentReference() {
  return `PAY_${Date.now()}_${crypto.randomBytes(5).toString("hex").toUpperCase()}`;
}

/**
 * Records a payment the provider has confirmed, and marks the applicant paid — exactly once per
 * reference. The unique payment_reference makes a replayed webhook, a refreshed return page, or
 * verify and webhook arriving together collapse into one payment, one notification, one receipt.
 * Returns whether this call was the one that recorded it.
 */
export async function recordVerifiedPayment(input: {
  userId: string;
  reference: string;
  amountMinor: number;
  currency: string;
  method: string;
  provider: Exclude<PaymentProviderName, "manual">;
  metadata?: Record<string, unknown>;
}): Promise<{ recorded: boolean }> {
  const now = new Date();
  const recorded = await db().transaction(async (tx) => {
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
        metadata: input.metadata ?? null,
      })
      .onConflictDoNothing({ target: payments.paymentReference })
      .returning({ id: payments.id });
    if (inserted.length === 0) {
      // The attempt exists (pending since checkout, or already completed). Only the transition
      // pending → completed counts; on PostgreSQL a concurrent second caller waits for the row
      // lock, then sees "completed" and changes nothing.
      const updated = await tx
        .update(payments)
        .set({
          status: "completed",
          paymentDate: now,
          paymentMethod: input.method,
          metadata: input.metadata ?? null,
        })
        .where(
          and(
            eq(payments.paymentReference, input.reference),
            eq(payments.userId, input.userId),
            ne(payments.status, "completed"),
          ),
        )
        .returning({ id: payments.id });
      if (updated.length === 0) return false;
    }

    const [profile] = await tx
      .update(profiles)
      .set({ registrationFeePaid: true })
      .where(eq(profiles.id, input.userId))
      .returning({ email: profiles.email, fullName: profiles.fullName });
    const amount = formatMoney(input.amountMinor, input.currency);
    await notifyUser(tx, {
      userId: input.userId,
      kind: "payment_received",
      title: "Registration fee received",
      body: `We received your registration payment of ${amount} (reference ${input.reference}). Premium jobs are now open to you.`,
      link: "/dashboard/payment",
    });
    if (profile) {
      // A receipt is a record of money paid, so it is sent even when updates e-mails are off.
      await enqueueMail(tx, {
        to: profile.email,
        subject: `Payment receipt ${input.reference}`,
        text: [
          `Hello ${profile.fullName},`,
          "",
          `Thank you: we received your registration fee of ${amount}.`,
          `Reference: ${input.reference}`,
          `Date: ${now.toISOString().slice(0, 10)}`,
          "",
          `Premium jobs are now open to you: ${config().baseUrl}/jobs`,
        ].join("\n"),
      });
    }
    return true;
  });
  if (recorded) {
    logger().info(
      { userId: input.userId, reference: input.reference, provider: input.provider },
      "payment recorded",
    );
  }
  return { recorded };
}

/** A checkout we started: kept as "pending" so a later verify or webhook can be tied to its user. */
export async function createPendingPayment(input: {
  userId: string;
  reference: string;
  amountMinor: number;
  currency: string;
  provider: Exclude<PaymentProviderName, "manual">;
}) {
  await db().insert(payments).values({
    userId: input.userId,
    paymentReference: input.reference,
    amountMinor: input.amountMinor,
    currency: input.currency,
    provider: input.provider,
    paymentMethod: "pending",
    status: "pending",
  });
}

/** A failed or abandoned attempt stays in the history; it never touches the fee flag. */
export async function markPaymentUnsuccessful(reference: string, status: "failed" | "abandoned") {
  await db()
    .update(payments)
    .set({ status })
    .where(and(eq(payments.paymentReference, reference), eq(payments.status, "pending")));
}

export async function findPaymentByReference(reference: string) {
  const [row] = await db().select().from(payments).where(eq(payments.paymentReference, reference));
  return row ?? null;
}

export async function listPaymentsForOwner(owner: Pick<Viewer, "id">, limit = 20) {
  return db()
    .select()
    .from(payments)
    .where(eq(payments.userId, owner.id))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

export type StartPaymentResult =
  | { kind: "alreadyPaid" }
  | { kind: "completed"; reference: string }
  | { kind: "redirect"; url: string }
  | { kind: "failed" };

/**
 * Starts the registration payment for the signed-in applicant. The amount and currency are read
 * from site settings here, on the server; nothing the browser sends decides them.
 */
export async function startRegistrationPayment({
  actor,
  callbackUrl,
}: {
  actor: Pick<Viewer, "id" | "email" | "fullName">;
  callbackUrl: string;
}): Promise<StartPaymentResult> {
  const [profile] = await db()
    .select({ paid: profiles.registrationFeePaid })
    .from(profiles)
    .where(eq(profiles.id, actor.id));
  if (profile?.paid) return { kind: "alreadyPaid" };

  const { registrationFee } = await getSiteSettings();
  const provider = paymentProvider();
  const reference = newPaymentReference();
  await createPendingPayment({
    userId: actor.id,
    reference,
    amountMinor: registrationFee.amountMinor,
    currency: registrationFee.currency,
    provider: provider.name,
  });
  try {
    const result = await provider.createCheckout({
      user: { id: actor.id, email: actor.email, fullName: actor.fullName },
      amountMinor: registrationFee.amountMinor,
      currency: registrationFee.currency,
      reference,
      callbackUrl,
    });
    if (result.kind === "completed") return { kind: "completed", reference };
    if (result.kind === "redirect") return { kind: "redirect", url: result.url };
  } catch (error) {
    logger().error({ err: error, reference }, "starting a payment failed");
  }
  await markPaymentUnsuccessful(reference, "failed");
  return { kind: "failed" };
}

/**
 * The applicant came back from the provider's checkout with `reference`. Only their own
 * reference is checked; a refresh asks again and changes nothing once recorded.
 */
export async function verifyReturnedPayment({
  actor,
  reference,
}: {
  actor: Pick<Viewer, "id">;
  reference: string;
}): Promise<"completed" | "failed" | "pending"> {
  const row = await findPaymentByReference(reference.slice(0, 100));
  if (!row || row.userId !== actor.id) return "failed";
  if (row.status === "completed") return "completed";
  try {
    const { status } = await paymentProvider().verify(row.paymentReference);
    if (status === "completed") return "completed";
    if (status === "pending") return "pending";
    return "failed";
  } catch (error) {
    logger().error({ err: error, reference }, "verifying a payment failed");
    return "failed";
  }
}
