import { chargesUpFront, feeSettingsFor } from "~/domain/fee-policy";
import { settingText } from "~/domain/setting-texts";
import { PAY_RESULTS, type PayResult } from "~/domain/payments";
import { profileCompletion } from "~/domain/profile";
import type { Viewer } from "~/server/auth/guards.server";
import { config } from "~/server/config.server";
import { findConfirmation, registrationPolicyOf } from "~/server/fees/cost-sheet.server";
import { readPremiumFacts } from "~/server/fees/fee-policies.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { type OfferedMethod, paymentMethodsFor } from "./offer.server";
import {
  findOpenMobilePayment,
  findWaitingMobilePayment,
  listPaymentsForOwner,
  type PaymentOutcome,
  type PaymentRow,
  startRegistrationPayment,
  storedPaymentOutcome,
  verifyReturnedPayment,
} from "./payments.server";

// The applicant's payment page (/dashboard/payment) as a service: what it shows, read from our
// records only (a page load writes nothing, however often it reloads), and the two things it
// posts: "check" (ask the provider how a checkout or a phone prompt went, and record a payment
// that went through) and "pay" (start a checkout by one of the offered ways).

const PAGE = "/dashboard/payment";
const resultPage = (result: PayResult) => `${PAGE}?result=${result}`;
const waitingPage = (reference: string) => `${PAGE}?waiting=${encodeURIComponent(reference)}`;
const toResult = (outcome: PaymentOutcome): PayResult =>
  outcome === "completed" ? "success" : outcome;

/**
 * What the payment page shows for `url`, or where it sends the applicant instead (a checkout or
 * prompt that has ended, by our records). `checking`: back from a provider's checkout whose
 * payment our records do not know yet; the page asks the provider by posting "check".
 */
export async function readPaymentPage({
  viewer,
  url,
  lng,
}: {
  viewer: Viewer;
  url: URL;
  /** The page's language: the settings' refund policy is shown in it when staff wrote it. */
  lng: string;
}) {
  // Back from the provider's checkout (Paystack adds ?reference= and ?trxref=, Paynow's return
  // address carries ?reference=).
  const returned = url.searchParams.get("reference") ?? url.searchParams.get("trxref");
  let checking: { reference: string } | null = null;
  if (returned) {
    const outcome = await storedPaymentOutcome({ actor: viewer, reference: returned });
    if (outcome !== "pending") return { redirectTo: resultPage(toResult(outcome)), page: null };
    checking = { reference: returned.slice(0, 100) };
  }

  // A mobile money prompt on the applicant's phone: the page reloads itself every few seconds and,
  // with JavaScript, posts "check" as often, until the prompt is answered. Without ?waiting= (the
  // browser was closed meanwhile) the newest open prompt is looked up.
  let waiting: { reference: string } | null = null;
  const waitingFor = url.searchParams.get("waiting");
  // Paid while this page waited (Paynow's status update came first): say so.
  if (waitingFor && viewer.registrationFeePaid) {
    return { redirectTo: resultPage("success"), page: null };
  }
  if (!viewer.registrationFeePaid && !checking) {
    const open = waitingFor
      ? {
          reference: waitingFor,
          outcome: await storedPaymentOutcome({ actor: viewer, reference: waitingFor }),
        }
      : url.searchParams.has("result")
        ? null
        : await openPromptOf(viewer);
    if (open && open.outcome === "pending") waiting = { reference: open.reference };
    else if (open && (waitingFor || open.outcome === "completed")) {
      return { redirectTo: resultPage(toResult(open.outcome)), page: null };
    }
  }

  const [siteSettings, history, policy, facts] = await Promise.all([
    getSiteSettings(),
    listPaymentsForOwner({ owner: viewer }),
    registrationPolicyOf(viewer.id),
    readPremiumFacts(viewer.id),
  ]);
  // The fee, and whether there is one, is the policy's that applies to them (decision record 33).
  const feeDue = chargesUpFront(policy);
  const settings = feeSettingsFor(policy, siteSettings);
  const confirmation = feeDue ? await findConfirmation(viewer.id, policy) : null;
  const rawResult = url.searchParams.get("result");
  let result = (PAY_RESULTS as readonly string[]).includes(rawResult ?? "")
    ? (rawResult as PayResult)
    : null;
  // Only a real payment shows success; a hand-typed ?result=success does not.
  if (result === "success" && !viewer.registrationFeePaid) result = null;
  const waitingRow = waiting ? history.find((p) => p.paymentReference === waiting.reference) : null;

  const methods = (feeDue ? paymentMethodsFor(viewer, settings) : []).map((m) => ({
    method: m.method,
    provider: m.provider.name,
    fee: m.fee,
  }));
  return {
    redirectTo: null,
    page: {
      paid: viewer.registrationFeePaid,
      // A student's fee opens study programs: the page says so.
      student: viewer.role === "student_applicant",
      // The fee in the currency of the way offered first; each way shows its own on its button.
      fee: {
        ...(methods[0]?.fee ?? settings.registrationFee),
        refundPolicy: settingText(settings, "registrationFee.refundPolicy", lng),
      },
      methods,
      feeDue,
      // The written cost sheet: what the fee covers and does not, who else pays, the refund rule
      // and the legal basis; confirmed once per policy version before any payment.
      sheet: {
        policyId: policy.id,
        version: policy.version,
        kind: policy.kind,
        amountMinor: policy.amountMinor,
        currency: policy.currency,
        successBasisPoints: policy.successBasisPoints,
        covers: policy.covers,
        excludes: policy.excludes,
        othersPay: policy.othersPay,
        refundRule: policy.refundRule,
        legalBasis: policy.legalBasis,
        confirmedAt: confirmation?.confirmedAt.toISOString() ?? null,
      },
      // Under no up-front fee, premium jobs open when registration is complete.
      registration: {
        profileComplete: facts ? profileCompletion(facts) === 100 : false,
        hasCv: facts?.hasCv ?? false,
        premiumUnlocked: viewer.premiumUnlocked,
      },
      // Why they were sent here: a premium job asks the fee, or (a destination that asks no fee)
      // their registration.
      notice: noticeOf(url.searchParams.get("notice")),
      result,
      checking,
      waiting: waitingRow
        ? {
            reference: waitingRow.paymentReference,
            wallet: String(waitingRow.metadata?.channel ?? ""),
            phone: String(waitingRow.metadata?.phone ?? ""),
            amountMinor: waitingRow.amountMinor,
            currency: waitingRow.currency,
          }
        : null,
      history: history.map(historyEntry),
    },
  };
}

