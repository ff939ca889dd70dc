import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { APPLICANT_ROLES } from "../../domain/enums";
import type { Db } from "../db/client.server";
import { accounts, appState, profiles, sessions, verifications } from "../db/schema";
import { logger } from "../logger.server";
import { enqueueMail } from "../mail/outbox.server";
import { emailVerificationEmail, passwordResetEmail } from "../mail/templates.server";
import { getSiteSettings } from "../settings/settings.server";
import { lookup, register } from "../registry.server";
import { consumeRateLimit } from "../security/rate-limit.server";

export const SESSION_COOKIE_PREFIX = "passage";
const SESSION_DAYS = 7;

export type AuthOptions = { baseUrl: string; secret: string; secureCookies: boolean };

export function createAuth(database: Db, options: AuthOptions) {
  return betterAuth({
    appName: "Passage",
    logger: {
      log: (level, message, ...args) => {
        const l = logger();
        const fn = level === "error" ? l.error : level === "warn" ? l.warn : l.debug;
        fn.call(l, { args: args.length ? args : undefined }, `better-auth: ${message}`);
      },
    },
    baseURL: options.baseUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.baseUrl],
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: { user: profiles, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    user: {
      fields: { name: "fullName" },
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "job_seeker", input: true },
        country: { type: "string", required: false, input: true },
        phoneNumber: { type: "string", required: false, input: true },
        whatsappNumber: { type: "string", required: false, input: true },
        registrationFeePaid: {
          type: "boolean",
          required: false,
          defaultValue: false,
          input: false,
        },
        emailNotifications: { type: "boolean", required: false, defaultValue: true, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Not inside a better-auth transaction, so the outbox insert may use the database directly.
      sendResetPassword: async ({ user, url }) => {
        const settings = await getSiteSettings(database);
        const mail = passwordResetEmail({
          settings,
          baseUrl: options.baseUrl,
          name: user.name,
          url,
        });
        await enqueueMail(database, { to: user.email, ...mail });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // Runs after the sign-up transaction has committed (better-auth queues it).
      sendVerificationEmail: async ({ user, url }) => {
        const settings = await getSiteSettings(database);
        const mail = emailVerificationEmail({
          settings,
          baseUrl: options.baseUrl,
          name: user.name,
          url,
        });
        await enqueueMail(database, { to: user.email, ...mail });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
    },
    // Profile changes go through our own validated action (server/profiles), never through
    // better-auth's generic update endpoint, which would let a user set their own role.
    disabledPaths: ["/update-user", "/change-email", "/delete-user"],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const role = (user as { role?: string }).role ?? "job_seeker";
            if (!(APPLICANT_ROLES as readonly string[]).includes(role)) {
              throw new APIError("BAD_REQUEST", {
                message: "Choose Job Opportunities or Study Programs",
              });
            }
            return { data: { ...user, role } };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
      },
      customStorage: { consume: consumeRateLimit },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.secureCookies,
      ipAddress: { ipAddressHeaders: ["x-passage-client-ip"] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export function auth(): Auth {
  return lookup<Auth>("auth");
}

export function setAuth(value: Auth) {
  register("auth", value);
}

/** AUTH_SECRET when set; otherwise one generated once and kept in the database. */
export async function resolveAuthSecret(database: Db, fromEnv: string | undefined) {
  if (fromEnv) return fromEnv;
  const generated = crypto.randomBytes(48).toString("base64url");
  await database
    .insert(appState)
    .values({ key: "auth_secret", value: generated })
    .onConflictDoNothing();
  const [row] = await database.select().from(appState).where(eq(appState.key, "auth_secret"));
  return String(row!.value);
}
