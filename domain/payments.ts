import { z } from "zod";
import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type PaymentProviderName,
  type PaymentStatus,
} from "./enums";

/** The ways the payment page can offer (site settings choose which providers are offered). */
export const PAY_METHODS = ["card", "paynow", "ecocash", "onemoney"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** A mobile money prompt not answered in this time has expired on the phone. */
export const MOBILE_PROMPT_TIMEOUT_MS = 3 * 60 * 1000;

export const MOBILE_WALLETS = ["ecocash", "onemoney"] as const;
export type MobileWallet = (typeof MOBILE_WALLETS)[number];

/** The network prefixes each wallet's numbers start with (Econet 077/078, NetOne 071). */
const WALLET_PREFIXES: Record<MobileWallet, readonly string[]> = {
  ecocash: ["077", "078"],
  onemoney: ["071"],
};

/**
 * A Zimbabwean mobile number as Paynow wants it (0771234567), from what people type:
 * spaces, dashes, +263 or 263 in front. Null when it is not a Zimbabwean mobile number.
 */
export function normalizeZimbabweMobile(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, "");
  const local = digits.replace(/^(\+?263)/, "0");
  return /^07\d{8}$/.test(local) ? local : null;
}

export function walletTakesNumber(wallet: MobileWallet, phone: string) {
  return WALLET_PREFIXES[wallet].some((prefix) => phone.startsWith(prefix));
}

// Messages are translation keys in the "payment" namespace.
export const PayFormSchema = z
  .object({
    method: z.enum(PAY_METHODS, { error: "errors.methodRequired" }),
    phone: z.string().trim().max(30, "errors.phoneInvalid").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.method !== "ecocash" && value.method !== "onemoney") return;
    if (!value.phone) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "errors.phoneRequired" });
      return;
    }
    const phone = normalizeZimbabweMobile(value.phone);
    if (!phone) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "errors.phoneInvalid" });
    } else if (!walletTakesNumber(value.method, phone)) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: value.method === "ecocash" ? "errors.notEcocash" : "errors.notOnemoney",
      });
    }
  })
  .transform((value) => ({
    method: value.method,
    phone: value.phone ? normalizeZimbabweMobile(value.phone) : null,
  }));
export type PayForm = z.infer<typeof PayFormSchema>;

/** How a checkout ended, as the payment page's ?result= says it. */
export const PAY_RESULTS = [
  "success",
  "failed",
  "pending",
  "declined",
  "cancelled",
  "timedOut",
] as const;
export type PayResult = (typeof PAY_RESULTS)[number];

/** The filters of the staff payments list and its CSV (`?provider=&status=&from=&to=&user=`). */
export type PaymentFilter = {
  provider: PaymentProviderName | null;
  status: PaymentStatus | null;
  /** Days (YYYY-MM-DD) in the agency's time zone, both included. */
  from: string | null;
  to: string | null;
  userId: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the payments list's filters from a URL's search parameters; anything unknown is ignored. */
export function parsePaymentFilter(params: URLSearchParams): PaymentFilter {
  const provider = params.get("provider");
  const status = params.get("status");
  const day = (name: string) => {
    const v = params.get(name) ?? "";
    return DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : null;
  };
  const user = params.get("user") ?? "";
  return {
    provider: (PAYMENT_PROVIDERS as readonly string[]).includes(provider ?? "")
      ? (provider as PaymentProviderName)
      : null,
    status: (PAYMENT_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as PaymentStatus)
      : null,
    from: day("from"),
    to: day("to"),
    userId: /^[\w-]{1,64}$/.test(user) ? user : null,
  };
}

// Messages are translation keys in the "admin" namespace.
export const RefundSchema = z.object({
  paymentId: z.uuid({ error: "payments.errors.notFound" }),
  reason: z
    .string({ error: "payments.errors.reasonRequired" })
    .trim()
    .min(3, "payments.errors.reasonRequired")
    .max(500, "payments.errors.reasonTooLong"),
});

/**
 * An admin records the refund a to-do asks for: all of the payment when the amount is
 * left empty, else that much of it (a partial refund), with the reason the applicant is told.
 */
export const TodoRefundSchema = z.object({
  todoId: z.uuid({ error: "todos.errors.notFound" }),
  amount: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v), "todos.errors.amountInvalid")
    .transform((v) => (v === "" ? null : Math.round(Number(v) * 100)))
    .refine((v) => v === null || v > 0, "todos.errors.amountInvalid"),
  reason: z
    .string({ error: "payments.errors.reasonRequired" })
    .trim()
    .min(3, "payments.errors.reasonRequired")
    .max(500, "payments.errors.reasonTooLong"),
});
