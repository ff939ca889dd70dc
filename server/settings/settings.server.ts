import { eq } from "drizzle-orm";
import {
  DEFAULT_SITE_SETTINGS,
  type SiteSettings,
  SiteSettingsSchema,
} from "../../domain/settings";
import { recordAudit } from "../audit/audit.server";
import { type Db, db } from "../db/client.server";
import { siteSettings } from "../db/schema";

const KEY = "site";

/** Read on every request that needs them, so a change takes effect without a restart. */
export async function getSiteSettings(on: Db = db()): Promise<SiteSettings> {
  const [row] = await on.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  if (!row) return DEFAULT_SITE_SETTINGS;
  const parsed = SiteSettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

export async function saveSiteSettings(on: Db, value: SiteSettings, actorId: string | null) {
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
 * An admin's change to the site settings, audited in the same transaction. Every page reads
 * getSiteSettings per request, so the change shows on the next page load without a restart.
 */
export async function updateSiteSettings(actor: { id: string }, value: SiteSettings) {
  return db().transaction(async (tx) => {
    const before = await getSiteSettings(tx);
    const saved = await saveSiteSettings(tx, value, actor.id);
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
