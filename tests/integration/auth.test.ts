import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { action as authAction, loader as authLoader } from "~/app/routes/auth/auth";
import { loader as dashboardLoader } from "~/app/routes/dashboard/home";
import { auth } from "~/server/auth/auth.server";
import { getViewer } from "~/server/auth/guards.server";
import { profiles } from "~/server/db/schema";
import {
  BASE_URL,
  createTestUser,
  newSessionCookie,
  runAs,
  runRoute,
  setupTestDatabase,
} from "./harness";

const ctx = setupTestDatabase();

function signUpForm(overrides: Record<string, string> = {}) {
  return {
    intent: "signup",
    role: "student_applicant",
    fullName: "Chipo Nyathi",
    email: `chipo-${Math.random().toString(36).slice(2)}@example.com`,
    country: "Zimbabwe",
    phoneNumber: "+263 77 123 4567",
    whatsappNumber: "+263 77 765 4321",
    password: "long-enough-pw",
    confirmPassword: "long-enough-pw",
    acceptPolicies: "on",
    ...overrides,
  };
}

function formErrors(outcome: { data: unknown }) {
  const result = (outcome.data as { result: { error?: Record<string, string[]> } }).result;
  return result.error ?? {};
}

function sessionCookieOf(headers: Headers) {
  return headers
    .getSetCookie()
    .filter((c) => c.startsWith("passage.session_token=") && !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The sign-in form, posted to /auth by a visitor. */
/** The sign-in form, posted by a visitor on `page` (the English /auth, or /fr/auth …). */
async function signInByForm(
  form: { email: string; password: string; redirectTo?: string },
  page = "/auth",
) {
  return runAs(null, authAction, page, { form: { intent: "signin", ...form } });
}

let rawClient = 0;
/** better-auth's own endpoint, as anyone can call it (each call from another client address). */
function rawSignUp(body: Record<string, unknown>) {
  return auth().handler(
    new Request(`${BASE_URL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: BASE_URL,
        "x-passage-client-ip": `198.51.100.${++rawClient}`,
      },
      body: JSON.stringify(body),
    }),
  );
}

describe("sign-up", () => {
  it("creates the account with the sign-up data and mails a link that confirms it and signs in", async () => {
    const form = signUpForm();
    const outcome = await runAs(null, authAction, "/auth", { form });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/auth?done=signedUp");
    // Nobody is signed in by the form itself: the answer must not differ for a taken address.
    expect(sessionCookieOf(outcome.headers)).toBe("");

    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.email, form.email));
    expect(profile).toMatchObject({
      fullName: "Chipo Nyathi",
      country: "Zimbabwe",
      phoneNumber: "+263771234567",
      whatsappNumber: "+263777654321",
      role: "student_applicant",
      registrationFeePaid: false,
      emailVerified: false,
    });

    const [mail] = await ctx.mailsTo(form.email);
    expect(mail?.subject).toMatch(/Confirm your e-mail address/);
    const link = mail!.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    expect(link).toBeTruthy();
    const followed = await auth().handler(new Request(link!.replace(/[).,]+$/, "")));
    expect(followed.status).toBe(302);
    expect(new URL(followed.headers.get("location")!, BASE_URL).pathname).toBe("/dashboard");
    const viewer = await getViewer(
      new Request(`${BASE_URL}/`, { headers: { cookie: sessionCookieOf(followed.headers) } }),
    );
    expect(viewer?.email).toBe(form.email);

    // The new user may also simply sign in with the password they chose.
    const signIn = await signInByForm({ email: form.email, password: form.password });
    expect(signIn.status).toBe(302);
  });

  it("refuses mismatched passwords, a short password and missing fields with clear messages", async () => {
    const mismatch = await runAs(null, authAction, "/auth", {
      form: signUpForm({ confirmPassword: "something-else" }),
    });
    expect(mismatch.status).toBe(400);
    expect(formErrors(mismatch).confirmPassword).toEqual(["errors.passwordsDoNotMatch"]);

    const short = await runAs(null, authAction, "/auth", {
      form: signUpForm({ password: "short", confirmPassword: "short" }),
    });
    expect(formErrors(short).password).toEqual(["errors.passwordTooShort"]);

    const missing = await runAs(null, authAction, "/auth", {
      form: signUpForm({ fullName: "", country: "" }),
    });
    expect(formErrors(missing).fullName).toEqual(["errors.fullNameRequired"]);
    expect(formErrors(missing).country).toEqual(["errors.countryRequired"]);
  });

  it("answers a taken address exactly like a new one, and tells the owner by e-mail", async () => {
    const existing = await createTestUser({ fullName: "Owner Person" });
    const mailsBefore = (await ctx.mailsTo(existing.email)).map((m) => m.id);
    const fresh = signUpForm();
    const forNew = await runAs(null, authAction, "/auth", { form: fresh });
    const forTaken = await runAs(null, authAction, "/auth", {
      form: signUpForm({ email: existing.email.toUpperCase(), fullName: "Someone Else" }),
    });
    expect({ status: forTaken.status, location: forTaken.location, data: forTaken.data }).toEqual({
      status: forNew.status,
      location: forNew.location,
      data: forNew.data,
    });
    expect(sessionCookieOf(forTaken.headers)).toBe("");

    // The account is untouched: same name, same password.
    const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, existing.id));
    expect(row?.fullName).toBe("Owner Person");
    await expect(
      newSessionCookie({ email: existing.email, password: existing.password }),
    ).resolves.toBeTruthy();

    // The owner learns that someone tried, with a way in if it was them.
    const mails = (await ctx.mailsTo(existing.email)).filter((m) => !mailsBefore.includes(m.id));
    const warning = mails.find((m) => /tried to create an account/i.test(m.subject));
    expect(warning).toBeTruthy();
    expect(warning!.text).toContain(`${BASE_URL}/auth/forgot-password`);
    expect(mails.some((m) => /Confirm your e-mail/.test(m.subject))).toBe(false);
  });

  it("answers a taken address like a new one through the auth API too", async () => {
    const existing = await createTestUser();
    const body = (email: string) => ({
      email,
      password: "long-enough-pw",
      name: "Probe Person",
      role: "job_seeker",
      country: "Zimbabwe",
    });
    const forNew = await rawSignUp(body(`probe-${Date.now()}@example.com`));
    const forTaken = await rawSignUp(body(existing.email));
    expect(forTaken.status).toBe(forNew.status);
    const [newBody, takenBody] = [
      (await forNew.json()) as { token: unknown; user: Record<string, unknown> },
      (await forTaken.json()) as { token: unknown; user: Record<string, unknown> },
    ];
    expect(takenBody.token).toBe(newBody.token);
    expect(Object.keys(takenBody.user).sort()).toEqual(Object.keys(newBody.user).sort());
    expect(sessionCookieOf(forNew.headers)).toBe("");
    expect(sessionCookieOf(forTaken.headers)).toBe("");
  });

  it("guards the auth API with the sign-up form's rules: an oversized name is never stored", async () => {
    const email = `huge-${Date.now()}@example.com`;
    const valid = {
      email,
      password: "long-enough-pw",
      name: "Fine Name",
      role: "job_seeker",
      country: "Zimbabwe",
    };
    for (const bad of [
      { name: "x".repeat(500_000) },
      { name: "   " },
      { country: "y".repeat(5_000) },
      { country: undefined },
      { phoneNumber: "9".repeat(10_000) },
      { whatsappNumber: "9".repeat(10_000) },
      { role: undefined },
      { image: `https://example.com/${"i".repeat(100_000)}` },
    ]) {
      const response = await rawSignUp({ ...valid, ...bad });
      expect(response.status, JSON.stringify(Object.keys(bad))).toBe(400);
    }
    expect(await ctx.db.select().from(profiles).where(eq(profiles.email, email))).toHaveLength(0);

    // A taken address gets the same refusal, so bad input cannot probe for accounts either.
    const existing = await createTestUser();
    const probe = await rawSignUp({ ...valid, email: existing.email, name: "x".repeat(500_000) });
    expect(probe.status).toBe(400);

    const ok = await rawSignUp(valid);
    expect(ok.status).toBe(200);
    const [row] = await ctx.db.select().from(profiles).where(eq(profiles.email, email));
    expect(row?.fullName).toBe("Fine Name");
  });

  it("never lets a sign-up choose a staff role or the paid flag, even through the auth API", async () => {
    const viaForm = await runAs(null, authAction, "/auth", {
      form: signUpForm({ role: "super_admin" }),
    });
    expect(viaForm.status).toBe(400);

    const email = "sneaky@example.com";
    const response = await auth().handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({ email, password: "long-enough-pw", name: "Sneaky", role: "admin" }),
      }),
    );
    expect(response.ok).toBe(false);
    const rows = await ctx.db.select().from(profiles).where(eq(profiles.email, email));
    expect(rows).toHaveLength(0);

    const paidAttempt = await auth().handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({
          email,
          password: "long-enough-pw",
          name: "Sneaky",
          registrationFeePaid: true,
        }),
      }),
    );
    const [row] = await ctx.db.select().from(profiles).where(eq(profiles.email, email));
    if (paidAttempt.ok) expect(row?.registrationFeePaid).toBe(false);
    else expect(row).toBeUndefined();
  });

  it("does not let a signed-in user change their own role through the auth API", async () => {
    const user = await createTestUser();
    const cookie = await newSessionCookie(user);
    const response = await auth().handler(
      new Request("http://localhost:3000/api/auth/update-user", {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: "http://localhost:3000" },
        body: JSON.stringify({ role: "super_admin" }),
      }),
    );
    expect(response.ok).toBe(false);
    const huge = await auth().handler(
      new Request("http://localhost:3000/api/auth/update-user", {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: "http://localhost:3000" },
        body: JSON.stringify({ name: "x".repeat(500_000) }),
      }),
    );
    expect(huge.ok).toBe(false);
    const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.role).toBe("job_seeker");
    expect(row?.fullName).toBe(user.fullName);
  });
});

