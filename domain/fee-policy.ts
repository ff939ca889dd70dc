import { z } from "zod";
import { GATED_STATUSES } from "./application-facts";
import { type CompletionFields, profileCompletion } from "./profile";
import type { SettingTranslations } from "./setting-texts";
import { editVersion } from "./versions";

// Fees follow the law where each office works (decision record 33). A fee policy is
// chosen per office, with optional overrides per destination country and per path; the most
// specific match wins. Under a policy that charges nothing up front, premium jobs open once the
// applicant's registration is complete instead of once a fee is paid.

export const FEE_KINDS = ["none", "registration", "success", "employer"] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const FEE_PATHS = ["jobs", "study"] as const;
export type FeePath = (typeof FEE_PATHS)[number];

/**
 * The outcomes a refund rule names: an application ending at one of these
 * statuses, or no offer within some days of paying. Reaching one gives staff one refund to-do.
 */
export const REFUND_OUTCOME_STATUSES = ["visa_refused", "rejected", "withdrawn"] as const;
export type RefundOutcomeStatus = (typeof REFUND_OUTCOME_STATUSES)[number];
export type RefundOutcomes = {
  statuses: RefundOutcomeStatus[];
  /** Refund when none of the person's applications reached an offer this many days after paying. */
  noOfferDays: number | null;
};
export const NO_REFUND_OUTCOMES: RefundOutcomes = { statuses: [], noOfferDays: null };

/**
 * The statuses that mean an offer was made (or came later on the way to it): an application that
 * ever reached one had its offer, so "no offer within N days" no longer holds.
 */
export const OFFER_STATUSES = [
  // The gated stages (an offer and what follows it) and a visa refused, which came after an offer.
  ...GATED_STATUSES,
  "visa_refused",
] as const;

/** The outcome a status change reaches under these outcomes (its to-do's key), or null. */
export function refundOutcomeOfStatus(outcomes: RefundOutcomes, status: string): string | null {
  return (outcomes.statuses as readonly string[]).includes(status) ? `status:${status}` : null;
}

/** Whether "no offer within N days" is reached for a fee paid at `paidAt`, at `now`. */
export function noOfferOutcomeDue(
  outcomes: RefundOutcomes,
  o: { paidAt: Date; now: Date; hadOffer: boolean },
): string | null {
  if (outcomes.noOfferDays == null || o.hadOffer) return null;
  const due = o.paidAt.getTime() + outcomes.noOfferDays * 24 * 60 * 60 * 1000;
  return o.now.getTime() >= due ? `noOffer:${outcomes.noOfferDays}` : null;
}

/** A stored outcomes value, read defensively (older rows, hand edits). */
export function readRefundOutcomes(value: unknown): RefundOutcomes {
  const v = (value ?? {}) as { statuses?: unknown; noOfferDays?: unknown };
  const statuses = Array.isArray(v.statuses)
    ? REFUND_OUTCOME_STATUSES.filter((s) => (v.statuses as unknown[]).includes(s))
    : [];
  const days = typeof v.noOfferDays === "number" && v.noOfferDays > 0 ? v.noOfferDays : null;
  return { statuses, noOfferDays: days };
}

export type FeePolicy = {
  id: string;
  office: string;
  /** An ISO country code, or "" for every destination. */
  destination: string;
  /** "jobs", "study", or "" for both. */
  path: FeePath | "";
  kind: FeeKind;
  /**
   * Registration fee: its own amount and currency, or null for the site settings' registration
   * fee (the spec's, with its amounts in other currencies); success fee: the cap and its currency.
   */
  amountMinor: number | null;
  currency: string | null;
  /** Success fee: the share of the first month's pay, in hundredths of a percent (500 = 5%). */
  successBasisPoints: number | null;
  covers: string;
  excludes: string;
  othersPay: string;
  refundRule: string;
  legalBasis: string;
  refundOutcomes: RefundOutcomes;
  version: number;
};

export type FeeContext = {
  office: string;
  /** The job's or program's country code, when the screen is about one. */
  destination?: string | null;
  path?: FeePath | null;
};

/** How specific a policy is for this context, or 0 when it does not apply to it. */
function specificity(p: FeePolicy, c: FeeContext): number {
  if (p.office !== c.office) return 0;
  const destination = (c.destination ?? "").toUpperCase();
  const path = c.path ?? "";
  if (p.destination && p.destination !== destination) return 0;
  if (p.path && p.path !== path) return 0;
  // office + destination + path > office + destination > office + path > office default
  return 1 + (p.destination ? 2 : 0) + (p.path ? 1 : 0);
}

