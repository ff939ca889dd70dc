import { and, eq, like } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { AccountFieldsSchema, AccountFieldsShape, SignUpBodySchema } from "~/domain/accounts";
import { safeRedirect } from "~/domain/auth";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/languages";
import { defaultOfficeFor, knownOffice } from "~/domain/offices";
import type { Db } from "~/server/db/client.server";
import { profiles, verifications } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { signUpAttemptEmail } from "~/server/auth/account-mail.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/security/rate-limit.server";
import { getSiteSettings } from "~/server/settings/settings.server";

// Rules better-auth's own endpoints must keep, whoever calls them: our forms call them through
// auth().api, and anyone can call them directly at /api/auth/*. Registered in auth.server.ts.

/** The header server/http.ts (and the form actions) set to the client address it trusts. */
export const CLIENT_IP_HEADER = "x-passage-client-ip";

/** Reset links: per address and per client, on the form and on /api/auth/request-password-reset. */
export const RESET_LIMITS = {
  perEmail: { window: 60 * 60, max: 3 },
  perClient: { window: 60 * 60, max: 10 },
} satisfies Record<string, RateLimitRule>;

/** "Someone tried to sign up with your address" mails: enough to warn, too few to harass. */
const SIGN_UP_ATTEMPT_MAILS = { window: 24 * 60 * 60, max: 3 } satisfies RateLimitRule;

const SIGN_UP_BODY_KEYS = new Set([
  "name",
  "email",
  "password",
  "role",
  "country",
  "phoneNumber",
  "whatsappNumber",
  "callbackURL",
  "rememberMe",
  "preferredLanguage",
  "office",
]);

type Body = Record<string, unknown>;

function invalid(fields: string[]) {
  return new APIError("BAD_REQUEST", {
    message: `Check these fields: ${fields.join(", ")}`,
    code: "INVALID_SIGN_UP",
  });
}

const orUndefined = (v: unknown) => (v === null ? undefined : v);

/**
 * /sign-up/email gets the sign-up form's schema before better-auth looks the address up, so an
 * invalid body is refused the same way for a new and a taken address.
 */
export function checkSignUpBody(body: Body | undefined) {
  const b = body ?? {};
  const unknownKeys = Object.keys(b).filter((k) => !SIGN_UP_BODY_KEYS.has(k));
  if (unknownKeys.length) throw invalid(unknownKeys);
  const parsed = SignUpBodySchema.safeParse({
    fullName: b.name,
    email: b.email,
    phoneNumber: orUndefined(b.phoneNumber),
    whatsappNumber: orUndefined(b.whatsappNumber),
    country: b.country,
    role: b.role,
    office: orUndefined(b.office),
    password: b.password,
    confirmPassword: b.password,
  });
  if (!parsed.success)
    throw invalid([...new Set(parsed.error.issues.map((i) => String(i.path[0])))]);
  if (b.callbackURL !== undefined && safeRedirect(b.callbackURL, "") === "") {
    throw invalid(["callbackURL"]);
  }
  if (b.preferredLanguage !== undefined && !isLanguage(b.preferredLanguage)) {
    throw invalid(["preferredLanguage"]);
  }
}

/** The user row better-auth is about to insert, checked and normalised with the same schema. */
export function checkNewUser<T extends Body>(user: T): T {
  const parsed = AccountFieldsSchema.safeParse({
    fullName: user.name,
    email: user.email,
    phoneNumber: orUndefined(user.phoneNumber),
    whatsappNumber: orUndefined(user.whatsappNumber),
    country: user.country,
    role: user.role ?? "job_seeker",
    office: orUndefined(user.office),
  });
  if (!parsed.success)
    throw invalid([...new Set(parsed.error.issues.map((i) => String(i.path[0])))]);
  const v = parsed.data;
  return {
    ...user,
    name: v.fullName,
    email: v.email,
    country: v.country,
    role: v.role,
    phoneNumber: v.phoneNumber ?? null,
    whatsappNumber: v.whatsappNumber ?? null,
    preferredLanguage: isLanguage(user.preferredLanguage)
      ? user.preferredLanguage
      : DEFAULT_LANGUAGE,
  };
}

