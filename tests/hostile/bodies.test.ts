import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES } from "~/domain/documents";
import { contactInquiries, documents } from "~/server/db/schema";
import { DRAIN_LIMIT } from "~/server/security/body-limit.server";
import { BASE_URL, createTestUser, sessionCookie } from "~/tests/integration/harness";
import { chunkedBody, documentUpload, formPost, send, setupHostileApp, url } from "./app";
import { multipart, pdfOfSize } from "./files";

// Issue 12, findings 1 (body limits) and 15 (malformed bodies).
const ctx = setupHostileApp();
const origin = new URL(BASE_URL).origin;

const contactFields = {
  name: "Tendai Moyo",
  email: "tendai@example.com",
  subject: "Work in Dubai",
  message: "I would like to know which jobs are open for electricians this month.",
};

async function inquiries() {
  const [row] = await ctx.db.select({ n: count() }).from(contactInquiries);
  return row!.n;
}

describe("body size limits (finding 1)", () => {
  it("refuses an oversize form by its declared length, before reading it", async () => {
    const body = "message=" + "a".repeat(2 * 1024 * 1024);
    const response = await send(
      ctx.app,
      new Request(url("/contact"), {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(body.length),
          origin,
        },
        body,
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/too large/i);
  });

  it("cuts off a chunked form body once it passes the limit", async () => {
    const before = await inquiries();
    for (const path of ["/contact", "/contact.data"]) {
      const response = await send(
        ctx.app,
        new Request(url(path), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin },
          body: chunkedBody(8 * 1024 * 1024),
          duplex: "half",
        } as RequestInit),
      );
      expect({ path, status: response.status }).toEqual({ path, status: 413 });
    }
    expect(await inquiries()).toBe(before);
  });

  it("still takes a normal contact form", async () => {
    const before = await inquiries();
    const response = await send(ctx.app, formPost("/contact", contactFields));
    expect(response.status).toBe(200);
    expect(await inquiries()).toBe(before + 1);
  });

  it("takes a document upload of exactly the cap, declared or chunked, and refuses a larger one", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user);
    const exact = multipart([
      { name: "documentType", value: "cv" },
      { name: "file", file: { name: "cv.pdf", bytes: pdfOfSize(MAX_DOCUMENT_BYTES) } },
    ]);
    const declared = await send(
      ctx.app,
      documentUpload(exact, { cookie, origin, "content-length": String(exact.body.length) }),
    );
    expect(declared.status).toBe(201);

    const streamed = await send(
      ctx.app,
      documentUpload(
        { contentType: exact.contentType, body: new Blob([exact.body]).stream() },
        { cookie, origin },
      ),
    );
    expect(streamed.status).toBe(201);

    const huge = await send(
      ctx.app,
      documentUpload(
        { contentType: exact.contentType, body: chunkedBody(MAX_DOCUMENT_BYTES + 2 * 1024 * 1024) },
        { cookie, origin },
      ),
    );
    expect(huge.status).toBe(413);
    const rows = await ctx.db.select().from(documents).where(eq(documents.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});

/** A chunked body that counts what the server read of it. */
function countedBody(totalBytes: number) {
  const source = chunkedBody(totalBytes).getReader();
  const seen = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      seen.bytes += value.byteLength;
      controller.enqueue(value);
    },
  });
  return { body, seen };
}

