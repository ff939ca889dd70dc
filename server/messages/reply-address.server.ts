import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { resolveAuthSecret } from "~/server/auth/auth.server";
import { config } from "~/server/config.server";
import { type Db, db } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/settings.server";

// A message e-mail's Reply-To names its thread: reply+<thread id, hex>.<signature>@domain. The
// signature (80 bits of an HMAC under a key of its own, derived from the auth secret) makes the
// address unguessable, so a reply to it may be taken as the applicant's; lower-case hex survives
// mail servers that change the case of an address, and the local part stays under 64 characters.

const SIGNATURE_HEX = 20;
const LOCAL_PART = /^reply\+([0-9a-f]{32})\.([0-9a-f]{20})$/;

// Inside a transaction, read through it: PGlite has one connection.
async function replyKey(on: Db = db()) {
  const secret = await resolveAuthSecret(on, config().authSecret);
  return crypto.createHmac("sha256", secret).update("message-reply-address").digest();
}

function sign(hex: string, key: Buffer) {
  return crypto.createHmac("sha256", key).update(hex).digest("hex").slice(0, SIGNATURE_HEX);
}

/** The address replies to this thread's e-mails go to, or null when inbound mail is off. */
export async function threadReplyAddress(threadId: string, on: Db = db()): Promise<string | null> {
  const domain = config().mail.inboundDomain;
  if (!domain) return null;
  const hex = threadId.replaceAll("-", "").toLowerCase();
  return `reply+${hex}.${sign(hex, await replyKey(on))}@${domain}`;
}

/** The thread an address names when it is one of ours and its signature holds; else null. */
export async function threadOfReplyAddress(address: string): Promise<string | null> {
  const domain = config().mail.inboundDomain;
  const at = address.trim().toLowerCase().lastIndexOf("@");
  if (!domain || at < 0) return null;
  if (
    address
      .trim()
      .toLowerCase()
      .slice(at + 1) !== domain
  )
    return null;
  const match = LOCAL_PART.exec(address.trim().toLowerCase().slice(0, at));
  if (!match) return null;
  const [, hex, mac] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(hex, await replyKey()));
  if (!crypto.timingSafeEqual(Buffer.from(mac), expected)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Where a reply goes when inbound mail is not set up: the applicant's office's address, else the
 * agency's contact address (never the no-reply sender).
 */
export async function officeReplyAddress(tx: Db, applicantId: string): Promise<string> {
  const settings = await getSiteSettings(tx);
  const [profile] = await tx
    .select({ office: profiles.office })
    .from(profiles)
    .where(eq(profiles.id, applicantId));
  const office = settings.offices.find((f) => f.city === profile?.office);
  return office?.email || settings.contactEmail;
}
