import { z } from "zod";

// The texts of the site settings a reader sees — the tagline, opening hours, the offices' countries
// and addresses, the refund policy, a figure written in words — which staff may also write in
// French and Portuguese (decision record 55). A language's texts have the shape of the settings
// they translate; an empty one reads as the English.

export const TRANSLATED_LANGUAGES = ["fr", "pt"] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

const text = z.string().trim().default("");

export const SettingTextsSchema = z.object({
  tagline: text,
  businessHours: z.object({ days: text, closedNote: text }).prefault({}),
  registrationFee: z.object({ refundPolicy: text }).prefault({}),
  marketing: z.object({ averageTurnaround: text }).prefault({}),
  // Row by row with the settings' offices.
  offices: z.array(z.object({ country: text, address: text })).default([]),
});
export type SettingTexts = z.infer<typeof SettingTextsSchema>;
export type SettingTranslations = Record<TranslatedLanguage, SettingTexts>;

/** A text setting, named by its place in the settings (an office's by its row). */
export type SettingTextKey =
  | "tagline"
  | "businessHours.days"
  | "businessHours.closedNote"
  | "registrationFee.refundPolicy"
  | "marketing.averageTurnaround"
  | `offices.${number}.country`
  | `offices.${number}.address`;

/**
 * A settings object with its English texts in their places (the stored settings, or a fee's
 * settings) and their translations.
 */
export type WithSettingTexts = {
  translations?: Partial<SettingTranslations>;
};

/** The text at `key` ("offices.0.address"), or undefined where there is none. */
function textAt(from: unknown, key: string): string | undefined {
  let at = from;
  for (const part of key.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === "string" ? at : undefined;
}

const read = (from: unknown, key: string) => textAt(from, key) ?? "";

/**
 * A setting's text in the reader's language when staff wrote it there, else in English: the one
 * way a page, an e-mail or a legal text reads such a setting.
 */
export function settingText(
  settings: WithSettingTexts,
  key: SettingTextKey,
  lng: string | null | undefined,
): string {
  const own = lng === "fr" || lng === "pt" ? read(settings.translations?.[lng], key) : "";
  return own || read(settings, key);
}

/** The product's own texts (the settings' defaults) in French and Portuguese. */
const BUILT_IN: SettingTranslations = {
  fr: {
    tagline: "L'emploi et les études à l'étranger, en toute honnêteté.",
    businessHours: {
      days: "Du lundi au vendredi",
      closedNote: "Fermé le week-end et les jours fériés",
    },
    registrationFee: {
      refundPolicy:
        "Les frais d'inscription sont un paiement unique et non remboursable. Ils couvrent notre travail sur votre dossier et ne garantissent ni une offre d'emploi ni un visa.",
    },
    marketing: { averageTurnaround: "48 heures" },
    offices: [
      { country: "Zimbabwe", address: "3e étage, Eastgate Building, Robert Mugabe Road, Harare" },
      { country: "Afrique du Sud", address: "" },
    ],
  },
  pt: {
    tagline: "Emprego e estudos no estrangeiro, com honestidade.",
    businessHours: {
      days: "De segunda a sexta-feira",
      closedNote: "Encerrado aos fins de semana e feriados",
    },
    registrationFee: {
      refundPolicy:
        "A taxa de inscrição é um pagamento único e não reembolsável. Cobre o nosso trabalho no seu processo e não garante uma oferta de emprego nem um visto.",
    },
    marketing: { averageTurnaround: "48 horas" },
    offices: [
      { country: "Zimbabué", address: "3.º andar, Eastgate Building, Robert Mugabe Road, Harare" },
      { country: "África do Sul", address: "" },
    ],
  },
};

/**
 * Settings stored before they had translations get the product's own French and Portuguese of
 * each text still as the product wrote it in English, and nothing (English) for a text staff
 * changed: a translation of words no longer shown would be worse than the English.
 */
export function withBuiltInTranslations(raw: unknown, defaults: object): unknown {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return raw;
  if ("translations" in raw && (raw as { translations?: unknown }).translations !== undefined) {
    return raw;
  }
  // What readers see in English: the stored text, else the default the schema gives it.
  const unchanged = (key: string) =>
    (textAt(raw, key) ?? textAt(defaults, key)) === textAt(defaults, key);
  const stored = (raw as { offices?: unknown }).offices;
  const offices: unknown[] = Array.isArray(stored)
    ? stored
    : ((defaults as { offices?: unknown[] }).offices ?? []);
  const translations = Object.fromEntries(
    TRANSLATED_LANGUAGES.map((lng) => {
      const builtIn = (key: string) => (unchanged(key) ? read(BUILT_IN[lng], key) : "");
      const texts: SettingTexts = {
        tagline: builtIn("tagline"),
        businessHours: {
          days: builtIn("businessHours.days"),
          closedNote: builtIn("businessHours.closedNote"),
        },
        registrationFee: { refundPolicy: builtIn("registrationFee.refundPolicy") },
        marketing: { averageTurnaround: builtIn("marketing.averageTurnaround") },
        offices: offices.map((_, i) => ({
          country: builtIn(`offices.${i}.country`),
          address: builtIn(`offices.${i}.address`),
        })),
      };
      return [lng, texts];
    }),
  );
  return { ...raw, translations };
}
