import { data } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { findReceiptForViewer } from "~/server/payments/receipts.server";
import { getSiteSettings } from "~/server/settings/settings.server";

/**
 * What the receipt page and its PDF both start with: the signed-in person, the receipt they may
 * see (its payer, or staff) and the site settings. Anyone else gets the same 404 as for a receipt
 * that does not exist.
 */
export async function loadReceipt(request: Request, paymentId: string) {
  const viewer = await requireUser(request);
  const [receipt, settings] = await Promise.all([
    findReceiptForViewer({ viewer, paymentId }),
    getSiteSettings(),
  ]);
  if (!receipt) throw data(null, { status: 404 });
  return { viewer, receipt, settings };
}
