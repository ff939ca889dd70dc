import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents } from "~/server/db/schema";
import { BASE_URL, createTestUser, sessionCookie } from "~/tests/integration/harness";
import { send, setupHostileApp, url } from "./app";
import { multipart, PDF } from "./files";

// Issue 12, finding 6: every state-changing endpoint checks that the request comes from our pages.
const ctx = setupHostileApp();
const ORIGIN = new URL(BASE_URL).origin;

const FORGED: Record<string, string>[] = [
  { origin: "http://evil.example" },
  { origin: "http://localhost:3001" }, // another port on the same host
  { origin: "https://localhost:3000" }, // same host, other scheme
  { origin: "null" }, // a sandboxed frame or a data: page
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
];

async function pendingDocument() {
  const owner = await createTestUser();
  const upload = multipart([
    { name: "documentType", value: "cv" },
    { name: "file", file: { name: "cv.pdf", bytes: PDF } },
  ]);
  const response = await send(
    ctx.app,
    new Request(url("/api/documents"), {
      method: "POST",
      headers: {
        cookie: await sessionCookie(owner),
        origin: ORIGIN,
        "content-type": upload.contentType,
      },
      body: upload.body,
    }),
  );
  expect(response.status).toBe(201);
  return { owner, id: ((await response.json()) as { document: { id: string } }).document.id };
}

describe("forged origins (finding 6)", () => {
  it("refuses a document upload from another site with 403; our own page's works", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user);
    for (const headers of FORGED) {
      const upload = multipart([
        { name: "documentType", value: "passport" },
        { name: "file", file: { name: "p.pdf", bytes: PDF } },
      ]);
      const response = await send(
        ctx.app,
        new Request(url("/api/documents"), {
          method: "POST",
          headers: { cookie, "content-type": upload.contentType, ...headers },
          body: upload.body,
        }),
      );
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
    }
    expect(await ctx.db.select().from(documents).where(eq(documents.userId, user.id))).toEqual([]);
  });

  it("refuses the staff document review from another site; same-origin works", async () => {
    const { id } = await pendingDocument();
    const staff = await createTestUser({ role: "manager" });
    const cookie = await sessionCookie(staff);
    const review = (headers: Record<string, string>) =>
      send(
        ctx.app,
        new Request(url(`/api/staff/documents/${id}/review`), {
          method: "POST",
          headers: { cookie, "content-type": "application/json", ...headers },
          body: JSON.stringify({ decision: "reject", reason: "Blurred scan" }),
        }),
      );
    for (const headers of FORGED) {
      const response = await review(headers);
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
    }
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(row!.status).toBe("pending");
    const ok = await review({ origin: ORIGIN, "sec-fetch-site": "same-origin" });
    expect(ok.status).toBe(200);
    const [after] = await ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(after!.status).toBe("rejected");
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
