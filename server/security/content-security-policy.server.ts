import crypto from "node:crypto";

/** A fresh nonce for one rendering of a page (16 random bytes, base64). */
export function createNonce() {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The policy every HTML page is sent with. Scripts run only from our own origin or inline with
 * this page's nonce (no 'unsafe-inline' for scripts); nothing may frame us; forms post to us, or
 * to Paystack's checkout (a payment form posted before JavaScript runs is redirected there).
 * Styles allow inline attributes: React writes `style=` for widths (progress bars, charts).
 *
 * A visitor's page kept in the page cache is sent with the nonce it was rendered with, to every
 * visitor who gets that copy: the page and its policy stay consistent, and the page holds no
 * markup from a visitor (stored text is escaped by React), so a known nonce opens nothing.
 */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self' https://checkout.paystack.com https://www.paynow.co.zw",
  ].join("; ");
}

/** Browser features Passage never uses, switched off for every page and anything it embeds. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

/** Sent only on responses the browser received over HTTPS (a header over plain HTTP is ignored). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
