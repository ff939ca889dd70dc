import type { Hono } from "hono";
import { registerMetricsEndpoints } from "./metrics/metrics.server";
import { registerDocumentEndpoints } from "./documents/http.server";
import { registerPaymentEndpoints } from "./payments/http.server";
import { registerAdminExportEndpoints } from "./admin/export-endpoints.server";
import { registerMediaEndpoints } from "./content/media.server";
import { registerPrivacyEndpoints } from "./privacy/http.server";
import { registerInboundMailEndpoints } from "./messages/inbound-mail.server";
import { registerPhoneEndpoints } from "./phone/http.server";

/**
 * Plain HTTP endpoints that are not pages: file downloads, payment webhooks, metrics. Each domain
 * exports a `register…Endpoints(app)` and is listed here. Every endpoint checks who is asking.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerEndpoints(app: Hono<any>) {
  // First, so its request metrics wrap every endpoint and page registered after it.
  registerMetricsEndpoints(app);
  registerDocumentEndpoints(app); // downloads, upload with progress
  registerPaymentEndpoints(app); // payment provider webhooks
  registerAdminExportEndpoints(app); // CSV exports of the admin lists
  registerMediaEndpoints(app); // public featured images of news posts
  registerPrivacyEndpoints(app); // a person's own "download my data" archive
  registerInboundMailEndpoints(app); // replies to message e-mails, posted by the mail provider
  registerPhoneEndpoints(app); // WhatsApp and SMS receipts and STOP replies
}