// Issue 38, finding 2: behind a proxy that sends the whole body before reading the answer (nginx),
// a 413 sent while the body is still coming in resets the proxy's connection: the person saw
// "502 Bad Gateway". The rest of the body is now read first, up to DRAIN_LIMIT.
describe("oversize bodies behind a proxy", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await sessionCookie(await createTestUser());
  });
  const upload = (body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
    new Request(url("/dashboard/documents"), {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", origin, cookie, ...headers },
      body,
      duplex: "half",
    } as RequestInit);

  it("reads an oversize body to its end before answering 413, declared or chunked", async () => {
    const size = MAX_DOCUMENT_BYTES + 1024 * 1024;
    for (const declared of [true, false]) {
      const { body, seen } = countedBody(size);
      const response = await send(
        ctx.app,
        upload(body, declared ? { "content-length": String(size) } : {}),
      );
      expect({ declared, status: response.status }).toEqual({ declared, status: 413 });
      expect({ declared, read: seen.bytes }).toEqual({ declared, read: size });
      expect(response.headers.get("connection")).toBeNull();
    }
  });

  it("reads a body the page answered without reading (a redirect to sign in) to its end too", async () => {
    const { body, seen } = countedBody(4 * 1024 * 1024);
    const response = await send(ctx.app, upload(body, { cookie: "" }));
    expect(response.status).toBe(302);
    expect(seen.bytes).toBe(4 * 1024 * 1024);
  });

  it("closes the connection instead when the body is larger than it is worth reading", async () => {
    const size = DRAIN_LIMIT + 1024 * 1024;
    const { body, seen } = countedBody(size);
    const response = await send(ctx.app, upload(body, {}));
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(seen.bytes).toBeLessThan(size);
  });

  it("shows a browser's form a page with the message in the person's language", async () => {
    const browser = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const size = MAX_DOCUMENT_BYTES + 1024 * 1024;
    const english = await send(ctx.app, upload(chunkedBody(size), browser));
    expect(english.status).toBe(413);
    expect(english.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await english.text();
    expect(page).toContain("<h1>This file is too large</h1>");
    expect(page).toContain("A file may be at most 10 MB.");
    expect(page).toContain('href="/dashboard/documents"');

    // The language the person chose (the lng cookie the language switcher sets: "fr" as JSON, base64).
    const french = await send(
      ctx.app,
      upload(chunkedBody(size), {
        ...browser,
        cookie: `${cookie}; lng=${encodeURIComponent(btoa('"fr"'))}`,
      }),
    );
    expect(await french.text()).toMatch(/Un fichier peut faire au plus 10\sMo\./);

    const contact = await send(
      ctx.app,
      new Request(url("/fr/contact"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, ...browser },
        body: chunkedBody(2 * 1024 * 1024),
        duplex: "half",
      } as RequestInit),
    );
    expect(contact.status).toBe(413);
    expect(await contact.text()).toContain("Ce formulaire a envoyé plus");

    // A client that is not showing a page (the page's own fetch, curl) reads the plain message.
    const plain = await send(ctx.app, upload(chunkedBody(size), { accept: "*/*" }));
    expect(plain.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await plain.text()).toMatch(/too large/i);
  });
});

describe("malformed bodies (finding 15)", () => {
  it("answers 400 with a message to JSON, broken multipart and text sent to a page form", async () => {
    const before = await inquiries();
    const bodies: [string, string][] = [
      ["application/json", JSON.stringify(contactFields)],
      ["application/json", "{not json"],
      ["multipart/form-data; boundary=abc", "--abc\r\nContent-Disposition: form-data; name="],
      ["multipart/form-data", "no boundary at all"],
      ["text/plain", "name=x"],
    ];
    for (const path of ["/contact", "/contact.data", "/outsourcing", "/auth"]) {
      for (const [type, body] of bodies) {
        const response = await send(
          ctx.app,
          new Request(url(path), {
            method: "POST",
            headers: { "content-type": type, origin },
            body,
          }),
        );
        expect({ path, type, status: response.status }).toEqual({ path, type, status: 400 });
        expect(await response.text()).toMatch(/form/i);
      }
    }
    expect(await inquiries()).toBe(before);
  });

  it("answers a list page with an absurd page number instead of failing", async () => {
    const staff = await createTestUser({ role: "admin" });
    const cookie = await sessionCookie(staff);
    const pages = [
      "/admin/cms",
      "/admin/users",
      "/admin/jobs",
      "/admin/applications",
      "/admin/activity",
      "/admin/messages",
      "/admin/inquiries",
      "/admin/outsourcing",
      "/news",
      "/jobs",
    ];
    for (const page of pages) {
      for (const value of ["9e21", "1.5"]) {
        const response = await send(
          ctx.app,
          new Request(url(`${page}?page=${value}`), { headers: { cookie } }),
        );
        expect({ page, value, status: response.status }).toEqual({ page, value, status: 200 });
      }
    }
    const seeker = await createTestUser();
    const seekerCookie = await sessionCookie(seeker);
    for (const page of ["/dashboard/applications", "/dashboard/messages"]) {
      const response = await send(
        ctx.app,
        new Request(url(`${page}?page=9e21`), { headers: { cookie: seekerCookie } }),
      );
      expect({ page, status: response.status }).toEqual({ page, status: 200 });
    }
  });
});
