import { eq } from "drizzle-orm";
import { isE164, isPhoneNotice, type PhoneChannel } from "~/domain/channels";
import type { NotificationKind } from "~/domain/enums";
import type { Language } from "~/domain/languages";
import { config } from "~/server/config.server";
import type { Db } from "~/server/db/client.server";
import { mailOutbox, profiles } from "~/server/db/schema";
import { serverT } from "~/server/i18n/translate.server";

// A notice that matters (domain/channels.ts) goes to the phone of whoever said yes to a channel,
// through the one durable outbox e-mail uses (mail_outbox, channel "whatsapp" or "sms"): written
// in the transaction of the change, sent after it commits by the same sender, with its retries and
// its rule of never sending twice (server/mail/sender.server.ts).

/**
 * Queues the notice for each phone channel the person opted into that is configured. Their
 * WhatsApp number for WhatsApp (else their phone), their phone for SMS (else their WhatsApp);
 * a number not in E.164 (one kept as typed because it could not be read) gets nothing.
 */
export async function queuePhoneNotices(
  tx: Db,
  n: {
    userId: string;
    kind: NotificationKind;
    title: string;
    body: string;
    link: string | null;
    lng: Language;
  },
): Promise<void> {
  if (!isPhoneNotice(n.kind)) return;
  const channels = config().phone;
  if (!channels.whatsapp && !channels.sms) return;
  const [person] = await tx
    .select({
      phone: profiles.phoneNumber,
      whatsapp: profiles.whatsappNumber,
      whatsappOptInAt: profiles.whatsappOptInAt,
      smsOptInAt: profiles.smsOptInAt,
      erasedAt: profiles.erasedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, n.userId));
  if (!person || person.erasedAt) return;
  const t = serverT(n.lng);
  const link = n.link ? `${config().baseUrl}${n.link}` : null;
  const rows: { channel: PhoneChannel; to: string; text: string }[] = [];
  const whatsappTo = [person.whatsapp, person.phone].find(isE164);
  if (channels.whatsapp && person.whatsappOptInAt && whatsappTo) {
    rows.push({ channel: "whatsapp", to: whatsappTo, text: n.body });
  }
  const smsTo = [person.phone, person.whatsapp].find(isE164);
  if (channels.sms && person.smsOptInAt && smsTo) {
    // One or two SMS: the title and the link; the page says the rest.
    const text = link
      ? t("phone.sms", { title: n.title, link })
      : t("phone.smsNoLink", { title: n.title });
    rows.push({ channel: "sms", to: smsTo, text });
  }
  if (rows.length === 0) return;
  await tx.insert(mailOutbox).values(
    rows.map((r) => ({
      channel: r.channel,
      to: r.to,
      subject: n.title,
      text: r.text,
      headers: { link: n.link ?? "", lng: n.lng },
    })),
  );
}
