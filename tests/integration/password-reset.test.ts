import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as forgotAction } from "~/app/routes/auth/forgot-password";
import { action as resetAction } from "~/app/routes/auth/reset-password";
import { action as signOutEverywhere } from "~/app/routes/auth/sign-out-everywhere";
import { auth } from "~/server/auth/auth.server";
import { getViewer } from "~/server/auth/guards.server";
import { mailOutbox } from "~/server/db/schema";
import {
  BASE_URL,
  createTestUser,
  requestAs,
  runRoute,
  sessionCookie,
  setupTestDatabase,
} from "./harness";

const ctx = setupTestDatabase();

async function latestMailTo(email: string) {
  const [mail] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

describe("password reset by e-mail", () => {
  it("mails a link; the link leads to a form that sets a new password and ends old sessions", async () => {
    const user = await createTestUser();
    const oldCookie = await sessionCookie(user);

    const asked = await runRoute(
      forgotAction,
      await requestAs(null, "/auth/forgot-password", { form: { email: user.email } }),
    );
    expect(asked.data).toMatchObject({ sent: true });
    const mail = await latestMailTo(user.email);
    expect(mail?.subject).toMatch(/Reset your .* password/);
    const link = mail!.text.match(/https?:\/\/\S+reset-password\S+/)?.[0];
    expect(link).toBeTruthy();

    // Following the e-mailed link: better-auth checks the token and sends the browser to our form.
    const followed = await auth().handler(new Request(link!.replace(/[).,]+$/, "")));
    expect(followed.status).toBe(302);
    const target = new URL(followed.headers.get("location")!, BASE_URL);
    expect(target.pathname).toBe("/auth/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const mismatch = await runRoute(
      resetAction,
      await requestAs(null, "/auth/reset-password", {
        form: { token: token!, password: "brand-new-pass", confirmPassword: "other" },
      }),
    );
    expect(mismatch.status).toBe(400);

    const done = await runRoute(
      resetAction,
      await requestAs(null, "/auth/reset-password", {
        form: { token: token!, password: "brand-new-pass", confirmPassword: "brand-new-pass" },
      }),
    );
    expect(done).toMatchObject({ status: 302, location: "/auth?reset=done" });

    expect(
      await getViewer(new Request(`${BASE_URL}/`, { headers: { cookie: oldCookie } })),
    ).toBeNull();
    const signIn = await auth().api.signInEmail({
      body: { email: user.email, password: "brand-new-pass" },
      asResponse: true,
    });
    expect(signIn.ok).toBe(true);

    const reused = await runRoute(
      resetAction,
      await requestAs(null, "/auth/reset-password", {
        form: { token: token!, password: "another-new-pass", confirmPassword: "another-new-pass" },
      }),
    );
    expect(reused.status).toBe(400);
  });

  it("answers the same for an unknown address and queues nothing", async () => {
    const before = await ctx.db.select().from(mailOutbox);
    const outcome = await runRoute(
      forgotAction,
      await requestAs(null, "/auth/forgot-password", {
        form: { email: "nobody-here@example.com" },
      }),
    );
    expect(outcome.data).toMatchObject({ sent: true });
    const after = await ctx.db.select().from(mailOutbox);
    expect(after.length).toBe(before.length);
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the user", async () => {
    const user = await createTestUser();
    const first = await sessionCookie(user);
    const secondResponse = await auth().api.signInEmail({
      body: { email: user.email, password: user.password },
      asResponse: true,
    });
    const second = secondResponse.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const outcome = await runRoute(
      signOutEverywhere,
      new Request(`${BASE_URL}/auth/sign-out-everywhere`, {
        method: "POST",
        headers: { cookie: second },
      }),
    );
    expect(outcome.status).toBe(302);
    for (const cookie of [first, second]) {
      expect(await getViewer(new Request(`${BASE_URL}/`, { headers: { cookie } }))).toBeNull();
    }
  });
});
