import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents } from "~/server/db/schema";
import { createTestUser, sessionCookie } from "~/tests/integration/harness";
import { documentUpload, send, setupHostileApp, url } from "./app";
import { multipart, PDF } from "./files";

// Issue 12, finding 6: every state-changing endpoint checks that the request comes from our pages.
const ctx = setupHostileApp();

const FORGED: Record<string, string>[] = [
  { origin: "http://evil.example" },
  { origin: "http://localhost:3001" }, // another port on the same host
  { origin: "https://localhost:3000" }, // same host, other scheme
  { origin: "null" }, // a sandboxed frame or a data: page
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
];

describe("forged origins (finding 6)", () => {
  it("refuses a document upload from another site with 403; our own page's works", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user);
    for (const headers of FORGED) {
      const upload = multipart([
        { name: "documentType", value: "passport" },
        { name: "file", file: { name: "p.pdf", bytes: PDF } },
      ]);
      const response = await send(ctx.app, documentUpload(upload, { cookie, ...headers }));
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
    }
    expect(await ctx.db.select().from(documents).where(eq(documents.userId, user.id))).toEqual([]);
  });

  it("refuses page form posts from another site before any action runs", async () => {
    for (const headers of FORGED) {
      const response = await send(
        ctx.app,
        new Request(url("/contact"), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          body: "name=x&email=x%40example.com&message=hello+there+friend",
        }),
      );
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
    }
  });
});
