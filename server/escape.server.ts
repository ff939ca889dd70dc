/**
 * Escapes text for HTML and XML alike, in element content and quoted attributes: the mail
 * templates and the sitemap and news feed use this one.
 */
export function escapeMarkup(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
