import type { PhoneChannel } from "~/domain/channels";
import type { Language } from "~/domain/languages";
import { config } from "~/server/config.server";

// The providers behind the phone channels, each a small HTTP call: WhatsApp through the WhatsApp
// Business Cloud API (an approved template in the person's language, since a business may not
// write first in free text), SMS through Africa's Talking (the region's provider: Zimbabwe and
// South Africa among its networks). Their addresses are settings, so the tests and the demo talk
// to local fakes (tests/integration/phone-channels.test.ts).

export type PhoneMessage = {
  /** The outbox row's id: kept in the provider's request, to find it in the logs. */
  id: string;
  channel: PhoneChannel;
  /** E.164. */
  to: string;
  title: string;
  text: string;
  /** The page it leads to (a path), or null. */
  link: string | null;
  lng: Language;
};

/** The template languages of WhatsApp (its codes, not ours). */
const WHATSAPP_LANGUAGE: Record<Language, string> = { en: "en", fr: "fr", pt: "pt_PT" };

/** A template variable: one line, at most 1,024 characters (WhatsApp's rules). */
const variable = (text: string, max = 1000) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** Whether the channel has its settings (off otherwise: nothing is queued for it). */
export function channelConfigured(channel: PhoneChannel): boolean {
  return config().phone[channel] !== null;
}

/**
 * Sends one message; resolves with the provider's id once the provider accepted it, throws when it
 * refused or could not be reached (the sender retries later).
 */
export async function sendPhoneMessage(m: PhoneMessage): Promise<{ providerMessageId: string }> {
  return m.channel === "whatsapp" ? sendWhatsApp(m) : sendSms(m);
}

async function sendWhatsApp(m: PhoneMessage) {
  const wa = config().phone.whatsapp;
  if (!wa) throw new Error("WhatsApp is not configured");
  const components: unknown[] = [
    {
      type: "body",
      parameters: [
        { type: "text", text: variable(m.title, 200) },
        { type: "text", text: variable(m.text) },
      ],
    },
  ];
  if (m.link) {
    components.push({
      type: "button",
      sub_type: "url",
      index: "0",
      parameters: [{ type: "text", text: m.link.replace(/^\//, "") }],
    });
  }
  const response = await fetch(`${wa.apiUrl}/${wa.phoneNumberId}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${wa.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: m.to.replace(/^\+/, ""),
      type: "template",
      biz_opaque_callback_data: m.id,
      template: {
        name: wa.template,
        language: { code: WHATSAPP_LANGUAGE[m.lng] },
        components,
      },
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { message?: string };
  } | null;
  const id = body?.messages?.[0]?.id;
  if (!response.ok || !id) {
    throw new Error(
      `WhatsApp refused the message (${response.status}): ${body?.error?.message ?? "no message id"}`,
    );
  }
  return { providerMessageId: id };
}

async function sendSms(m: PhoneMessage) {
  const sms = config().phone.sms;
  if (!sms) throw new Error("SMS is not configured");
  const form = new URLSearchParams({ username: sms.username, to: m.to, message: m.text });
  if (sms.senderId) form.set("from", sms.senderId);
  const response = await fetch(`${sms.apiUrl}/messaging`, {
    method: "POST",
    headers: {
      apiKey: sms.apiKey,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as {
    SMSMessageData?: { Recipients?: { status?: string; messageId?: string }[]; Message?: string };
  } | null;
  const recipient = body?.SMSMessageData?.Recipients?.[0];
  if (!response.ok || recipient?.status !== "Success" || !recipient.messageId) {
    throw new Error(
      `The SMS provider refused the message (${response.status}): ${recipient?.status ?? body?.SMSMessageData?.Message ?? "no message id"}`,
    );
  }
  return { providerMessageId: recipient.messageId };
}
