import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { APPLICANT_ROLES, isStaff } from "~/domain/enums";
import { DEFAULT_LANGUAGE, isLanguage } from "~/domain/languages";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import type { Db } from "~/server/db/client.server";
import { accounts, profiles, verifications } from "~/server/db/schema";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { applicantInScope, officeScopeFor } from "~/server/offices/scope.server";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { ownApplicantWhere } from "./agent-applicants.server";
import { agentInvitationEmail } from "./agent-mail.server";
import { addPasswordLink } from "./register-applicant.server";

// The invitation of an applicant an agent registered, sent again (it went to spam, was deleted,
// or its link expired): by their agent, or by staff of the applicant's offices, while the
// applicant has not chosen a password yet.
//
// The new link replaces the old ones: every password link of the applicant's that is still
// unused stops working, so exactly one link (the newest e-mail's) is alive at a time and an older
// e-mail lying in a shared mailbox cannot be used to take the account.

/** No second invitation within this many minutes of the last link sent (the messages say 5). */
export const RESEND_INTERVAL_MINUTES = 5;
/** Invitations one person may send again in an hour, across all their applicants. */
const RESEND_LIMIT = { window: 60 * 60, max: 30 };

export type ResendOutcome =
  | { ok: true }
  | { ok: false; error: "notFound" | "confirmed" | "tooMany" }
  | { ok: false; error: "tooSoon"; minutes: number };

const agentOwner = alias(profiles, "inviting_agent");

export async function resendAgentInvitation({
  actor,
  applicantId,
}: {
  actor: Pick<Viewer, "id" | "role">;
  applicantId: string | undefined;
}): Promise<ResendOutcome> {
  if (typeof applicantId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(applicantId)) {
    return { ok: false, error: "notFound" };
  }
  if (actor.role !== "agent" && !isStaff(actor.role)) return { ok: false, error: "notFound" };
  const limit = await consumeRateLimit(`invitation-resend:${actor.id}`, RESEND_LIMIT);
  if (!limit.allowed) return { ok: false, error: "tooMany" };
  const settings = await getSiteSettings();
  return inTransactionWithMail(async (tx): Promise<ResendOutcome> => {
    // An agent's own applicant; for staff, an applicant of their offices in an agent's care.
    const who =
      actor.role === "agent"
        ? ownApplicantWhere(actor, applicantId)
        : and(
            eq(profiles.id, applicantId),
            inArray(profiles.role, [...APPLICANT_ROLES]),
            isNull(profiles.erasedAt),
            applicantInScope(await officeScopeFor(actor, tx), profiles.id),
          );
    const [applicant] = await tx
      .select({
        id: profiles.id,
        fullName: profiles.fullName,
        email: profiles.email,
        lng: profiles.preferredLanguage,
        agentName: agentOwner.fullName,
      })
      .from(profiles)
      .innerJoin(agentOwner, and(eq(agentOwner.id, profiles.ownerId), eq(agentOwner.role, "agent")))
      .where(who)
      // Two resends at once: the second waits here, then finds the first's link too recent.
      .for("update", { of: profiles });
    if (!applicant) return { ok: false, error: "notFound" };
    if (await hasPassword(tx, applicant.id)) return { ok: false, error: "confirmed" };
    const wait = await minutesUntilNextLink(tx, applicant.id);
    if (wait > 0) return { ok: false, error: "tooSoon", minutes: wait };

    await tx
      .delete(verifications)
      .where(
        and(
          like(verifications.identifier, "reset-password:%"),
          eq(verifications.value, applicant.id),
        ),
      );
    const url = await addPasswordLink(tx, applicant.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "user.resend_invitation",
      targetType: "user",
      targetId: applicant.id,
    });
    const mail = agentInvitationEmail({
      settings,
      lng: isLanguage(applicant.lng) ? applicant.lng : DEFAULT_LANGUAGE,
      name: applicant.fullName,
      agentName: applicant.agentName,
      url,
    });
    await enqueueMail(tx, { to: applicant.email, ...mail });
    return { ok: true };
  });
}

/** Whether they have chosen their password (by a link): then the account is theirs. */
async function hasPassword(tx: Db, userId: string) {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return Boolean(row);
}

/**
 * Whole minutes (rounded up) before another link may be sent, counted from the newest password
 * link they were sent (the registration's, a resend's, or one they asked for themselves); 0 when
 * it may be sent now. Read on the database's clock, which stamped the links.
 */
async function minutesUntilNextLink(tx: Db, userId: string) {
  const [row] = await tx
    .select({
      seconds: sql<number | null>`extract(epoch from (max(${verifications.createdAt})
        + make_interval(mins => ${RESEND_INTERVAL_MINUTES}) - now()))::float8`,
    })
    .from(verifications)
    .where(
      and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, userId)),
    );
  const seconds = Number(row?.seconds ?? 0);
  return seconds > 0 ? Math.ceil(seconds / 60) : 0;
}
