// Display helpers the browser needs on public pages. No zod here: this module ships to every
// visitor, and the settings schema (domain/settings.ts) stays on the server and admin screens.

/** The fee as a formatted amount, e.g. "$99.00" in en-US. */
export function formatMoney(amountMinor: number, currency: string, locale = "en") {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amountMinor / 100);
}

export function whatsappLink(number: string) {
  return `https://wa.me/${number.replace(/[^\d]/g, "")}`;
}