describe("sign-in", () => {
  it("signs in with the right password and returns to a same-site page only", async () => {
    const user = await createTestUser();
    const ok = await signInByForm({
      email: user.email,
      password: user.password,
      redirectTo: "/jobs/abc",
    });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/jobs/abc");

    const offsite = await signInByForm({
      email: user.email,
      password: user.password,
      redirectTo: "//evil.example",
    });
    expect(offsite.location).toBe("/dashboard");
  });

  it("lands on the dashboard without a destination, and staff on the back-office", async () => {
    const applicant = await createTestUser();
    const alone = await signInByForm({ email: applicant.email, password: applicant.password });
    expect(alone.location).toBe("/dashboard");
    const staff = await createTestUser({ role: "manager" });
    const staffed = await signInByForm({ email: staff.email, password: staff.password });
    expect(staffed.location).toBe("/admin");
  });

  it("returns a person who signed in on a French page to the French address of that page", async () => {
    const user = await createTestUser();
    const signIn = (redirectTo: string) =>
      signInByForm({ email: user.email, password: user.password, redirectTo }, "/fr/auth");
    const french = await signIn("/jobs/abc");
    expect(french.status).toBe(302);
    expect(french.location).toBe("/fr/jobs/abc");
    // The dashboard has one address in every language.
    expect((await signIn("/dashboard")).location).toBe("/dashboard");
  });

  it("never sends the browser to another site, however redirectTo is disguised", async () => {
    // Sign-in allows five tries a minute per address: a new account for every four variants.
    const users = [await createTestUser(), await createTestUser(), await createTestUser()];
    for (const [i, redirectTo] of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/..//evil.example",
      "https://evil.example",
      "javascript:alert(1)",
    ].entries()) {
      const user = users[Math.floor(i / 4)]!;
      const outcome = await signInByForm({
        email: user.email,
        password: user.password,
        redirectTo,
      });
      expect(outcome.status).toBe(302);
      // Resolved as a browser resolves a Location header.
      expect(new URL(outcome.location!, BASE_URL).origin, JSON.stringify(redirectTo)).toBe(
        BASE_URL,
      );
      expect(outcome.location).toBe("/dashboard");
    }

    const signUp = await runAs(null, authAction, "/auth", {
      form: signUpForm({ redirectTo: "/\t/evil.example" }),
    });
    expect(new URL(signUp.location!, BASE_URL).origin).toBe(BASE_URL);
    expect(signUp.location).toBe("/auth?done=signedUp");
  });

  it("refuses a wrong password with a clear message", async () => {
    const user = await createTestUser();
    const outcome = await signInByForm({ email: user.email, password: "wrong-password" });
    expect(outcome.status).toBe(401);
    expect(formErrors(outcome)[""]).toEqual(["errors.invalidCredentials"]);
  });

  it("is rate limited per e-mail address", async () => {
    const user = await createTestUser();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const outcome = await signInByForm({ email: user.email, password: "wrong-password" });
      statuses.push(outcome.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password is refused until the window passes.
    const blocked = await signInByForm({ email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
  });

  it("sends a signed-in user on from /auth: where they were going, else their own home", async () => {
    const user = await createTestUser();
    expect(await runAs(user, authLoader, "/auth")).toMatchObject({
      status: 302,
      location: "/dashboard",
    });
    const onward = await runAs(user, authLoader, "/fr/auth?redirectTo=%2Fjobs%2Fabc");
    expect(onward.location).toBe("/fr/jobs/abc");
    const offsite = await runAs(user, authLoader, "/auth?redirectTo=%2F%2Fevil.example");
    expect(offsite.location).toBe("/dashboard");
  });
});

describe("the confirmation link", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Signs up a new account and returns its address and the link its confirmation mail holds. */
  async function signUpWithLink() {
    const form = signUpForm();
    await runAs(null, authAction, "/auth", { form });
    const mails = await ctx.mailsTo(form.email);
    const link = mails.at(-1)!.text.match(/https?:\/\/\S+verify-email\S+/)![0];
    return { email: form.email, link: link.replace(/[).,]+$/, ""), mail: mails.at(-1)! };
  }

  const daysLater = (days: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + days * 24 * 3_600_000);
  };

  it("works for days, not an hour, and the mail says how long", async () => {
    const { link, mail } = await signUpWithLink();
    expect(mail.text).toContain("The link works for 3 days");
    daysLater(2);
    const followed = await auth().handler(new Request(link));
    expect(new URL(followed.headers.get("location")!, BASE_URL).pathname).toBe("/dashboard");
    expect(sessionCookieOf(followed.headers)).not.toBe("");
  });

  it("once expired, leads to sign-in saying so, where a new link can be asked for", async () => {
    const { email, link } = await signUpWithLink();
    daysLater(4);
    const followed = await auth().handler(new Request(link));
    const landed = new URL(followed.headers.get("location")!, BASE_URL);
    expect(landed.searchParams.get("error")).toBe("TOKEN_EXPIRED");
    vi.useRealTimers();

    const resent = await runAs(null, authAction, "/auth", {
      form: { intent: "resend", email, redirectTo: `${landed.pathname}${landed.search}` },
    });
    expect(resent.location).toBe("/auth?done=confirmationSent");
    const mails = await ctx.mailsTo(email);
    expect(mails).toHaveLength(2);
    const fresh = mails.at(-1)!.text.match(/https?:\/\/\S+verify-email\S+/)![0];
    const confirmed = await auth().handler(new Request(fresh.replace(/[).,]+$/, "")));
    const target = new URL(confirmed.headers.get("location")!, BASE_URL);
    expect(target.pathname).toBe("/dashboard");
    expect(target.searchParams.get("error")).toBeNull();
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile?.emailVerified).toBe(true);
  });

  it("signed up on the way to a page, leads back to that page in the sign-up's language", async () => {
    const form = signUpForm({ redirectTo: "/jobs/abc" });
    const signedUp = await runAs(null, authAction, "/pt/auth", { form });
    expect(signedUp.location).toBe("/pt/auth?done=signedUp&redirectTo=%2Fjobs%2Fabc");
    const mail = (await ctx.mailsTo(form.email)).at(-1)!;
    const link = mail.text.match(/https?:\/\/\S+verify-email\S+/)![0].replace(/[).,]+$/, "");
    const followed = await auth().handler(new Request(link));
    const landed = new URL(followed.headers.get("location")!, BASE_URL);
    // Through the dashboard (so a dead link still lands on sign-in saying why), then on.
    expect(landed.pathname + landed.search).toBe("/dashboard?next=%2Fpt%2Fjobs%2Fabc");
    const cookie = sessionCookieOf(followed.headers);
    const asThem = (path: string) =>
      runRoute(dashboardLoader, new Request(new URL(path, BASE_URL), { headers: { cookie } }));
    const onward = await asThem(landed.pathname + landed.search);
    expect(onward).toMatchObject({ status: 302, location: "/pt/jobs/abc" });
    expect((await asThem("/dashboard?next=%2F%2Fevil.example")).location).toBe("/dashboard");
  });

  it("asked for an unknown address, answers the same and sends nothing", async () => {
    const email = `nobody-${Math.random().toString(36).slice(2)}@example.com`;
    const resent = await runAs(null, authAction, "/auth", { form: { intent: "resend", email } });
    expect(resent.location).toBe("/auth?done=confirmationSent");
    expect(await ctx.mailsTo(email)).toHaveLength(0);
  });
});
