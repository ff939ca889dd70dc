import zlib from "node:zlib";
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
    // The session is read on the hot path (server/auth/session-reader.server.ts), in one query
    // that also finds the person; better-auth is not asked for a session that needs no writing.
    const betterAuth = vi.spyOn(auth().api, "getSession");
    const sessionReads = () =>
      queries.queries.filter((q) => /"sessions"."token" = /.test(q)).length;

    const response = await send(ctx.app, new Request(url("/dashboard"), { headers: { cookie } }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(applicant.fullName);
    expect(sessionReads()).toBe(1);
    expect(betterAuth).not.toHaveBeenCalled();
    const unreadCounts = queries.queries.filter((q) => /from "message_recipients"/.test(q));
    expect(unreadCounts).toHaveLength(1);

    // The next page is a new request: it reads the session again (a revoked session stops at once).
    await send(ctx.app, new Request(url("/dashboard/profile"), { headers: { cookie } }));
    expect(sessionReads()).toBe(2);
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

describe("a signed-in page's bytes", () => {
  const decode: Record<string, (body: Buffer) => Buffer> = {
    br: (body) => zlib.brotliDecompressSync(body),
    gzip: (body) => zlib.gunzipSync(body),
    identity: (body) => body,
  };

  it("sends the page and its data compressed whole, in the encoding the browser asked for", async () => {
    const applicant = await createTestUser({ fullName: "Nyasha Encoded Dube" });
    const cookie = await sessionCookie(applicant);
    for (const path of ["/dashboard", "/dashboard.data"]) {
      const bodies: string[] = [];
      for (const [accept, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip;q=0.5", "gzip"],
        ["identity", "identity"],
      ] as const) {
        const headers = { cookie, "accept-encoding": accept };
        const response = await send(ctx.app, new Request(url(path), { headers }));
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-encoding") ?? "identity", `${path} ${accept}`).toBe(
          encoding,
        );
        expect(response.headers.get("vary"), path).toMatch(/Accept-Encoding/);
        const body = Buffer.from(await response.arrayBuffer());
        // Sent whole: its length is known before the first byte leaves.
        expect(response.headers.get("content-length"), path).toBe(String(body.length));
        bodies.push(decode[encoding]!(body).toString("utf8"));
      }
      expect(bodies[0], path).toContain("Nyasha Encoded Dube");
      // The same page in every encoding, but for the nonce each rendering gets.
      const unNonced = bodies.map((b) => b.replace(/nonce="[^"]*"/g, 'nonce=""'));
      expect(new Set(unNonced).size, path).toBe(1);
    }
  });

  it("answers a HEAD with the headers of the page and no body", async () => {
    const cookie = await sessionCookie(await createTestUser());
    const response = await send(
      ctx.app,
      new Request(url("/dashboard"), {
        method: "HEAD",
        headers: { cookie, "accept-encoding": "br" },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });
});
