import { desc } from "drizzle-orm";
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
  newSessionCookie,
  runAs,
  runRoute,
  sessionCookie,
  setupTestDatabase,
} from "./harness";

const ctx = setupTestDatabase();

async function latestMailTo(email: string) {
  const [mail] = await ctx.mailsTo(email).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

/** The answer to a reset request, for any address: back to the form, which says a link was sent. */
const SENT = { status: 302, location: "/auth/forgot-password?done=sent" };

describe("password reset by e-mail", () => {
  it("mails a link; the link leads to a form that sets a new password and ends old sessions", async () => {
    const user = await createTestUser();
    const oldCookie = await sessionCookie(user);

    const asked = await runAs(null, forgotAction, "/auth/forgot-password", {
      form: { email: user.email },
    });
    expect(asked).toMatchObject(SENT);
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

    const mismatch = await resetByForm(token!, "brand-new-pass", "other");
    expect(mismatch.status).toBe(400);

    const done = await resetByForm(token!, "brand-new-pass");
    expect(done).toMatchObject({ status: 302, location: "/auth?done=passwordReset" });

    expect(
      await getViewer(new Request(`${BASE_URL}/`, { headers: { cookie: oldCookie } })),
    ).toBeNull();
    await expect(
      newSessionCookie({ email: user.email, password: "brand-new-pass" }),
    ).resolves.toBeTruthy();

    const reused = await resetByForm(token!, "another-new-pass");
    expect(reused.status).toBe(400);
  });

  it("answers the same for an unknown address and queues nothing", async () => {
    const before = await ctx.db.select().from(mailOutbox);
    const outcome = await runAs(null, forgotAction, "/auth/forgot-password", {
      form: { email: "nobody-here@example.com" },
    });
    expect(outcome).toMatchObject(SENT);
    const after = await ctx.db.select().from(mailOutbox);
    expect(after.length).toBe(before.length);
  });
});

/** The reset-password form, posted by a visitor; the confirmation repeats the password unless given. */
async function resetByForm(token: string, password: string, confirmPassword = password) {
  return runAs(null, resetAction, "/auth/reset-password", {
    form: { token, password, confirmPassword },
  });
}

async function requestLinkByForm(email: string) {
  const outcome = await runAs(null, forgotAction, "/auth/forgot-password", { form: { email } });
  expect(outcome).toMatchObject(SENT);
  const mail = await latestMailTo(email);
  const link = mail!.text.match(/https?:\/\/\S+reset-password\S+/)?.[0];
  return link!.replace(/[).,]+$/, "");
}

/** The token the e-mailed link leads to, or null when better-auth calls the link invalid. */
async function tokenBehind(link: string) {
  const followed = await auth().handler(new Request(link));
  const target = new URL(followed.headers.get("location")!, BASE_URL);
  return target.searchParams.get("error") ? null : target.searchParams.get("token");
}

function rawResetRequest(email: string, clientIp: string) {
  return auth().handler(
    new Request(`${BASE_URL}/api/auth/request-password-reset`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: BASE_URL,
        "x-passage-client-ip": clientIp,
      },
      body: JSON.stringify({ email, redirectTo: `${BASE_URL}/auth/reset-password` }),
    }),
  );
}

async function resetMailCount(email: string) {
  const rows = await ctx.mailsTo(email);
  return rows.filter((m) => /Reset your/.test(m.subject)).length;
}

describe("older reset links", () => {
  it("stop working once any one of them has been used", async () => {
    const user = await createTestUser();
    const first = await requestLinkByForm(user.email);
    const second = await requestLinkByForm(user.email);
    const third = await requestLinkByForm(user.email);
    const firstToken = await tokenBehind(first);
    const thirdToken = await tokenBehind(third);
    expect(firstToken).toBeTruthy();
    expect(thirdToken).toBeTruthy();

    const done = await resetByForm((await tokenBehind(second))!, "second-link-pass");
    expect(done).toMatchObject({ status: 302, location: "/auth?done=passwordReset" });

    // The other links now lead to "this link has expired", and their tokens set nothing.
    expect(await tokenBehind(first)).toBeNull();
    expect(await tokenBehind(third)).toBeNull();
    for (const token of [firstToken!, thirdToken!]) {
      const reused = await resetByForm(token, "attacker-pass-1");
      expect(reused.status).toBe(400);
    }
    await expect(
      newSessionCookie({ email: user.email, password: "second-link-pass" }),
    ).resolves.toBeTruthy();
  });

  it("of another account keep working", async () => {
    const [alice, bob] = [await createTestUser(), await createTestUser()];
    const aliceLink = await requestLinkByForm(alice.email);
    const bobLink = await requestLinkByForm(bob.email);
    const done = await resetByForm((await tokenBehind(aliceLink))!, "alice-new-pass");
    expect(done.status).toBe(302);
    expect(await tokenBehind(bobLink)).toBeTruthy();
  });
});

describe("reset-link requests through the auth API", () => {
  it("are capped at three an hour per address, from any client", async () => {
    const user = await createTestUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await rawResetRequest(user.email, `198.51.100.${i + 1}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await resetMailCount(user.email)).toBe(3);
    // Upper case is the same address.
    expect((await rawResetRequest(user.email.toUpperCase(), "198.51.100.50")).status).toBe(429);
  });

  it("share the cap with the form", async () => {
    const user = await createTestUser();
    expect((await rawResetRequest(user.email, "198.51.100.60")).status).toBe(200);
    expect((await rawResetRequest(user.email, "198.51.100.61")).status).toBe(200);
    await requestLinkByForm(user.email);
    const refused = await runAs(null, forgotAction, "/auth/forgot-password", {
      form: { email: user.email },
    });
    expect(refused.status).toBe(429);
    expect(await resetMailCount(user.email)).toBe(3);
  });

  it("are capped per client across many addresses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await rawResetRequest(
        `nobody-${i}-${Date.now()}@example.com`,
        "203.0.113.9",
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the user", async () => {
    const user = await createTestUser();
    const first = await sessionCookie(user);
    const second = await newSessionCookie(user);
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