/** The policy that applies: the most specific of the office's, or null when the office has none. */
export function resolveFeePolicy(
  policies: readonly FeePolicy[],
  context: FeeContext,
): FeePolicy | null {
  let best: FeePolicy | null = null;
  let bestScore = 0;
  for (const p of policies) {
    const score = specificity(p, context);
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

/** Whether the applicant is asked to pay before any placement (only a registration fee is). */
export function chargesUpFront(policy: Pick<FeePolicy, "kind">): boolean {
  return policy.kind === "registration";
}

/** The spec's rule: profile complete (every field of profileCompletion) and a CV uploaded. */
export function registrationComplete(profile: CompletionFields & { hasCv: boolean }): boolean {
  return profileCompletion(profile) === 100 && profile.hasCv;
}

/**
 * Whether premium jobs are open to an applicant: they paid the fee, or their policy charges
 * nothing up front and their registration is complete. The same rule masks premium content in SQL
 * (the viewer's `premiumUnlocked`, computed with the session).
 */
export function premiumUnlocked(o: {
  paid: boolean;
  policy: Pick<FeePolicy, "kind">;
  registrationComplete: boolean;
}): boolean {
  return o.paid || (!chargesUpFront(o.policy) && o.registrationComplete);
}

/**
 * The destinations whose premium jobs ask no fee up front of someone of `office` on `path`, though
 * their office's own policy does (an override: no fee, employer pays or a success fee for jobs in
 * that country). Those jobs open once their registration is complete, without paying. Empty when
 * the office's policy itself charges nothing up front (then every premium job opens that way).
 */
export function noFeeDestinations(
  policies: readonly FeePolicy[],
  office: string,
  path: FeePath,
): string[] {
  const own = resolveFeePolicy(policies, { office, path });
  if (!own || !chargesUpFront(own)) return [];
  const codes = new Set<string>();
  for (const p of policies) {
    if (p.office !== office || !p.destination || (p.path && p.path !== path)) continue;
    const there = resolveFeePolicy(policies, { office, destination: p.destination, path });
    if (there && !chargesUpFront(there)) codes.add(p.destination.toUpperCase());
  }
  return [...codes].sort();
}

type FeeSettings = {
  registrationFee: { amountMinor: number; currency: string; refundPolicy: string };
  payments: { otherFees: { currency: string; amountMinor: number }[] };
  translations?: Partial<SettingTranslations>;
};

/**
 * The fee settings payments read (feeIn, the ways to pay) for a registration-fee policy: the site
 * settings' registration fee when the policy sets no amount of its own, else its amount and
 * currency. The settings' fees in other currencies stand for the site's fee, so they apply only
 * to a policy charging exactly that fee.
 */
export function feeSettingsFor<S extends FeeSettings>(
  policy: Pick<FeePolicy, "amountMinor" | "currency" | "refundRule">,
  settings: S,
): S {
  const amountMinor = policy.amountMinor ?? settings.registrationFee.amountMinor;
  const currency = (policy.currency ?? settings.registrationFee.currency).toUpperCase();
  const same =
    amountMinor === settings.registrationFee.amountMinor &&
    currency === settings.registrationFee.currency.toUpperCase();
  return {
    ...settings,
    registrationFee: {
      amountMinor,
      currency,
      refundPolicy: policy.refundRule || settings.registrationFee.refundPolicy,
    },
    payments: { ...settings.payments, otherFees: same ? settings.payments.otherFees : [] },
    // A policy's own refund rule is read as written: the settings' policy in French or
    // Portuguese no longer applies (settingText).
    ...(policy.refundRule && settings.translations
      ? { translations: withoutRefundPolicy(settings.translations) }
      : {}),
  };
}

function withoutRefundPolicy(
  translations: Partial<SettingTranslations>,
): Partial<SettingTranslations> {
  return Object.fromEntries(
    Object.entries(translations).map(([lng, texts]) => [
      lng,
      { ...texts, registrationFee: { refundPolicy: "" } },
    ]),
  );
}

/** What a cost sheet confirmation names: the policy and its version, as the applicant read it. */
export function policyStamp(policy: Pick<FeePolicy, "id" | "version">) {
  return `${policy.id}@${policy.version}`;
}

// ── The admin form ─────────────────────────────────────────────────────────────────────────────
// Messages are translation keys of the "settings" namespace.
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "errors.tooLong")
    .optional()
    .transform((v) => v ?? "");
const money = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v), "errors.amountInvalid");

