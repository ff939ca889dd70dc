import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/app/root";
import { action as settingsAction } from "~/app/routes/admin/settings";
import { loader as legalLoader } from "~/app/routes/public/legal";
import { DEFAULT_SITE_SETTINGS, settingsToFormValues } from "~/domain/settings";
import type { Language } from "~/domain/languages";
import { auditLog, mailOutbox, profiles } from "~/server/db/schema";
import { enqueueApplicantMail } from "~/server/mail/outbox.server";
import { paymentReceiptEmail } from "~/server/payments/payment-mail.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

// Settings' texts in French and Portuguese (decision record 55): written beside the English in the
// settings form (audited), read in the reader's language on public pages and in e-mails, and in
// English where staff left a language empty.

const ctx = setupTestDatabase();

/** A form's fields named as Conform names them: `group.field`, a row's `rows[0].field`. */
function formFields(values: object, prefix = ""): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(values) as [string, unknown][]) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === undefined) continue;
    if (typeof value === "string") form[name] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) form[name] = value;
    else if (Array.isArray(value))
      value.forEach((row: object, i) => Object.assign(form, formFields(row, `${name}[${i}]`)));
    else Object.assign(form, formFields(value as object, name));
  }
  return form;
}

const FR_DAYS = "Du lundi au samedi";
const FR_REFUND = "Les frais sont remboursés si nous ne vous proposons aucun emploi en six mois.";
const FR_ADDRESS = "3e étage, immeuble Eastgate, avenue Robert Mugabe, Harare";
const EN_DAYS = "Monday – Saturday";

type PublicSettings = {
  businessHours: { days: string; closedNote: string };
  offices: { city: string; country: string; address: string }[];
  tagline: string;
};

async function publicSettings(path: string) {
  const root = await runAs(null, rootLoader, path);
  return (root.data as { settings: PublicSettings }).settings;
}

/** The receipt e-mail queued for someone who reads `lng`. */
async function receiptMailIn(lng: Language) {
  const applicant = await createTestUser();
  await ctx.db
    .update(profiles)
    .set({ preferredLanguage: lng })
    .where(eq(profiles.id, applicant.id));
  const id = await enqueueApplicantMail(ctx.db, {
    userId: applicant.id,
    evenIfTurnedOff: true,
    render: (recipient) =>
      paymentReceiptEmail({
        ...recipient,
        amountMinor: 9900,
        currency: "USD",
        reference: `T-${lng}`,
        paidAt: new Date(),
      }),
  });
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
  return row!;
}

describe("settings' texts in French and Portuguese", () => {
  it("an admin writes them beside the English in the settings form, audited", async () => {
    const admin = await createTestUser({ role: "admin" });
    const saved = await runAs(admin, settingsAction, "/admin/settings", {
      form: {
        ...formFields(settingsToFormValues(DEFAULT_SITE_SETTINGS)),
        "businessHours.days": EN_DAYS,
        "translations.fr.businessHours.days": FR_DAYS,
        "translations.fr.registrationFee.refundPolicy": FR_REFUND,
        "translations.fr.offices[0].address": FR_ADDRESS,
        // Portuguese left empty: its readers get the English.
        "translations.pt.businessHours.days": "",
        "translations.pt.registrationFee.refundPolicy": "",
        "translations.pt.offices[0].address": "",
      },
    });
    expect(saved).toMatchObject({ status: 302, location: "/admin/settings?done=saved" });

    const stored = await getSiteSettings();
    expect(stored.businessHours.days).toBe(EN_DAYS);
    expect(stored.translations.fr.businessHours.days).toBe(FR_DAYS);
    expect(stored.translations.fr.offices[0]).toEqual({
      country: "Zimbabwe",
      address: FR_ADDRESS,
    });
    expect(stored.translations.pt.registrationFee.refundPolicy).toBe("");
    // The built-in Portuguese of what was not changed stays.
    expect(stored.translations.pt.businessHours.closedNote).toBe(
      "Encerrado aos fins de semana e feriados",
    );

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.update"), eq(auditLog.actorId, admin.id)));
    expect(entry?.details).toMatchObject({
      changed: expect.arrayContaining(["translations", "businessHours"]),
    });
  });

  it("a French reader reads them on a public page, a Portuguese reader the English where none was written", async () => {
    const french = await publicSettings("/fr/contact");
    expect(french.businessHours.days).toBe(FR_DAYS);
    expect(french.offices[0]).toMatchObject({ city: "Harare", address: FR_ADDRESS });
    expect(french.offices[1]?.country).toBe("Afrique du Sud");
    expect(french.tagline).toBe("L'emploi et les études à l'étranger, en toute honnêteté.");
    // The translations themselves stay on the server: a page carries its own language only.
    expect(french).not.toHaveProperty("translations");

    const portuguese = await publicSettings("/pt/contact");
    expect(portuguese.businessHours.days).toBe(EN_DAYS);
    expect(portuguese.offices[0]?.address).toBe(DEFAULT_SITE_SETTINGS.offices[0]!.address);
    expect(portuguese.businessHours.closedNote).toBe("Encerrado aos fins de semana e feriados");

    const english = await publicSettings("/contact");
    expect(english.businessHours.days).toBe(EN_DAYS);
    expect(english.offices[1]?.country).toBe("South Africa");

    // The legal texts name the offices in the page's language too.
    const legal = await runAs(null, legalLoader, "/fr/privacy-policy");
    expect((legal.data as { html: string }).html).toContain(FR_ADDRESS);
  });

  it("an e-mail is written with them in its reader's language, else in English", async () => {
    const french = await receiptMailIn("fr");
    expect(french.text).toContain(FR_REFUND);
    expect(french.text).toContain(FR_DAYS);
    expect(french.text).toContain(FR_ADDRESS);
    expect(french.html).toContain(FR_ADDRESS);

    const portuguese = await receiptMailIn("pt");
    expect(portuguese.text).toContain(DEFAULT_SITE_SETTINGS.registrationFee.refundPolicy);
    expect(portuguese.text).toContain(EN_DAYS);
    expect(portuguese.text).toContain("Zimbabué");
    expect(portuguese.text).not.toContain(FR_REFUND);
  });
});
