import { describe, expect, it } from "vitest";
import { clientAddress } from "~/server/security/client-address.server";
import { createTestUser } from "~/tests/integration/harness";
import { formPost, send, setupHostileApp, url } from "./app";

// Issue 12, finding 2: behind a proxy the client writes the left of X-Forwarded-For; only the
// entries our own proxies appended name the client.
const ctx = setupHostileApp({ trustProxy: 1 });
const PROXY = "10.0.0.2";
const CLIENT = "198.51.100.77";

function spoofed(n: number) {
  // A new made-up address on the left each time; our one proxy appended the real client.
  return { "x-forwarded-for": `203.0.113.${n % 250}, ${CLIENT}` };
}

describe("spoofed forwarding headers (finding 2)", () => {
  it("counts the address the trusted proxy appended, not the ones the client wrote", () => {
    const read = (xff: string | undefined, hops: number) =>
      clientAddress({ forwardedFor: xff, remoteAddress: PROXY, hops });
    expect(read(`1.2.3.4, ${CLIENT}`, 1)).toBe(CLIENT);
    expect(read(`1.2.3.4, ${CLIENT}, 10.0.0.9`, 2)).toBe(CLIENT);
    expect(read(CLIENT, 2)).toBe(CLIENT);
    expect(read(`1.2.3.4, ${CLIENT}`, 0)).toBe(PROXY);
    expect(read(undefined, 1)).toBe(PROXY);
  });

  it("40 wrong passwords, each with a new fake address, end in 429 on the sign-in form", async () => {
    const user = await createTestUser();
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++) {
      // A new e-mail each time too, so only the per-address limit can stop this.
      const email = n % 2 === 0 ? user.email : `nobody-${n}@test.passage`;
      const response = await send(
        ctx.app,
        formPost("/auth", { intent: "signin", email, password: "wrong-password-1" }, spoofed(n)),
        PROXY,
      );
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
    // And the right password from the same client is refused too while the limit holds.
    const right = await send(
      ctx.app,
      formPost(
        "/auth",
        { intent: "signin", email: user.email, password: user.password },
        spoofed(99),
      ),
      PROXY,
    );
    expect(right.status).toBe(429);
  }, 180_000); // 40 password checks: slow by design (scrypt)

  it("better-auth's own sign-in endpoint counts the same address", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) {
      const response = await send(
        ctx.app,
        new Request(url("/api/auth/sign-in/email"), {
          method: "POST",
          headers: { "content-type": "application/json", ...spoofed(n) },
          body: JSON.stringify({ email: `nobody-${n}@test.passage`, password: "wrong-password-1" }),
        }),
        "10.0.0.3",
      );
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
