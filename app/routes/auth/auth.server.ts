import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { SignUpSchema } from "~/domain/accounts";
import { callingPrefixOf, phoneRegionFor } from "~/domain/phone";
import { getSiteSettings } from "~/server/settings/settings.server";
import { ResendConfirmationSchema, safeRedirect, SignInSchema } from "~/domain/auth";
import { homePathFor } from "~/domain/enums";
import { auth } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { recordSignUpConsent } from "~/server/privacy/consent.server";
import { setOwnPreferredLanguage } from "~/server/profiles/profile.server";
import { secondsUntilAllowed } from "~/server/security/rate-limit-rules.server";
import { chosenLanguage, localeCookie, requestLanguage } from "~/app/i18n/i18n.server";
import { isLanguage, localizePath, splitLanguage } from "~/domain/languages";

/**
 * A signed-in person has nothing to do on the sign-in page: on to where they were going
 * (?redirectTo=, checked), else their own home (the dashboard; staff the back-office), in the
 * page's language.
 */
export async function onward(request: Request, viewer: Pick<Viewer, "role">) {
  const asked = new URL(request.url).searchParams.get("redirectTo");
  const to = safeRedirect(asked, homePathFor(viewer.role));
  return redirect(localizePath(to, await requestLanguage(request)));
}

type Ctx = { clientIp: string; requestId: string };

