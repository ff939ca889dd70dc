import { receiptPdfFor } from "~/server/payments/receipts.server";
import { loadReceipt } from "~/app/routes/receipt.server";
import type { Route } from "./+types/receipt-pdf";

/** The receipt as a PDF, for its payer and for staff; anyone else gets a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { viewer, receipt, settings } = await loadReceipt(request, params.paymentId);
  const pdf = await receiptPdfFor(receipt, settings, viewer.preferredLanguage);
  return new Response(pdf, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="receipt-${receipt.receiptNumber}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
