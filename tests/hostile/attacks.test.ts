import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES } from "~/domain/documents";
import { documents, payments } from "~/server/db/schema";
import { BASE_URL, createTestUser, sessionCookie } from "~/tests/integration/harness";
import { confirmTestCostSheet } from "~/tests/integration/payment-harness";
import {
  documentUpload,
  formPost,
  productionBuild,
  routeUrlPath,
  send,
  setupHostileApp,
  url,
} from "./app";
import { EXE, GIF_JS_POLYGLOT, HTML_AS_JPG, multipart, PDF, SVG } from "./files";

// Oversize and malformed bodies on every endpoint, upload attack files, concurrent payments and
// open-redirect variants, against the production build.
const ctx = setupHostileApp();
const ORIGIN = new URL(BASE_URL).origin;
let postTargets: string[] = [];
let adminCookie = "";

beforeAll(async () => {
  const build = await productionBuild();
  const pages = Object.values(build.routes)
    .filter((r) => typeof r!.module.action === "function")
    .map((r) => routeUrlPath(build, r!.id).replace(/:id/, "00000000-0000-0000-0000-000000000000"));
  const endpoints = ctx.app.routes
    .filter((r) => r.method === "POST")
    .map((r) =>
      r.path.replace(":id", "00000000-0000-0000-0000-000000000000").replace("*", "sign-in/email"),
    );
  postTargets = [...new Set([...pages, ...pages.map((p) => `${p}.data`), ...endpoints])];
  adminCookie = await sessionCookie(await createTestUser({ role: "admin" }));
});

describe("every endpoint refuses oversize and malformed bodies cleanly", () => {
  it("answers 413 to a body declared larger than the route's limit", async () => {
    const wrong: unknown[] = [];
    for (const path of postTargets) {
      for (const cookie of [null, adminCookie]) {
        const response = await send(
          ctx.app,
          new Request(url(path), {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "content-length": String(64 * 1024 * 1024),
              origin: ORIGIN,
              ...(cookie ? { cookie } : {}),
            },
            body: "a=1",
          }),
        );
        if (response.status !== 413) wrong.push({ path, status: response.status });
      }
    }
    expect(postTargets.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it("answers malformed JSON, multipart and binary bodies with a 4xx, never a 500", async () => {
    const bodies: [string, string][] = [
      ["application/json", "{broken"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name="],
      ["multipart/form-data", "no boundary"],
      ["application/x-www-form-urlencoded", "%E0%A4%A=%%%&&&==="],
      ["application/octet-stream", "\u0000\u00ff\u0000\u00ff"],
    ];
    const wrong: unknown[] = [];
    for (const path of postTargets) {
      for (const [type, body] of bodies) {
        const response = await send(
          ctx.app,
          new Request(url(path), {
            method: "POST",
            headers: { "content-type": type, origin: ORIGIN, cookie: adminCookie },
            body,
          }),
        );
        await response.body?.cancel();
        if (response.status >= 500) wrong.push({ path, type, status: response.status });
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("upload attack files", () => {
  it("refuses executables, HTML, polyglots, SVG, climbing names and oversize files", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user);
    const upload = async (name: string, bytes: Buffer, declared?: number) => {
      const form = multipart([
        { name: "documentType", value: "cv" },
        { name: "file", file: { name, bytes, type: "application/pdf" } },
      ]);
      const response = await send(
        ctx.app,
        documentUpload(form, {
          cookie,
          origin: ORIGIN,
          "content-length": String(declared ?? form.body.length),
        }),
      );
      return {
        status: response.status,
        body: (await response.text()).slice(0, 200),
      };
    };
    const refused = [
      ["cv.pdf", EXE],
      ["cv.jpg", HTML_AS_JPG],
      ["cv.gif", GIF_JS_POLYGLOT],
      ["cv.svg", SVG],
      ["../../../etc/cron.d/cv.pdf", PDF],
      ["..\\..\\windows\\cv.pdf", PDF],
      ["cv\u0000.pdf", PDF],
    ] as const;
    for (const [name, bytes] of refused) {
      const outcome = await upload(name, bytes);
      expect({ name, ok: outcome.status === 201 }).toEqual({ name, ok: false });
      expect(outcome.status).toBeLessThan(500);
    }
    expect((await upload("big.pdf", PDF, MAX_DOCUMENT_BYTES + 1024 * 1024)).status).toBe(413);
    const rows = await ctx.db.select().from(documents).where(eq(documents.userId, user.id));
    expect(rows).toEqual([]);
    expect((await upload("cv.pdf", PDF)).status).toBe(201);
  });
});

describe("concurrent payments", () => {
  it("eight parallel Pay clicks charge the fee once", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user);
    await confirmTestCostSheet(user);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        send(ctx.app, formPost("/dashboard/payment", {}, { cookie })),
      ),
    );
    for (const r of responses) expect(r.status).toBeLessThan(500);
    const [completed] = await ctx.db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.status, "completed")));
    expect(completed!.n).toBe(1);
  });
});

describe("open redirects", () => {
  it("after sign-in, lands only on this site whatever redirectTo says", async () => {
    ctx.config.rateLimitScale = 100; // many sign-ins of one account in a few seconds
    const user = await createTestUser();
    const variants = [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/%09/evil.example",
      "%2F%2Fevil.example",
      "/%2F/evil.example",
      "/%5Cevil.example",
      "\\\\evil.example",
      "https://evil.example",
      "http:evil.example",
      "javascript:alert(1)",
      "/..//evil.example",
      "/./\\/evil.example",
      " //evil.example",
    ];
    const wrong: unknown[] = [];
    for (const redirectTo of variants) {
      const response = await send(
        ctx.app,
        formPost("/auth", {
          intent: "signin",
          email: user.email,
          password: user.password,
          redirectTo,
        }),
      );
      const location = response.headers.get("location") ?? "";
      const lands = new URL(location, BASE_URL);
      if (response.status !== 302 || lands.origin !== ORIGIN || /^[\\/]{2}/.test(location)) {
        wrong.push({ redirectTo, status: response.status, location });
      }
    }
    expect(wrong).toEqual([]);
  });
});