/** The cookies better-auth set on its answer, for the page's own redirect. */
export function forwardCookies(response: Response) {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

function authHeaders(request: Request, ctx: Ctx) {
  const headers = new Headers(request.headers);
  headers.set("x-passage-client-ip", ctx.clientIp);
  return headers;
}

/** The typed passwords a form's answer never sends back. */
const HIDE_FIELDS = {
  signin: ["password"],
  signup: ["password", "confirmPassword"],
  resend: [],
};

/** A form that did not go through: its errors (and `formError`, if any), with the HTTP status. */
function refused<I extends keyof typeof HIDE_FIELDS>(
  intent: I,
  submission: Pick<Submission<unknown>, "reply">,
  status: number,
  formError?: string,
) {
  const hideFields = HIDE_FIELDS[intent];
  const options = formError ? { formErrors: [formError], hideFields } : { hideFields };
  return data({ intent, result: submission.reply(options) }, status);
}

export async function signIn(request: Request, formData: FormData, ctx: Ctx) {
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") return refused("signin", submission, 400);
  const { email, password, redirectTo } = submission.value;
  const wait = await secondsUntilAllowed([
    [`signin:ip:${ctx.clientIp}`, 600, 30],
    [`signin:email:${email}`, 60, 5],
  ]);
  if (wait) return refused("signin", submission, 429, `errors.tooManyAttempts|${wait}`);
  const response = await auth().api.signInEmail({
    body: { email, password },
    headers: authHeaders(request, ctx),
    asResponse: true,
  });
  if (!response.ok) {
    const key =
      response.status === 401 || response.status === 400
        ? "errors.invalidCredentials"
        : "errors.generic";
    if (key === "errors.generic")
      logger().warn({ status: response.status, requestId: ctx.requestId }, "sign-in failed");
    return refused("signin", submission, response.status === 401 ? 401 : 400, key);
  }
  // Their language follows them: a device where they have not chosen one gets the one saved on
  // their profile (the `lng` cookie); a choice just made on this device is the newest, and is
  // saved on the profile instead.
  const headers = forwardCookies(response);
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as {
    user?: { id?: string; preferredLanguage?: unknown; role?: string };
  } | null;
  const user = body?.user;
  const chosen = await chosenLanguage(request);
  if (chosen && user?.id && chosen !== user.preferredLanguage) {
    await setOwnPreferredLanguage({ viewer: { id: user.id }, lng: chosen });
  } else if (!chosen && isLanguage(user?.preferredLanguage)) {
    headers.append("set-cookie", await localeCookie.serialize(user.preferredLanguage));
  }
  // Back to the page they came for, in the language they read: the one chosen on this device, else
  // the sign-in page's own (/fr/auth), else their profile's.
  const pageLanguage = splitLanguage(new URL(request.url).pathname).lng;
  const language =
    chosen ?? pageLanguage ?? (isLanguage(user?.preferredLanguage) ? user.preferredLanguage : "en");
  // Without a destination: their own home, never the public home page (which looks signed out on
  // a phone).
  const to = safeRedirect(redirectTo, homePathFor(user?.role));
  throw redirect(localizePath(to, language), { headers });
}

export async function signUp(request: Request, formData: FormData, ctx: Ctx) {
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  if (submission.status !== "success") return refused("signup", submission, 400);
  const v = submission.value;
  const wait = await secondsUntilAllowed([[`signup:ip:${ctx.clientIp}`, 600, 10]]);
  if (wait) return refused("signup", submission, 429, `errors.tooManyAttempts|${wait}`);
  // Where the confirmation link lands (signed in) once the address is confirmed: the dashboard,
  // which sends them on to the page they were going to (?next=, in the language they signed up
  // in). Through the dashboard, a link that no longer works lands on sign-in saying why, even when
  // it was taking them to a public page.
  const next = safeRedirect(v.redirectTo, "/dashboard");
  const language = await requestLanguage(request);
  const callbackURL =
    next === "/dashboard"
      ? next
      : `/dashboard?next=${encodeURIComponent(localizePath(next, language))}`;
  const response = await auth().api.signUpEmail({
    body: {
      email: v.email,
      password: v.password,
      name: v.fullName,
      role: v.role,
      country: v.country,
      office: v.office || undefined,
      phoneNumber: v.phoneNumber,
      whatsappNumber: v.whatsappNumber,
      // The language of the page they signed up on: their e-mails start in it.
      preferredLanguage: language,
      callbackURL,
    },
    headers: authHeaders(request, ctx),
    asResponse: true,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    const key =
      body.code === "PASSWORD_TOO_SHORT" || body.code === "PASSWORD_TOO_LONG"
        ? "errors.weakPassword"
        : "errors.generic";
    if (key === "errors.generic") {
      logger().warn(
        { status: response.status, code: body.code, requestId: ctx.requestId },
        "sign-up failed",
      );
    }
    return refused("signup", submission, 400, key);
  }
  // The consent given on the form, on the account just made (never on an older one).
  await recordSignUpConsent({ email: v.email, marketingEmails: v.marketingEmails === "on" });
  // The same answer for a new and a taken address (better-auth answers a taken one with a
  // look-alike and mails its owner): "check your e-mail" (?done=signedUp), on the sign-in tab.
  const sent = new URLSearchParams({ done: "signedUp" });
  if (safeRedirect(v.redirectTo, "") !== "") sent.set("redirectTo", next);
  throw redirect(localizePath(`/auth?${sent.toString()}`, await requestLanguage(request)));
}

/**
 * "Send me a new confirmation link": the same answer whether or not the address has an account
 * waiting for confirmation (nobody can probe for accounts), capped per client and per address.
 */
export async function resendConfirmation(request: Request, formData: FormData, ctx: Ctx) {
  const submission = parseWithZod(formData, { schema: ResendConfirmationSchema });
  if (submission.status !== "success") return refused("resend", submission, 400);
  const { email, redirectTo } = submission.value;
  const wait = await secondsUntilAllowed([
    [`resend-confirmation:ip:${ctx.clientIp}`, 600, 10],
    [`resend-confirmation:email:${email}`, 3600, 3],
  ]);
  if (wait) return refused("resend", submission, 429, `errors.tooManyAttempts|${wait}`);
  // Back where the first link led, without the error that link brought back.
  const target = new URL(safeRedirect(redirectTo, "/dashboard"), "http://passage.invalid");
  target.searchParams.delete("error");
  try {
    await auth().api.sendVerificationEmail({
      body: { email, callbackURL: target.pathname + target.search },
      headers: authHeaders(request, ctx),
    });
  } catch (error) {
    logger().warn({ err: error, requestId: ctx.requestId }, "confirmation link resend failed");
  }
  const sent = new URLSearchParams({ done: "confirmationSent" });
  throw redirect(localizePath(`/auth?${sent.toString()}`, await requestLanguage(request)));
}

/**
 * Where sign-up reads a local number when the country typed names none, and the prefix its phone
 * fields suggest: the first office's country (+263).
 */
export async function signUpPhone() {
  const { offices } = await getSiteSettings();
  const region = phoneRegionFor(offices[0]?.country);
  return { region, prefix: callingPrefixOf(region) };
}
