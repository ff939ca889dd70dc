import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { EMAIL_CONFIRMATION_DAYS } from "~/domain/confirmation-link";
import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { accounts, appState, profiles, sessions, verifications } from "~/server/db/schema";
import { logger, withoutAddresses } from "~/server/logger.server";
import { enqueueMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { attachVisitorAlerts } from "~/server/jobs/visitor-alerts.server";
import { emailVerificationEmail, passwordResetEmail } from "~/server/auth/account-mail.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { lookup, register } from "~/server/registry.server";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import {
  checkNewUser,
  checkSignUpBody,
  checkUserUpdate,
  confirmAddressByPasswordLink,
  enforceResetLimits,
  preferredLanguageOf,
  revokeOtherResetLinks,
  tellOwnerOfSignUpAttempt,
  withNearestOffice,
} from "./account-guards.server";

export const SESSION_COOKIE_PREFIX = "passage";
const SESSION_DAYS = 7;

export type AuthOptions = {
  baseUrl: string;
  secret: string;
  secureCookies: boolean;
  /**
   * How passwords are hashed; better-auth's scrypt (N=16384, ~170 ms of a core each) unless given.
   * Only the integration tests pass one: the same scrypt at a lower cost, since they make and sign
   * in thousands of accounts and the cost is no behaviour of ours.
   */
  passwordHasher?: {
    hash: (password: string) => Promise<string>;
    verify: (input: { hash: string; password: string }) => Promise<boolean>;
  };
};

export function createAuth(database: Db, options: AuthOptions) {
  /** Queues one of the account e-mails that carry a better-auth link (reset, confirm address). */
  const sendLinkMail =
    (template: typeof passwordResetEmail) =>
    async ({ user, url }: { user: { name: string; email: string }; url: string }) => {
      const settings = await getSiteSettings(database);
      const lng = await preferredLanguageOf(database, user.email);
      const mail = template({ settings, baseUrl: options.baseUrl, name: user.name, url, lng });
      await inTransactionWithMail((tx) => enqueueMail(tx, { to: user.email, ...mail }), database);
    };
  return betterAuth({
    appName: "Passage",
    logger: {
      log: (level, message, ...args) => {
        const l = logger();
        const fn = level === "error" ? l.error : level === "warn" ? l.warn : l.debug;
        // better-auth writes addresses into some messages ("Sign-up attempt for existing email").
        fn.call(
          l,
          { args: args.length ? args : undefined },
          `better-auth: ${withoutAddresses(message)}`,
        );
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
        // Their nearest office (sign-up's select, or from their country): withNearestOffice.
        office: { type: "string", required: false, input: true },
        registrationFeePaid: {
          type: "boolean",
          required: false,
          defaultValue: false,
          input: false,
        },
        emailNotifications: { type: "boolean", required: false, defaultValue: true, input: false },
        // Sign-up sends the page's language (checked in checkNewUser); the switcher changes it.
        preferredLanguage: { type: "string", required: false, defaultValue: "en", input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers the same for a new and a taken address, so it cannot sign anyone in: the
      // new user confirms their address by the e-mailed link (which signs them in) or signs in.
      // With autoSignIn off better-auth answers a taken address with a look-alike response.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await tellOwnerOfSignUpAttempt(database, options.baseUrl, user);
      },
      ...(options.passwordHasher ? { password: options.passwordHasher } : {}),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await revokeOtherResetLinks(database, user.id);
        // The link came to their mailbox: the address is theirs (an account an agent made for
        // them is confirmed this way, by choosing its first password).
        await confirmAddressByPasswordLink(database, user.id);
      },
      // Not inside a better-auth transaction, so the mail is queued in a transaction of its own.
      sendResetPassword: sendLinkMail(passwordResetEmail),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // Days, not better-auth's hour: many applicants read e-mail once a day, on costly data.
      expiresIn: 60 * 60 * 24 * EMAIL_CONFIRMATION_DAYS,
      // Runs after the sign-up transaction has committed (better-auth queues it).
      sendVerificationEmail: sendLinkMail(emailVerificationEmail),
      // The job alerts this address made before it had an account become the account's.
      afterEmailVerification: async (user) => {
        await attachVisitorAlerts(database, user);
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
          // The sign-up schema guards every insert, whichever endpoint or script caused it
          // (an applicant role only: staff roles are set by staff, after creation).
          before: async (user) => ({ data: checkNewUser(user) }),
        },
        update: {
          before: async (data) => {
            checkUserUpdate(data);
            return { data };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email") {
          checkSignUpBody(ctx.body);
          // Resolved here, before better-auth opens its transaction (settings are read outside it).
          return { context: { body: await withNearestOffice(database, ctx.body ?? {}) } };
        }
        if (ctx.path === "/request-password-reset") await enforceResetLimits(ctx.body, ctx.headers);
      }),
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        // Counted by the before hook instead, with the form's caps and counters (3 an hour per
        // address, 10 per client): one set of counters for every path (account-guards.server.ts).
        "/request-password-reset": false,
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
