import { afterEach, describe, expect, it, vi } from "vitest";
import { auth } from "~/server/auth/auth.server";
import { createTestUser, sessionCookie } from "~/tests/integration/harness";
import { countQueries } from "~/tests/integration/query-counter";
import { send, setupHostileApp, url } from "./app";

// A signed-in page runs its root, layout and page loaders side by side; each asks who is signed
// in, and two of them show the unread-messages count. One page must read each of those once.
const ctx = setupHostileApp();

afterEach(() => vi.restoreAllMocks());

describe("work done by one signed-in page", () => {
  it("reads the session once and counts unread messages once for the whole dashboard", async () => {
    const applicant = await createTestUser();
    await ctx.setPaid(applicant.id);
    const cookie = await sessionCookie(applicant);
    const queries = countQueries(ctx.database);
    const sessions = vi.spyOn(auth().api, "getSession");

    const response = await send(ctx.app, new Request(url("/dashboard"), { headers: { cookie } }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(applicant.fullName);
    expect(sessions).toHaveBeenCalledTimes(1);
    const unreadCounts = queries.queries.filter((q) => /from "message_recipients"/.test(q));
    expect(unreadCounts).toHaveLength(1);

    // The next page is a new request: it reads the session again (a revoked session stops at once).
    await send(ctx.app, new Request(url("/dashboard/profile"), { headers: { cookie } }));
    expect(sessions).toHaveBeenCalledTimes(2);
  });

  it("never answers one person's page with another's session", async () => {
    const a = await createTestUser({ fullName: "Rutendo Alpha Moyo" });
    const b = await createTestUser({ fullName: "Thandiwe Beta Ncube" });
    const [pageA, pageB] = await Promise.all(
      [a, b].map(async (user) => {
        const headers = { cookie: await sessionCookie(user) };
        return (await send(ctx.app, new Request(url("/dashboard"), { headers }))).text();
      }),
    );
    expect(pageA).toContain(a.fullName);
    expect(pageA).not.toContain(b.fullName);
    expect(pageB).toContain(b.fullName);
    expect(pageB).not.toContain(a.fullName);
  });
});