async function openPromptOf(viewer: Viewer) {
  const open = await findOpenMobilePayment({ actor: viewer });
  return open ? { reference: open.reference, outcome: "pending" as const } : null;
}

function historyEntry(p: PaymentRow) {
  return {
    id: p.id,
    amountMinor: p.amountMinor,
    currency: p.currency,
    // Before the provider says how (a payment never finished), the way it was started.
    method:
      p.paymentMethod !== "pending"
        ? p.paymentMethod
        : p.metadata?.channel === "ecocash" || p.metadata?.channel === "onemoney"
          ? p.metadata.channel
          : `via.${p.provider}`,
    reference: p.paymentReference,
    receiptNumber: p.status === "completed" || p.status === "refunded" ? p.receiptNumber : null,
    status: p.status,
    // Paid again after the fee was already paid: given back by the provider at once, or by staff.
    refundDue:
      p.metadata?.overpayment === true &&
      p.status === "completed" &&
      p.metadata.refundDue !== false,
    refundedAutomatically:
      p.status === "refunded" &&
      (p.metadata?.refund as { automatic?: boolean } | undefined)?.automatic === true,
    // A refund staff recorded (a refund rule's outcome): how much, and why.
    refunded: refundOf(p),
    date: (p.paymentDate ?? p.createdAt).toISOString(),
  };
}

function refundOf(p: { status: string; amountMinor: number; metadata: unknown }) {
  const refund = (p.metadata as { refund?: Record<string, unknown> } | null)?.refund;
  if (p.status !== "refunded" || !refund || refund.automatic === true) return null;
  return {
    amountMinor: typeof refund.amountMinor === "number" ? refund.amountMinor : p.amountMinor,
    reason: typeof refund.reason === "string" ? refund.reason : "",
  };
}

/**
 * "check": asks the provider how the checkout or phone prompt `reference` went and records a
 * payment that went through (once, whoever asks first: this, a reload's check or the provider's
 * own update). Where the page goes next: the outcome, or on waiting for a prompt still open.
 */
export async function checkPayment({
  actor,
  reference,
  prompt,
}: {
  actor: Pick<Viewer, "id">;
  reference: string;
  /** The page is waiting for a prompt on the applicant's phone (not back from a checkout). */
  prompt: boolean;
}): Promise<string> {
  const outcome = await verifyReturnedPayment({ actor, reference });
  if (outcome === "pending" && prompt) return waitingPage(reference);
  return resultPage(toResult(outcome));
}

/** The ways this applicant may pay now, or null when their policy charges nothing up front. */
export async function offeredPaymentMethods(viewer: Viewer): Promise<OfferedMethod[] | null> {
  const policy = await registrationPolicyOf(viewer.id);
  if (!chargesUpFront(policy)) return null;
  return paymentMethodsFor(viewer, feeSettingsFor(policy, await getSiteSettings()));
}

/**
 * "pay": starts the registration payment the chosen way. Where the page goes next (the provider's
 * checkout, the wait for the phone, the outcome), or why nothing was started.
 */
export async function payRegistrationFee({
  viewer,
  chosen,
  phone,
}: {
  viewer: Viewer;
  chosen: OfferedMethod;
  phone?: string;
}): Promise<{ redirectTo: string } | { refused: "sheetUnconfirmed" }> {
  // A prompt sent before may have been approved meanwhile (its update not here yet) or still be
  // open: ask Paynow first, so trying again never pays twice.
  const open = await findWaitingMobilePayment({ actor: viewer });
  if (open?.outcome === "completed") return { redirectTo: resultPage("success") };
  if (open?.outcome === "pending") return { redirectTo: waitingPage(open.reference) };
  const method = chosen.method;
  const outcome = await startRegistrationPayment({
    actor: viewer,
    callbackUrl: `${config().baseUrl}${PAGE}`,
    provider: chosen.provider,
    currency: chosen.fee.currency,
    channel:
      (method === "ecocash" || method === "onemoney") && phone
        ? { kind: "mobile", method, phone }
        : { kind: "web" },
  });
  switch (outcome.kind) {
    case "completed":
      return { redirectTo: resultPage("success") };
    case "redirect":
      return { redirectTo: outcome.url };
    case "waiting":
      return { redirectTo: waitingPage(outcome.reference) };
    case "pending":
      // Another click is still starting this person's checkout; it is the same payment.
      return { redirectTo: resultPage("pending") };
    case "failed":
      return { redirectTo: resultPage("failed") };
    case "alreadyPaid":
    case "noFee":
      return { redirectTo: PAGE };
    case "sheetUnconfirmed":
      return { refused: "sheetUnconfirmed" };
  }
}

/** The notice the page was opened with, if it is one it knows. */
function noticeOf(value: string | null): "payment" | "registration" | null {
  return value === "payment-required"
    ? "payment"
    : value === "registration-required"
      ? "registration"
      : null;
}
