import { data } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { findReceiptForViewer, receiptPdfFor } from "~/server/payments/receipts.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/receipt-pdf";

/** The receipt as a PDF, for its payer and for staff; anyone else gets a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const [receipt, settings] = await Promise.all([
    findReceiptForViewer({ viewer, paymentId: params.paymentId }),
    getSiteSettings(),
  ]);
  if (!receipt) throw data(null, { status: 404 });
  const pdf = receiptPdfFor(receipt, settings, viewer.preferredLanguage);
  return new Response(pdf, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="receipt-${receipt.receiptNumber}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
