import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auth } from "~/server/auth/auth.server";
import { getViewer } from "~/server/auth/guards.server";
import { cookieValue, readSession, verifySignedValue } from "~/server/auth/session-reader.server";
import { policyAcceptances, profiles, sessions } from "~/server/db/schema";
import { officeScopeFor } from "~/server/offices/scope.server";
import { acceptCurrentPolicies, currentPolicyVersions } from "~/server/privacy/consent.server";
import { BASE_URL, createTestUser, newSessionCookie, setupTestDatabase } from "./harness";

// The hot path that reads a session for every signed-in request must give better-auth's answer,
// and leave to better-auth whatever it would write (an expired session, a refresh).
const ctx = setupTestDatabase();
const SECRET = "x".repeat(40); // the harness's AUTH secret
const DAY = 24 * 60 * 60 * 1000;

const betterAuthSays = (cookie: string) =>
  auth().api.getSession({ headers: new Headers({ cookie }) });
const viewerOf = (cookie: string) =>
  getViewer(new Request(`${BASE_URL}/dashboard`, { headers: { cookie } }));

function sign(value: string) {
  const signature = crypto.createHmac("sha256", SECRET).update(value).digest("base64");
  return encodeURIComponent(`${value}.${signature}`);
}

async function signedIn() {
  const user = await createTestUser({ role: "job_seeker", paid: true, fullName: "Rudo Moyo" });
  const cookie = await newSessionCookie(user);
  const token = cookieValue(cookie, "passage.session_token")!.split(".")[0]!;
  return { user, cookie, token };
}

