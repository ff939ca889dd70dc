import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as authAction, loader as authLoader } from "~/app/routes/auth/auth";
import { auth } from "~/server/auth/auth.server";
import { getViewer } from "~/server/auth/guards.server";
import { profiles } from "~/server/db/schema";
import { createTestUser, requestAs, runRoute, setupTestDatabase } from "./harness";

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
    ...overrides,
  };
}

function formErrors(outcome: { data: unknown }) {
  const result = (outcome.data as { result: { error?: Record<string, string[]> } }).result;
  return result.error ?? {};
}

describe("sign-up", () => {
  it("creates the account and its profile with the sign-up data, and signs the user in", async () => {
    const form = signUpForm();
    const outcome = await runRoute(authAction, await requestAs(null, "/auth", { form }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard");
    const cookie = outcome.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/passage\.session_token=/);
    expect(cookie.toLowerCase()).toContain("httponly");

    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.email, form.email));
    expect(profile).toMatchObject({
      fullName: "Chipo Nyathi",
      country: "Zimbabwe",
      phoneNumber: "+263 77 123 4567",
      whatsappNumber: "+263 77 765 4321",
      role: "student_applicant",
      registrationFeePaid: false,
    });

    const sessionCookie = cookie.split(";")[0]!;
    const viewer = await getViewer(
      new Request("http://localhost:3000/", { headers: { cookie: sessionCookie } }),
    );
    expect(viewer?.email).toBe(form.email);
  });

  it("refuses mismatched passwords, a short password and missing fields with clear messages", async () => {
    const mismatch = await runRoute(
      authAction,
      await requestAs(null, "/auth", { form: signUpForm({ confirmPassword: "something-else" }) }),
    );
    expect(mismatch.status).toBe(400);
    expect(formErrors(mismatch).confirmPassword).toEqual(["errors.passwordsDoNotMatch"]);

    const short = await runRoute(
      authAction,
      await requestAs(null, "/auth", {
        form: signUpForm({ password: "short", confirmPassword: "short" }),
      }),
    );
    expect(formErrors(short).password).toEqual(["errors.passwordTooShort"]);

    const missing = await runRoute(
      authAction,
      await requestAs(null, "/auth", { form: signUpForm({ fullName: "", country: "" }) }),
    );
    expect(formErrors(missing).fullName).toEqual(["errors.fullNameRequired"]);
    expect(formErrors(missing).country).toEqual(["errors.countryRequired"]);
  });

  it("tells the user when the e-mail already has an account", async () => {
    const existing = await createTestUser();
    const outcome = await runRoute(
      authAction,
      await requestAs(null, "/auth", { form: signUpForm({ email: existing.email.toUpperCase() }) }),
    );
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)[""]).toEqual(["errors.emailTaken"]);
  });

  it("never lets a sign-up choose a staff role or the paid flag, even through the auth API", async () => {
    const viaForm = await runRoute(
      authAction,
      await requestAs(null, "/auth", { form: signUpForm({ role: "super_admin" }) }),
    );
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
    const signIn = await auth().api.signInEmail({
      body: { email: user.email, password: user.password },
      asResponse: true,
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const response = await auth().handler(
      new Request("http://localhost:3000/api/auth/update-user", {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: "http://localhost:3000" },
        body: JSON.stringify({ role: "super_admin" }),
      }),
    );
    expect(response.ok).toBe(false);
    const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.role).toBe("job_seeker");
  });
});

describe("sign-in", () => {
  it("signs in with the right password and returns to a same-site page only", async () => {
    const user = await createTestUser();
    const ok = await runRoute(
      authAction,
      await requestAs(null, "/auth", {
        form: {
          intent: "signin",
          email: user.email,
          password: user.password,
          redirectTo: "/jobs/abc",
        },
      }),
    );
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/jobs/abc");

    const offsite = await runRoute(
      authAction,
      await requestAs(null, "/auth", {
        form: {
          intent: "signin",
          email: user.email,
          password: user.password,
          redirectTo: "//evil.example",
        },
      }),
    );
    expect(offsite.location).toBe("/");
  });

  it("refuses a wrong password with a clear message", async () => {
    const user = await createTestUser();
    const outcome = await runRoute(
      authAction,
      await requestAs(null, "/auth", {
        form: { intent: "signin", email: user.email, password: "wrong-password" },
      }),
    );
    expect(outcome.status).toBe(401);
    expect(formErrors(outcome)[""]).toEqual(["errors.invalidCredentials"]);
  });

  it("is rate limited per e-mail address", async () => {
    const user = await createTestUser();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const outcome = await runRoute(
        authAction,
        await requestAs(null, "/auth", {
          form: { intent: "signin", email: user.email, password: "wrong-password" },
        }),
      );
      statuses.push(outcome.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password is refused until the window passes.
    const blocked = await runRoute(
      authAction,
      await requestAs(null, "/auth", {
        form: { intent: "signin", email: user.email, password: user.password },
      }),
    );
    expect(blocked.status).toBe(429);
  });

  it("sends a signed-in user away from /auth to the home page", async () => {
    const user = await createTestUser();
    const outcome = await runRoute(authLoader, await requestAs(user, "/auth"));
    expect(outcome).toMatchObject({ status: 302, location: "/" });
  });
});
