import { eq } from "drizzle-orm";
import { isE164, PHONE_CHANNELS, type PhoneChannel } from "~/domain/channels";
import { isApplicantRole } from "~/domain/enums";
import { recordAudits } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { channelConfigured } from "./transport.server";

// A person's yes or no to each phone channel, on their profile: given and withdrawn by them only,
// each change recorded (consent to direct messages) with when.

export type PhoneChannelChoice = {
  channel: PhoneChannel;
  /** Set up by the agency (its provider's settings); off: the profile says so. */
  available: boolean;
  on: boolean;
  /** The number it goes to, or null when none of theirs is in international format. */
  number: string | null;
};

const numbersFor = (p: { phone: string | null; whatsapp: string | null }) => ({
  whatsapp: [p.whatsapp, p.phone].find(isE164) ?? null,
  sms: [p.phone, p.whatsapp].find(isE164) ?? null,
});

/** The applicant's choices (null for staff: the phone notices are an applicant's). */
export async function readPhoneChannels(
  viewer: Pick<Viewer, "id" | "role">,
): Promise<PhoneChannelChoice[] | null> {
  if (!isApplicantRole(viewer.role)) return null;
  const [p] = await db()
    .select({
      phone: profiles.phoneNumber,
      whatsapp: profiles.whatsappNumber,
      whatsappOptInAt: profiles.whatsappOptInAt,
      smsOptInAt: profiles.smsOptInAt,
    })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  if (!p) return null;
  const numbers = numbersFor(p);
  return PHONE_CHANNELS.map((channel) => ({
    channel,
    available: channelConfigured(channel),
    on: Boolean(channel === "whatsapp" ? p.whatsappOptInAt : p.smsOptInAt),
    number: numbers[channel],
  }));
}

/**
 * Sets the applicant's channels to `wanted`: a yes is recorded with its time (kept if it was already
 * yes), a no clears it; a channel the agency has not set up, or without a number to send to, cannot
 * be turned on. Returns the channels it could not turn on.
 */
export async function setPhoneChannels(
  viewer: Pick<Viewer, "id" | "role">,
  wanted: Record<PhoneChannel, boolean>,
): Promise<{ ok: true } | { ok: false; reason: "notApplicant" | "unavailable" | "noNumber" }> {
  if (!isApplicantRole(viewer.role)) return { ok: false, reason: "notApplicant" };
  return db().transaction(async (tx) => {
    const [p] = await tx
      .select({
        phone: profiles.phoneNumber,
        whatsapp: profiles.whatsappNumber,
        whatsappOptInAt: profiles.whatsappOptInAt,
        smsOptInAt: profiles.smsOptInAt,
      })
      .from(profiles)
      .where(eq(profiles.id, viewer.id))
      .for("update");
    if (!p) return { ok: false, reason: "notApplicant" } as const;
    const numbers = numbersFor(p);
    const now = new Date();
    const was = { whatsapp: Boolean(p.whatsappOptInAt), sms: Boolean(p.smsOptInAt) };
    for (const channel of PHONE_CHANNELS) {
      if (!wanted[channel] || was[channel]) continue;
      if (!channelConfigured(channel)) return { ok: false, reason: "unavailable" } as const;
      if (!numbers[channel]) return { ok: false, reason: "noNumber" } as const;
    }
    await tx
      .update(profiles)
      .set({
        whatsappOptInAt: wanted.whatsapp ? (p.whatsappOptInAt ?? now) : null,
        smsOptInAt: wanted.sms ? (p.smsOptInAt ?? now) : null,
      })
      .where(eq(profiles.id, viewer.id));
    await recordAudits(
      tx,
      PHONE_CHANNELS.filter((c) => wanted[c] !== was[c]).map((channel) => ({
        actorId: viewer.id,
        action: wanted[channel] ? "profile.channel_optin" : "profile.channel_stop",
        targetType: "profile",
        targetId: viewer.id,
        details: { channel, by: "profile", number: numbers[channel] },
      })),
    );
    return { ok: true } as const;
  });
}
