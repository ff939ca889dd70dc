/**
 * Where a signed-in applicant who has not paid is sent when the fee stands between them and what
 * they asked for (a premium job, or a study program while programs need the fee): the payment page
 * says why.
 */
export const PAYMENT_REQUIRED_HREF = "/dashboard/payment?notice=payment-required";

/** The payment page, which brings them back to `path` (a page of this site) once paid. */
export function paymentRequiredFor(path: string): string {
  return `${PAYMENT_REQUIRED_HREF}&redirectTo=${encodeURIComponent(path)}`;
}

/**
 * The payment page for a premium job of a destination that asks no fee (decision record 33): it
 * says the job opens once their registration is complete, then brings them back to `path`.
 */
export function registrationRequiredFor(path: string): string {
  return `/dashboard/payment?notice=registration-required&redirectTo=${encodeURIComponent(path)}`;
}