/**
 * A new account's office: the one it chose if that is one of the settings' offices, else the
 * office in its country, else the first (domain/offices.ts).
 */
export async function withNearestOffice<T extends Body>(database: Db, user: T): Promise<T> {
  const { offices } = await getSiteSettings(database);
  const office =
    knownOffice(user.office, offices) ?? defaultOfficeFor(user.country as string, offices);
  return { ...user, office };
}

/** The language an account's e-mails are written in (English for an address we do not know). */
export async function preferredLanguageOf(database: Db, email: string): Promise<Language> {
  const [row] = await database
    .select({ lng: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.email, email.trim().toLowerCase()));
  return row?.lng ?? DEFAULT_LANGUAGE;
}

const UPDATABLE = AccountFieldsShape.pick({
  fullName: true,
  phoneNumber: true,
  whatsappNumber: true,
  country: true,
}).partial();

/** An update through better-auth (e-mail confirmation, sign-in bookkeeping) keeps the same rules. */
export function checkUserUpdate(data: Body) {
  const present = Object.fromEntries(
    (
      [
        ["fullName", "name"],
        ["phoneNumber", "phoneNumber"],
        ["whatsappNumber", "whatsappNumber"],
        ["country", "country"],
      ] as const
    )
      .filter(([, from]) => data[from] !== undefined)
      .map(([to, from]) => [to, orUndefined(data[from])]),
  );
  const parsed = UPDATABLE.safeParse(present);
  if (!parsed.success)
    throw invalid([...new Set(parsed.error.issues.map((i) => String(i.path[0])))]);
}

/**
 * /request-password-reset: the form's caps hold on every path. Both counters are shared with the
 * form (which calls this endpoint through auth().api with the client address).
 */
export async function enforceResetLimits(body: Body | undefined, headers: Headers | undefined) {
  const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : null;
  const clientIp = headers?.get(CLIENT_IP_HEADER) ?? null;
  const checks: [string, RateLimitRule][] = [];
  if (clientIp) checks.push([`reset:ip:${clientIp}`, RESET_LIMITS.perClient]);
  if (email) checks.push([`reset:email:${email}`, RESET_LIMITS.perEmail]);
  for (const [key, rule] of checks) {
    const result = await consumeRateLimit(key, rule);
    if (!result.allowed) {
      const retryAfter = result.retryAfter ?? rule.window;
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { message: "Too many reset requests. Please try again later.", code: "TOO_MANY_REQUESTS" },
        { "retry-after": String(retryAfter) },
      );
    }
  }
}

/**
 * After a successful reset, every other reset link of the account stops working. better-auth
 * keeps each link as a verification row "reset-password:<token>" whose value is the user id
 * (identifiers are stored plain: the default of `verification.storeIdentifier`).
 */
export async function revokeOtherResetLinks(database: Db, userId: string) {
  await database
    .delete(verifications)
    .where(
      and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")),
    );
}

/** A password chosen by an e-mailed link confirms the address it was sent to. */
export async function confirmAddressByPasswordLink(database: Db, userId: string) {
  await database
    .update(profiles)
    .set({ emailVerified: true })
    .where(and(eq(profiles.id, userId), eq(profiles.emailVerified, false)));
}

/** Sign-up with a taken address: the answer is the generic one; the owner hears of it by e-mail. */
export async function tellOwnerOfSignUpAttempt(
  database: Db,
  baseUrl: string,
  user: { email: string; name: string },
) {
  const limit = await consumeRateLimit(
    `signup-attempt-mail:${user.email.toLowerCase()}`,
    SIGN_UP_ATTEMPT_MAILS,
  );
  if (!limit.allowed) {
    logger().info("sign-up attempt on a taken address: owner already warned today");
    return;
  }
  const settings = await getSiteSettings(database);
  const lng = await preferredLanguageOf(database, user.email);
  const mail = signUpAttemptEmail({ settings, baseUrl, name: user.name, lng });
  await inTransactionWithMail((tx) => enqueueMail(tx, { to: user.email, ...mail }), database);
}
