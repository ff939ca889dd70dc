import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  callingCodeOf,
  normaliseEmail,
  normaliseName,
  phoneCandidates,
  type VerifyAnswer,
  verifyQueryKind,
} from "~/domain/agency-trust";
import { STAFF_ROLES } from "~/domain/enums";
import { db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/settings.server";

// The public /verify check (decision record 31). It answers from what the agency itself
// publishes — the main phone and WhatsApp line, the contact address, each office's phone and
// address — and from staff who agreed to be listed. Nothing else is ever looked up, so an
// applicant's number or address gets the very same "not ours" as a number nobody has.

type Channel = "phone" | "whatsapp" | "email";
type ContactPoint = { channel: Channel; office: string | null; value: string };

/**
 * Whether `query` (a phone or WhatsApp number, an e-mail address, or a staff member's full name)
 * belongs to the agency. A name matches only a staff member who chose to be listed, whole and
 * exactly (case and spaces aside): "Farai" alone confirms nobody.
 */
export async function verifyContactPoint(query: string): Promise<VerifyAnswer> {
  const value = query.trim();
  const kind = verifyQueryKind(value);
  const settings = await getSiteSettings();
  const points: ContactPoint[] = [
    { channel: "whatsapp", office: null, value: settings.whatsappNumber },
    { channel: "phone", office: null, value: settings.phone },
    { channel: "email", office: null, value: settings.contactEmail },
    ...settings.offices.flatMap((o) => [
      { channel: "phone" as const, office: o.city, value: o.phone },
      { channel: "email" as const, office: o.city, value: o.email },
    ]),
  ];
  const localCodes = [
    ...new Set(settings.offices.map((o) => callingCodeOf(o.country)).filter((c) => c !== null)),
  ];

  if (kind === "email") {
    const wanted = normaliseEmail(value);
    const uses = points
      .filter((p) => p.channel === "email" && normaliseEmail(p.value) === wanted)
      .map(({ channel, office }) => ({ channel, office }));
    return uses.length ? { found: true, kind, value, uses } : { found: false, kind, value };
  }

  if (kind === "phone") {
    const asked = new Set(phoneCandidates(value, localCodes));
    const uses = points
      .filter((p) => {
        if (p.channel === "email") return false;
        const office = settings.offices.find((o) => o.city === p.office);
        const own = office ? [callingCodeOf(office.country)].filter((c) => c !== null) : localCodes;
        return phoneCandidates(p.value, own).some((d) => asked.has(d));
      })
      .map(({ channel, office }) => ({ channel, office }));
    return uses.length ? { found: true, kind, value, uses } : { found: false, kind, value };
  }

  const name = normaliseName(value);
  // Two words at least: a first name alone would confirm "someone called Farai works there".
  if (!name.includes(" ")) return { found: false, kind, value };
  const rows = await db()
    .select({ fullName: profiles.fullName, office: profiles.office })
    .from(profiles)
    .where(
      and(
        inArray(profiles.role, [...STAFF_ROLES]),
        eq(profiles.listedOnVerify, true),
        isNull(profiles.erasedAt),
        sql`lower(regexp_replace(btrim(${profiles.fullName}), '\\s+', ' ', 'g')) = ${name}`,
      ),
    );
  if (rows.length === 0) return { found: false, kind, value };
  const first = settings.offices[0]?.city ?? "";
  const offices = [
    ...new Set(
      rows.map((r) => (settings.offices.some((o) => o.city === r.office) ? r.office! : first)),
    ),
  ];
  return { found: true, kind, value: rows[0]!.fullName, offices };
}
