import { eq } from "drizzle-orm";
import { formatPhone } from "~/domain/phone";
import { settingText } from "~/domain/setting-texts";
import { DEFAULT_SITE_SETTINGS, type SiteSettings, SiteSettingsSchema } from "~/domain/settings";
import { recordAudit } from "~/server/audit/audit.server";
import { cached, PUBLIC_TTL_MS } from "~/server/cache/cached.server";
import { type Db, db } from "~/server/db/client.server";
import { siteSettings } from "~/server/db/schema";
import { assertVersion } from "~/server/db/versions.server";

const KEY = "site";

/**
 * The site settings. Outside a transaction they are read once and kept until the table changes
 * (in any process, or by SQL; server/cache/cached.server.ts); a transaction (`on` = tx) always reads its own view.
 */
export function getSiteSettings(on?: Db): Promise<SiteSettings> {
  if (on && on !== db()) return readSiteSettings(on);
  return cached({
    name: "siteSettings",
    dependsOn: ["site_settings"],
    ttlMs: PUBLIC_TTL_MS,
    load: () => readSiteSettings(db()),
  });
}

async function readSiteSettings(on: Db): Promise<SiteSettings> {
  const [row] = await on.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  if (!row) return DEFAULT_SITE_SETTINGS;
  const parsed = SiteSettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

const publicOf = new WeakMap<SiteSettings, Map<string, ReturnType<typeof pickPublic>>>();

/**
 * What every public page may know of the settings: an allow-list, so a setting added later (or
 * the staff inbox address) never reaches a visitor's page data unless it is listed here; its texts
 * in the page's language (settingText). Kept per settings object and language, the object itself
 * kept until the settings change: every page in a language gets the same object.
 */
export function toPublicSettings(s: SiteSettings, lng: string) {
  let byLanguage = publicOf.get(s);
  if (!byLanguage) publicOf.set(s, (byLanguage = new Map()));
  let kept = byLanguage.get(lng);
  if (!kept) byLanguage.set(lng, (kept = pickPublic(s, lng)));
  return kept;
}

/**
 * The numbers as people read them (+263 24 270 0000): they are stored in E.164
 * (domain/settings-form.ts), and a page shows them formatted without loading the phone library.
 */
function withReadablePhones<S extends Pick<SiteSettings, "phone" | "whatsappNumber" | "offices">>(
  s: S,
): S {
  return {
    ...s,
    phone: formatPhone(s.phone),
    whatsappNumber: formatPhone(s.whatsappNumber),
    offices: s.offices.map((o) => ({ ...o, phone: formatPhone(o.phone) })),
  };
}

/** The allow-list itself, its texts in `lng` (the translations themselves stay on the server). */
function pickPublic(s: SiteSettings, lng: string) {
  const readable = withReadablePhones(s);
  return {
    agencyName: s.agencyName,
    tagline: settingText(s, "tagline", lng),
    contactEmail: s.contactEmail,
    phone: readable.phone,
    whatsappNumber: readable.whatsappNumber,
    offices: readable.offices.map((o, i) => ({
      ...o,
      country: settingText(s, `offices.${i}.country`, lng),
      address: settingText(s, `offices.${i}.address`, lng),
    })),
    businessHours: {
      ...s.businessHours,
      days: settingText(s, "businessHours.days", lng),
      closedNote: settingText(s, "businessHours.closedNote", lng),
    },
    social: s.social,
    registrationFee: {
      ...s.registrationFee,
      refundPolicy: settingText(s, "registrationFee.refundPolicy", lng),
    },
    marketing: {
      ...s.marketing,
      averageTurnaround: settingText(s, "marketing.averageTurnaround", lng),
    },
    // Who the agency is: registrations, outside bodies, the data-protection contact.
    trust: s.trust,
    dataProtection: {
      officer: s.privacy.informationOfficer,
      email: s.privacy.informationOfficerEmail,
    },
  };
}
export type PublicSiteSettings = ReturnType<typeof toPublicSettings>;

export type SaveSiteSettingsOptions = {
  /** The database or the transaction the change belongs to. */
  on: Db;
  value: SiteSettings;
  /** Who changed them; null for a change no person made (a seed). */
  actorId: string | null;
};

export async function saveSiteSettings({ on, value, actorId }: SaveSiteSettingsOptions) {
  const parsed = SiteSettingsSchema.parse(value);
  await on
    .insert(siteSettings)
    .values({ key: KEY, value: parsed, updatedBy: actorId })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: parsed, updatedBy: actorId, updatedAt: new Date() },
    });
  return parsed;
}

/**
 * An admin's change to the site settings, audited in the same transaction. Once it commits, every
 * app process drops its kept settings and cached pages, so the next page load shows the change.
 */
export type UpdateSiteSettingsOptions = {
  actor: { id: string };
  value: SiteSettings;
  /**
   * The version of the settings the form was opened on: if another admin saved since, nothing is
   * written (StaleEditError with the settings as they are now, decision record 37).
   */
  version?: number;
};

/**
 * The settings as the admin form edits them, read in one go with the version the form posts back
 * (decision record 37): never the kept copy, which may trail a change by a moment and would pair
 * older values with a newer version. `version` is undefined before the first save.
 */
export async function getSiteSettingsForEditing(): Promise<{
  settings: SiteSettings;
  version: number | undefined;
}> {
  const [row] = await db().select().from(siteSettings).where(eq(siteSettings.key, KEY));
  const parsed = row ? SiteSettingsSchema.safeParse(row.value) : null;
  return {
    settings: withReadablePhones(parsed?.success ? parsed.data : DEFAULT_SITE_SETTINGS),
    version: row?.version,
  };
}

export async function updateSiteSettings({ actor, value, version }: UpdateSiteSettingsOptions) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ version: siteSettings.version, updatedAt: siteSettings.updatedAt })
      .from(siteSettings)
      .where(eq(siteSettings.key, KEY))
      .for("update");
    const before = await getSiteSettings(tx);
    if (row) {
      await assertVersion(
        tx,
        row,
        version,
        { type: "site_settings", id: KEY },
        { settings: before },
      );
    }
    const saved = await saveSiteSettings({ on: tx, value, actorId: actor.id });
    const changed = (Object.keys(saved) as (keyof SiteSettings)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(saved[key]),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: "settings.update",
      targetType: "site_settings",
      targetId: KEY,
      details: { changed },
    });
    return saved;
  });
}
