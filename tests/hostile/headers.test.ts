import { describe, expect, it } from "vitest";
import { createTestUser, sessionCookie } from "~/tests/integration/harness";
import { send, setupHostileApp, url } from "./app";

// Issue 12, finding 13: a Content-Security-Policy with a nonce (no 'unsafe-inline' for scripts),
// HSTS over HTTPS, Permissions-Policy, and signed-in pages kept out of every cache.
const ctx = setupHostileApp({ trustProxy: 1 });

function scriptSources(policy: string) {
  const directive = policy.split(";").find((d) => d.trim().startsWith("script-src"));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

describe("security headers (finding 13)", () => {
  it("sends pages with a nonce policy that every inline script of the page carries", async () => {
    for (const path of ["/", "/jobs", "/auth", "/contact"]) {
      const response = await send(ctx.app, new Request(url(path)));
      expect(response.status).toBe(200);
      const policy = response.headers.get("content-security-policy") ?? "";
      const sources = scriptSources(policy);
      expect({ path, sources }).toEqual({ path, sources: expect.arrayContaining(["'self'"]) });
      expect(sources).not.toContain("'unsafe-inline'");
      const nonce = sources.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, `${path} has a nonce`).toBeTruthy();
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");

      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      const executable = scripts.filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
      expect(executable.length, `${path} has scripts`).toBeGreaterThan(0);
      for (const attrs of executable) {
        const inline = !/\bsrc=/.test(attrs);
        if (inline)
          expect({ path, attrs }).toEqual({
            path,
            attrs: expect.stringContaining(`nonce="${nonce}"`),
          });
      }
    }
  });

  it("gives every rendering its own nonce", async () => {
    const nonceOf = async (cookie?: string) => {
      const user = cookie ? { cookie } : undefined;
      const response = await send(ctx.app, new Request(url("/jobs"), { headers: user }));
      return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    };
    const user = await createTestUser();
    const cookie = await sessionCookie(user);
    const first = await nonceOf(cookie);
    const second = await nonceOf(cookie);
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("asks browsers to keep HTTPS only when the page was reached over HTTPS", async () => {
    const overHttps = await send(
      ctx.app,
      new Request(url("/about"), { headers: { "x-forwarded-proto": "https" } }),
    );
    expect(overHttps.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    const overHttp = await send(
      ctx.app,
      new Request(url("/about"), { headers: { "x-forwarded-proto": "http" } }),
    );
    expect(overHttp.headers.get("strict-transport-security")).toBeNull();
  });

  it("switches off browser features Passage never uses", async () => {
    const response = await send(ctx.app, new Request(url("/")));
    const policy = response.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera=()", "microphone=()", "geolocation=()"])
      expect(policy).toContain(feature);
  });

  it("keeps a signed-in person's and a premium page out of every cache", async () => {
    const paid = await createTestUser({ paid: true });
    const cookie = await sessionCookie(paid);
    for (const path of ["/dashboard", "/jobs", "/"]) {
      const response = await send(ctx.app, new Request(url(path), { headers: { cookie } }));
      expect(response.status).toBe(200);
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect({ path, cacheControl }).toEqual({
        path,
        cacheControl: expect.stringMatching(/private/),
      });
      expect(cacheControl).toContain("no-store");
    }
  });
});
