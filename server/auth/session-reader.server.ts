import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "~/server/db/client.server";
import { policyAcceptances, profiles, sessions } from "~/server/db/schema";
import { hasCvSql } from "~/server/fees/fee-policies.server";
import { auth } from "./auth.server";

/**
 * Who a request's session cookie belongs to, read the way better-auth's `getSession` reads it, for
 * a fraction of its cost: the cookie's HMAC checked with node's crypto, then the session and its
 * person in one prepared query.
 *
 * `getSession` goes through better-auth's endpoint machinery (context, hooks, a Web Crypto key
 * imported on every call, a query for the session and another for the person, output filters):
 * under load it was about a quarter of a signed-in page's server time. Every signed-in request
 * asks who is asking, so this is the hot path; better-auth stays the only writer.
 *
 * The answer is `"ask-better-auth"` whenever better-auth would do more than read: a session that
 * has expired (it deletes it), one due for its daily refresh (it extends it), a "don't remember me"
 * session, or a cookie it would read differently. Then the caller asks `getSession` itself.
 * `tests/integration/session-reader.test.ts` holds the two to the same answers.
 */
export type SessionRead = { session: SessionRow } | null | "ask-better-auth";

export type SessionRow = {
  sessionId: string;
  expiresAt: Date;
  id: string;
  email: string;
  fullName: string;
  role: string;
  registrationFeePaid: boolean;
  country: string | null;
  phoneNumber: string | null;
  whatsappNumber: string | null;
  preferredLanguage: string;
  office: string | null;
  extraOffices: string[];
  /** Whether a CV counts for their registration (the premium rule under a no-fee policy). */
  hasCv: boolean;
  /** Read only when asked for (`withPolicies`). */
  acceptedPolicies?: [policy: string, version: string][];
};

type Settings = {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
};

let settings: { auth: object; value: Promise<Settings> } | undefined;

/** better-auth's own cookie names, secret and session ages (never a copy of its configuration). */
function authSettings(): Promise<Settings> {
  const current = auth();
  if (settings?.auth !== current) {
    settings = {
      auth: current,
      value: current.$context.then((ctx) => ({
        sessionCookie: ctx.authCookies.sessionToken.name,
        dontRememberCookie: ctx.authCookies.dontRememberToken.name,
        secret: ctx.secret,
        expiresInMs: ctx.sessionConfig.expiresIn * 1000,
        updateAgeMs: ctx.sessionConfig.updateAge * 1000,
      })),
    };
  }
  return settings.value;
}

/**
 * One cookie's value from a Cookie header, as better-call's parser gives it: the first of that
 * name, trimmed, unquoted and percent-decoded (left as it is when it does not decode).
 */
export function cookieValue(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) return undefined;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes("%") ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/**
 * The value a signed cookie carries (`value.base64(HMAC-SHA256(secret, value))`, better-call's
 * format), or null when it is not signed with this secret.
 */
export function verifySignedValue(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf(".");
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const given = Buffer.from(signature, "base64");
  const expected = crypto.createHmac("sha256", secret).update(value).digest();
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return value;
}

const sessionColumns = {
  sessionId: sessions.id,
  expiresAt: sessions.expiresAt,
  id: profiles.id,
  email: profiles.email,
  fullName: profiles.fullName,
  role: profiles.role,
  registrationFeePaid: profiles.registrationFeePaid,
  country: profiles.country,
  phoneNumber: profiles.phoneNumber,
  whatsappNumber: profiles.whatsappNumber,
  preferredLanguage: profiles.preferredLanguage,
  // What staff pages ask next, in the same round trip: the offices a staff member sees.
  office: profiles.office,
  extraOffices: profiles.extraOffices,
  hasCv: hasCvSql(),
};

// Built once per database, not on every request. The applicant area and the back office check
// consent on every page (their layouts): for them the accepted texts come in the same round trip.
const sessionQuery = preparedQuery((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("passage_session_by_token"),
);
const sessionWithPoliciesQuery = preparedQuery((db) =>
  db
    .select({
      ...sessionColumns,
      acceptedPolicies: sql<
        [policy: string, version: string][]
      >`(select coalesce(json_agg(json_build_array(${policyAcceptances.policy}, ${policyAcceptances.version})), '[]'::json) from ${policyAcceptances} where ${policyAcceptances.userId} = ${profiles.id})`,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("passage_session_with_policies_by_token"),
);

export async function readSession(
  cookieHeader: string,
  options: { withPolicies?: boolean } = {},
): Promise<SessionRead> {
  const config = await authSettings();
  const raw = cookieValue(cookieHeader, config.sessionCookie);
  if (!raw) return null;
  const token = verifySignedValue(raw, config.secret);
  if (!token) return null;
  // better-auth reads this one only to decide whether to refresh; such sessions are rare.
  if (cookieValue(cookieHeader, config.dontRememberCookie) !== undefined) return "ask-better-auth";
  const [row]: SessionRow[] = options.withPolicies
    ? await sessionWithPoliciesQuery().execute({ token })
    : await sessionQuery().execute({ token });
  if (!row) return null;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt < now) return "ask-better-auth";
  if (expiresAt - config.expiresInMs + config.updateAgeMs <= now) return "ask-better-auth";
  return { session: row };
}
