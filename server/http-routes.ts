import type { Hono } from "hono";
import { registerMetricsEndpoints } from "./metrics/metrics.server";
import { registerDocumentEndpoints } from "./documents/http.server"; // issue 4
import { registerPaymentEndpoints } from "./payments/http.server"; // issue 4
import { registerAdminExportEndpoints } from "./admin/export-endpoints.server"; // issue 5
import { registerMediaEndpoints } from "./content/media.server"; // issue 7

/**
 * Plain HTTP endpoints that are not pages: file downloads, payment webhooks, metrics. Each domain
 * exports a `register…Endpoints(app)` and is listed here. Every endpoint checks who is asking.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerEndpoints(app: Hono<any>) {
  // issue 8: first, so its request metrics wrap every endpoint and page registered after it.
  registerMetricsEndpoints(app);
  registerDocumentEndpoints(app); // issue 4: downloads, upload with progress, staff review
  registerPaymentEndpoints(app); // issue 4: payment provider webhooks
  registerAdminExportEndpoints(app); // issue 5: CSV exports of the admin lists
  registerMediaEndpoints(app); // issue 7: public featured images of news posts
}
