// Apart from the profile's schema, so a page can show the percentage without loading the
// phone library that schema reads numbers with.

export type CompletionFields = {
  fullName?: string | null;
  phoneNumber?: string | null;
  country?: string | null;
  whatsappNumber?: string | null;
};

/** The spec's rule: the rounded share of full name, phone, country and WhatsApp that are not blank. */
export function profileCompletion(p: CompletionFields): number {
  const fields = [p.fullName, p.phoneNumber, p.country, p.whatsappNumber];
  const filled = fields.filter((v) => typeof v === "string" && v.trim() !== "").length;
  return Math.round((filled / fields.length) * 100);
}
