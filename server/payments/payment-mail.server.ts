import { settingText } from "~/domain/setting-texts";
import { formatMoney } from "~/domain/settings";
import { moneyLocale, serverT, type Translate } from "~/server/i18n/translate.server";
import {
  formatAgencyDateTime,
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mails of payments: the receipt of a recorded payment and a refund staff recorded.

/** A provider's method code ("mobile_money") as words in the reader's language. */
export function paymentMethodLabel(t: Translate, method: string) {
  const words = method.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return t(`paymentMethods.${method}`, { defaultValue: words });
}

export function paymentReceiptEmail(
  o: MailBase & {
    name: string;
    amountMinor: number;
    currency: string;
    reference: string;
    /** Set for every payment recorded since receipts were numbered. */
    receiptNumber?: string | null;
    /** The printable receipt (a path of this site). */
    receiptUrl?: string | null;
    paidAt: Date;
    method?: string | null;
    /** A student applicant: the fee opens study programs. */
    student?: boolean;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const amount = formatMoney(o.amountMinor, o.currency, moneyLocale(o.lng));
  const rows: [string, string][] = [];
  if (o.receiptNumber) rows.push([t("payment.receiptNumber"), o.receiptNumber]);
  rows.push(
    [t("payment.amount"), amount],
    [t("payment.reference"), o.reference],
    [t("payment.date"), formatAgencyDateTime(o.paidAt, o.lng)],
  );
  if (o.method) rows.push([t("payment.method"), paymentMethodLabel(t, o.method)]);
  return renderMail(o, {
    subject: t("payment.subject", { amount, reference: o.reference }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t(o.student ? "payment.bodyStudy" : "payment.body") },
      { kind: "facts", rows },
      // Staff write the refund policy in the settings, in the reader's language when they did.
      { kind: "p", text: settingText(o.settings, "registrationFee.refundPolicy", o.lng) },
      { kind: "p", text: t("payment.keep") },
      o.receiptUrl
        ? { kind: "button", label: t("payment.receiptButton"), href: mailLink(o, o.receiptUrl) }
        : { kind: "button", label: t("payment.button"), href: mailLink(o, "/dashboard") },
    ],
  });
}

/** A refund staff recorded (a refund rule's outcome): how much, and how it comes back. */
export function paymentRefundedEmail(
  o: MailBase & {
    name: string;
    amountMinor: number;
    currency: string;
    reference: string;
    receiptNumber: string | null;
    reason: string;
    throughProvider: boolean;
  },
): RenderedMail {
  const t = serverT(o.lng);
  const amount = formatMoney(o.amountMinor, o.currency, moneyLocale(o.lng));
  const rows: [string, string][] = [[t("refund.amount"), amount]];
  if (o.receiptNumber) rows.push([t("payment.receiptNumber"), o.receiptNumber]);
  rows.push([t("payment.reference"), o.reference], [t("refund.reason"), o.reason]);
  return renderMail(o, {
    subject: t("refund.subject", { amount, reference: o.reference }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("refund.body", { amount }) },
      { kind: "facts", rows },
      { kind: "p", text: t(o.throughProvider ? "refund.throughProvider" : "refund.byHand") },
      { kind: "button", label: t("refund.button"), href: mailLink(o, "/dashboard/payment") },
    ],
  });
}
