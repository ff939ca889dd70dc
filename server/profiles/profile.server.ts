import { eq } from "drizzle-orm";
import { isApplicantRole } from "~/domain/enums";
import { DEFAULT_LANGUAGE, type Language } from "~/domain/languages";
import type { Profile } from "~/domain/profile";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { defaultOfficeFor, knownOffice } from "~/domain/offices";
import { callingPrefixOf, formatPhone, phoneRegionFor } from "~/domain/phone";
import { getSiteSettings } from "~/server/settings/settings.server";

export async function getOwnProfile(viewer: Pick<Viewer, "id">) {
  const [[row], { offices }] = await Promise.all([readOwnProfile(viewer), getSiteSettings()]);
  if (!row) return null;
  // The office that looks after them: the one saved, or (none yet) the one in their country.
  const office = knownOffice(row.office, offices) ?? defaultOfficeFor(row.country, offices);
  // Numbers as people read them; a local one typed next is read in their country, else the office's.
  const officeCountry = offices.find((o) => o.city === office)?.country;
  const region = phoneRegionFor(officeCountry);
  const phone = { region, prefix: callingPrefixOf(phoneRegionFor(row.country, officeCountry)) };
  return {
    ...row,
    office,
    phoneNumber: formatPhone(row.phoneNumber),
    whatsappNumber: formatPhone(row.whatsappNumber),
    phone,
  };
}

function readOwnProfile(viewer: Pick<Viewer, "id">) {
  return db()
    .select({
      email: profiles.email,
      fullName: profiles.fullName,
      phoneNumber: profiles.phoneNumber,
      whatsappNumber: profiles.whatsappNumber,
      phoneNeedsFix: profiles.phoneNeedsFix,
      country: profiles.country,
      role: profiles.role,
      preferredCountryCode: profiles.preferredCountryCode,
      preferredSector: profiles.preferredSector,
      preferredFieldOfStudy: profiles.preferredFieldOfStudy,
      emailNotifications: profiles.emailNotifications,
      marketingEmails: profiles.marketingEmails,
      registrationFeePaid: profiles.registrationFeePaid,
      office: profiles.office,
    })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
}

/**
 * Updates the viewer's own profile. The e-mail is not editable here, and the role may only move
 * between the two applicant roles: staff and agent roles are granted by user admins only. An
 * applicant chooses their nearest office (one of the settings', else the one in their country);
 * a staff member's office is set by an admin, never here.
 */
export async function updateOwnProfile(viewer: Pick<Viewer, "id" | "role">, input: Profile) {
  const applicant = isApplicantRole(viewer.role);
  const roleChange =
    input.role && applicant && isApplicantRole(input.role) ? { role: input.role } : {};
  const { offices } = await getSiteSettings();
  const officeChange = applicant
    ? { office: knownOffice(input.office, offices) ?? defaultOfficeFor(input.country, offices) }
    : {};
  await db()
    .update(profiles)
    .set({
      fullName: input.fullName,
      phoneNumber: input.phoneNumber,
      whatsappNumber: input.whatsappNumber,
      // Both numbers were read (the schema refuses one that does not): nothing left to correct.
      phoneNeedsFix: false,
      country: input.country,
      preferredCountryCode: input.preferredCountryCode,
      preferredSector: input.preferredSector,
      preferredFieldOfStudy: input.preferredFieldOfStudy,
      emailNotifications: input.emailNotifications,
      marketingEmails: input.marketingEmails,
      ...roleChange,
      ...officeChange,
    })
    .where(eq(profiles.id, viewer.id));
}

/**
 * The language a person chose with the switcher, kept on their profile: their e-mails and
 * notifications are written in it, and signing in on another device brings it back.
 */
export async function setOwnPreferredLanguage(options: {
  viewer: Pick<Viewer, "id">;
  lng: Language;
}) {
  await db()
    .update(profiles)
    .set({ preferredLanguage: options.lng })
    .where(eq(profiles.id, options.viewer.id));
}

/** The language saved on a person's profile (English if they have none). */
export async function getPreferredLanguage(userId: string): Promise<Language> {
  const [row] = await db()
    .select({ lng: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.lng ?? DEFAULT_LANGUAGE;
}
