import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { EMAIL_CONFIRMATION_DAYS } from "~/domain/confirmation-link";
import type { RegisterApplicant } from "~/domain/agents";
import { AccountFieldsSchema } from "~/domain/accounts";
import type { Language } from "~/domain/languages";
import { knownOffice } from "~/domain/offices";
import { recordAudit } from "~/server/audit/audit.server";
import { tellOwnerOfSignUpAttempt } from "~/server/auth/account-guards.server";
import { config } from "~/server/config.server";
import { type Db, db } from "~/server/db/client.server";
import { profiles, verifications } from "~/server/db/schema";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { Agent } from "./agent-applicants.server";
import { agentInvitationEmail } from "./agent-mail.server";

// An agent registers an applicant on their behalf (decision record 48): the account is made in
// the agent's office with the agent as its owner and no password at all; the applicant receives a
// link to choose their own. Until they do, nobody can sign in to it: the agent never learns or
// sets a password.

/** Registrations (and refused attempts) an agent may make in an hour. */
const REGISTER_LIMIT = { window: 60 * 60, max: 30 };
/** Where the e-mailed link lands once better-auth has checked its token: the password form. */
const PASSWORD_FORM = "/auth/reset-password?welcome=1";

export type RegisterOutcome =
  { ok: true; applicantId: string } | { ok: false; error: "emailTaken" | "tooMany" | "notAgent" };

export async function registerApplicantForAgent({
  agent,
  form,
  lng,
}: {
  agent: Agent;
  form: RegisterApplicant;
  /** The language their e-mails start in (the page the agent filled in). */
  lng: Language;
}): Promise<RegisterOutcome> {
  if (agent.role !== "agent") return { ok: false, error: "notAgent" };
  const limit = await consumeRateLimit(`agent-register:${agent.id}`, REGISTER_LIMIT);
  if (!limit.allowed) return { ok: false, error: "tooMany" };
  const settings = await getSiteSettings();
  const outcome = await inTransactionWithMail(async (tx) => {
    const [me] = await tx
      .select({ fullName: profiles.fullName, office: profiles.office, role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, agent.id));
    if (me?.role !== "agent") return { ok: false as const, error: "notAgent" as const };
    // The same rules as every account (the sign-up's schema), in the agent's own office.
    const account = AccountFieldsSchema.parse({
      ...form,
      office: knownOffice(me.office, settings.offices) ?? settings.offices[0]?.city,
    });
    const [taken] = await tx
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.email, account.email));
    if (taken) return { ok: false as const, error: "emailTaken" as const, name: taken.fullName };
    const id = crypto.randomUUID();
    await tx.insert(profiles).values({
      id,
      fullName: account.fullName,
      email: account.email,
      emailVerified: false,
      phoneNumber: account.phoneNumber ?? null,
      country: account.country,
      role: account.role,
      office: account.office ?? null,
      ownerId: agent.id,
      preferredLanguage: lng,
    });
    const url = await addPasswordLink(tx, id);
    await recordAudit(tx, {
      actorId: agent.id,
      action: "user.register_by_agent",
      targetType: "user",
      targetId: id,
      details: { role: account.role, office: account.office ?? null },
    });
    const mail = agentInvitationEmail({
      settings,
      lng,
      name: account.fullName,
      agentName: me.fullName,
      url,
    });
    await enqueueMail(tx, { to: account.email, ...mail });
    return { ok: true as const, applicantId: id };
  });
  // The address's owner hears that someone tried, as after a sign-up with a taken address.
  if (!outcome.ok && "name" in outcome) {
    await tellOwnerOfSignUpAttempt(db(), config().baseUrl, {
      email: form.email,
      name: outcome.name ?? form.fullName,
    });
    return { ok: false, error: "emailTaken" };
  }
  return outcome;
}

/**
 * A link to choose a password: better-auth's own reset-password token (a verifications row named
 * "reset-password:<token>" holding the user id, as its /request-password-reset writes one), kept
 * as long as an e-mail confirmation link. better-auth's reset makes the credential account the
 * first time (utils/password resetCredentialPassword) and server/auth marks the address confirmed.
 */
export async function addPasswordLink(tx: Db, userId: string) {
  const token = crypto.randomBytes(24).toString("base64url");
  await tx.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: sql`now() + make_interval(days => ${EMAIL_CONFIRMATION_DAYS})`,
  });
  const base = config().baseUrl.replace(/\/$/, "");
  return `${base}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(PASSWORD_FORM)}`;
}
