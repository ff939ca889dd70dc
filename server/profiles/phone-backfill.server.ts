import { and, type Column, eq, or, sql } from "drizzle-orm";
import { migratePhone, phoneRegionFor } from "~/domain/phone";
import { type Db, db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { getSiteSettings } from "~/server/settings/settings.server";

// Numbers saved before they were checked (free text) are put in E.164 once, at start-up: each is
// read in the person's country, else their office's (Zimbabwe for Harare, South Africa for
// Midrand), else Zimbabwe's. One that does not read is kept as it was and the profile is flagged
// (phone_needs_fix): the person is asked to correct it. No number is ever dropped.

const E164 = "^\\+[1-9][0-9]{6,14}$";
const notE164 = (column: Column) => and(sql`${column} is not null`, sql`${column} !~ ${E164}`);

/** Puts every profile's numbers not yet in E.164 in it (or flags them); returns what it did. */
export async function backfillPhoneNumbers(on: Db = db()) {
  const { offices } = await getSiteSettings(on);
  const rows = await on
    .select({
      id: profiles.id,
      phoneNumber: profiles.phoneNumber,
      whatsappNumber: profiles.whatsappNumber,
      country: profiles.country,
      office: profiles.office,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.phoneNeedsFix, false),
        or(notE164(profiles.phoneNumber), notE164(profiles.whatsappNumber)),
      ),
    );
  let migrated = 0;
  let flagged = 0;
  for (const row of rows) {
    const officeCountry = (offices.find((o) => o.city === row.office) ?? offices[0])?.country;
    const region = phoneRegionFor(row.country, officeCountry);
    const phone = migratePhone(row.phoneNumber, region);
    const whatsapp = migratePhone(row.whatsappNumber, region);
    const needsFix = phone.needsFix || whatsapp.needsFix;
    await on
      .update(profiles)
      .set({ phoneNumber: phone.value, whatsappNumber: whatsapp.value, phoneNeedsFix: needsFix })
      .where(eq(profiles.id, row.id));
    if (needsFix) flagged++;
    else migrated++;
  }
  if (rows.length > 0) logger().info({ migrated, flagged }, "phone numbers put in E.164");
  return { migrated, flagged };
}