export const FeePolicyFormSchema = z
  .object({
    id: z.string().trim().max(40).optional(),
    office: z.string({ error: "fees.errors.office" }).trim().min(1, "fees.errors.office").max(80),
    destination: text(2).refine(
      (v) => v === "" || /^[A-Za-z]{2}$/.test(v),
      "fees.errors.destination",
    ),
    path: z
      .enum(["", ...FEE_PATHS], { error: "fees.errors.path" })
      .optional()
      .transform((v) => v ?? ""),
    kind: z.enum(FEE_KINDS, { error: "fees.errors.kind" }),
    amount: money,
    currency: text(3),
    percent: text(6).refine(
      (v) => v === "" || (/^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) > 0),
      "fees.errors.percent",
    ),
    covers: text(1000),
    excludes: text(1000),
    othersPay: text(1000),
    refundRule: text(1000),
    legalBasis: text(1000),
    // Checkboxes: absent when none is ticked; one string when one is.
    refundStatuses: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
      .pipe(z.array(z.enum(REFUND_OUTCOME_STATUSES, { error: "fees.errors.outcome" }))),
    noOfferDays: text(4).refine(
      (v) => v === "" || (/^\d{1,4}$/.test(v) && Number(v) >= 1),
      "fees.errors.noOfferDays",
    ),
    // The policy's edit version the form showed: a save over a newer one is refused (record 37).
    version: editVersion,
  })
  .superRefine((v, ctx) => {
    const need = (key: keyof typeof v, message: string) => {
      if (!v[key]) ctx.addIssue({ code: "custom", path: [key], message });
    };
    const currencyOk = /^[A-Za-z]{3}$/.test(v.currency);
    // A registration fee without an amount is the site settings' registration fee.
    if (v.kind === "success") need("amount", "fees.errors.amount");
    if ((v.kind === "success" || v.amount) && !currencyOk) {
      ctx.addIssue({ code: "custom", path: ["currency"], message: "fees.errors.currency" });
    }
    if (v.kind === "registration" || v.kind === "success") {
      need("covers", "fees.errors.covers");
      need("refundRule", "fees.errors.refundRule");
      need("legalBasis", "fees.errors.legalBasis");
    }
    if (v.kind === "success") need("percent", "fees.errors.percent");
    // A registration fee is the person's (it opens every premium job at once), so it is set for
    // an office and path; a destination may only ask less: no fee, a success fee, employer pays.
    if (v.kind === "registration" && v.destination) {
      ctx.addIssue({
        code: "custom",
        path: ["kind"],
        message: "fees.errors.registrationDestination",
      });
    }
  })
  .transform((v) => ({
    id: v.id || null,
    office: v.office,
    destination: v.destination.toUpperCase(),
    path: v.path as FeePath | "",
    kind: v.kind,
    amountMinor:
      (v.kind === "registration" || v.kind === "success") && v.amount
        ? Math.round(Number(v.amount) * 100)
        : null,
    currency:
      (v.kind === "registration" || v.kind === "success") && v.amount
        ? v.currency.toUpperCase()
        : null,
    successBasisPoints: v.kind === "success" ? Math.round(Number(v.percent) * 100) : null,
    covers: v.covers,
    excludes: v.excludes,
    othersPay: v.othersPay,
    refundRule: v.refundRule,
    legalBasis: v.legalBasis,
    // Only a fee paid up front can be refunded on an outcome.
    refundOutcomes:
      v.kind === "registration"
        ? {
            statuses: REFUND_OUTCOME_STATUSES.filter((s) => v.refundStatuses.includes(s)),
            noOfferDays: v.noOfferDays ? Number(v.noOfferDays) : null,
          }
        : NO_REFUND_OUTCOMES,
    version: v.version,
  }));
export type FeePolicyForm = z.infer<typeof FeePolicyFormSchema>;

/** The cost sheet form: the applicant ticks that they read it; the policy version is checked. */
export const ConfirmCostSheetSchema = z.object({
  policyId: z.string().trim().min(1).max(60),
  version: z.coerce.number().int().min(0),
  confirm: z
    .string({ error: "sheet.confirmRequired" })
    .refine((v) => v === "on" || v === "true", "sheet.confirmRequired"),
});

/** The cost sheet a payment was made under, as its metadata keeps it (receipts print it). */
export function costSheetOf(
  metadata: Record<string, unknown> | null | undefined,
): { policyVersion: number; confirmedAt: string } | null {
  const sheet = metadata?.costSheet as
    { policyVersion?: unknown; confirmedAt?: unknown } | undefined;
  if (typeof sheet?.policyVersion !== "number" || typeof sheet.confirmedAt !== "string")
    return null;
  return { policyVersion: sheet.policyVersion, confirmedAt: sheet.confirmedAt };
}