describe("reading a session on the hot path", () => {
  it("finds the same person and session as better-auth, in one query", async () => {
    const { user, cookie } = await signedIn();
    const read = await readSession(cookie);
    const expected = await betterAuthSays(cookie);
    expect(read).not.toBe("ask-better-auth");
    const { session } = read as Exclude<typeof read, "ask-better-auth" | null>;
    expect(session).toMatchObject({
      sessionId: expected!.session.id,
      id: user.id,
      email: user.email,
      fullName: "Rudo Moyo",
      role: "job_seeker",
      registrationFeePaid: true,
      preferredLanguage: "en",
    });
    expect(session.expiresAt.getTime()).toBe(expected!.session.expiresAt.getTime());
    expect(await viewerOf(cookie)).toMatchObject({ id: user.id, sessionId: expected!.session.id });
  });

  it("turns away a cookie whose signature was altered, or one signed with another secret", async () => {
    const { cookie, token } = await signedIn();
    const raw = cookieValue(cookie, "passage.session_token")!;
    const altered = `passage.session_token=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    const foreign = crypto.createHmac("sha256", "y".repeat(40)).update(token).digest("base64");
    for (const bad of [
      altered,
      `passage.session_token=${encodeURIComponent(`${token}.${foreign}`)}`,
      `passage.session_token=${token}`,
      `passage.session_token=${encodeURIComponent(raw.slice(0, -2))}`,
    ]) {
      expect(await readSession(bad), bad).toBeNull();
      expect(await betterAuthSays(bad), bad).toBeNull();
      expect(await viewerOf(bad), bad).toBeNull();
    }
  });

  it("finds nobody for a well-signed token that is not a session, or one signed out", async () => {
    const stranger = `passage.session_token=${sign(crypto.randomBytes(16).toString("hex"))}`;
    expect(await readSession(stranger)).toBeNull();
    expect(await betterAuthSays(stranger)).toBeNull();

    const { cookie, token } = await signedIn();
    await ctx.db.delete(sessions).where(eq(sessions.token, token));
    expect(await readSession(cookie)).toBeNull();
    expect(await viewerOf(cookie)).toBeNull();
  });

  it("sees a change to the person at once: a new role, a paid fee", async () => {
    const { user, cookie } = await signedIn();
    await ctx.db
      .update(profiles)
      .set({ role: "admin", registrationFeePaid: false })
      .where(eq(profiles.id, user.id));
    expect(await viewerOf(cookie)).toMatchObject({ role: "admin", registrationFeePaid: false });
  });

  it("reads a staff member's offices and the texts accepted with the session, as the database has them", async () => {
    const staff = await createTestUser({ role: "manager", office: "Midrand" });
    await ctx.db.delete(policyAcceptances).where(eq(policyAcceptances.userId, staff.id));
    const cookie = await newSessionCookie(staff);
    const viewer = (await viewerOf(cookie))!;
    expect(viewer.offices).toEqual({ office: "Midrand", extraOffices: [] });
    expect(await officeScopeFor(viewer)).toEqual(
      await officeScopeFor({ id: staff.id, role: "manager" }),
    );
    expect(viewer.acceptedPolicies).toEqual([]);

    await ctx.db
      .update(profiles)
      .set({ extraOffices: ["Harare"] })
      .where(eq(profiles.id, staff.id));
    await acceptCurrentPolicies(staff.id);
    const next = (await viewerOf(cookie))!;
    expect((await officeScopeFor(next)).offices.sort()).toEqual(["Harare", "Midrand"]);
    const versions = await currentPolicyVersions();
    expect(next.acceptedPolicies!.sort()).toEqual(
      [
        ["privacy", versions.privacy],
        ["terms", versions.terms],
      ].sort(),
    );
  });

  it("leaves an expired session to better-auth, which deletes it", async () => {
    const { cookie, token } = await signedIn();
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await readSession(cookie)).toBe("ask-better-auth");
    expect(await viewerOf(cookie)).toBeNull();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
  });

  it("leaves a session due for its daily refresh to better-auth, which extends it", async () => {
    const { user, cookie, token } = await signedIn();
    // Made 2 days ago: 5 of its 7 days left, and more than a day since it was last extended.
    const before = new Date(Date.now() + 5 * DAY);
    await ctx.db.update(sessions).set({ expiresAt: before }).where(eq(sessions.token, token));
    expect(await readSession(cookie)).toBe("ask-better-auth");
    expect(await viewerOf(cookie)).toMatchObject({ id: user.id });
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(before.getTime() + DAY);
    // Extended, it is read on the hot path again.
    expect(await readSession(cookie)).not.toBe("ask-better-auth");
  });

  it('leaves a "don\'t remember me" session to better-auth', async () => {
    const { user, cookie } = await signedIn();
    const withFlag = `${cookie}; passage.dont_remember=${sign("true")}`;
    expect(await readSession(withFlag)).toBe("ask-better-auth");
    expect(await viewerOf(withFlag)).toMatchObject({ id: user.id });
  });
});

describe("the cookie header, read as better-call reads it", () => {
  it("takes the first cookie of the name, trimmed, unquoted and percent-decoded", () => {
    expect(
      cookieValue(
        "a=1; passage.session_token=t%2Bk.s; passage.session_token=x",
        "passage.session_token",
      ),
    ).toBe("t+k.s");
    expect(cookieValue('passage.session_token="quoted"', "passage.session_token")).toBe("quoted");
    expect(cookieValue("other=1;  passage.session_token = v ", "passage.session_token")).toBe("v");
    expect(cookieValue("passage.session_token_x=1", "passage.session_token")).toBeUndefined();
    expect(cookieValue("passage.session_token=%E0%A4%A", "passage.session_token")).toBe("%E0%A4%A");
  });

  it("accepts only a 44-character base64 HMAC of the value", () => {
    const good = decodeURIComponent(sign("token123"));
    expect(verifySignedValue(good, SECRET)).toBe("token123");
    expect(verifySignedValue(good, "z".repeat(40))).toBeNull();
    expect(verifySignedValue("token123", SECRET)).toBeNull();
    expect(verifySignedValue(`.${good.split(".")[1]}`, SECRET)).toBeNull();
    expect(verifySignedValue(`${good.slice(0, -1)}A`, SECRET)).toBeNull();
  });
});
