import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/app/routes/dashboard/documents";
import { MAX_DOCUMENT_BYTES } from "~/domain/documents";
import { documents, notifications, profiles, rateLimits } from "~/server/db/schema";
import { listDocumentsForApplicantAsStaff } from "~/server/documents/documents.server";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { DocumentReviewError, reviewDocument } from "~/server/documents/review.server";
import { cleanFileName, detectDocumentType } from "~/server/documents/upload.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setupEndpointTests } from "./endpoint-harness";
import { createTestUser, fetchAs, requestAs, runAs, runRoute, type TestUser } from "./harness";

const { ctx, app } = setupEndpointTests([registerDocumentEndpoints], { uploads: true });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0, 0, 0, 13]),
  Buffer.from("IHDR"),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from("IEND"),
  Buffer.from([0xae, 0x42, 0x60, 0x82]),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(64, 1),
]);
const OLE_DOC = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(504),
]);
// A Windows executable: "MZ" header and a PE signature at the offset it names.
const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write("MZ", 0);
  b.writeUInt32LE(0x80, 0x3c);
  b.write("PE\0\0", 0x80, "latin1");
  return b;
})();

/** A stored (uncompressed) zip, enough for a real DOCX's first entries. */
function zip(entries: Record<string, string>) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = zlib.crc32(data);
    // The local header and the central directory entry describe the entry with the same fields
    // (version needed, CRC, both sizes, name length); the central one has them two bytes later,
    // after "version made by".
    const header = (size: number, signature: number, at: number) => {
      const b = Buffer.alloc(size);
      b.writeUInt32LE(signature, 0);
      b.writeUInt16LE(20, at + 4);
      b.writeUInt32LE(crc, at + 14);
      b.writeUInt32LE(data.length, at + 18);
      b.writeUInt32LE(data.length, at + 22);
      b.writeUInt16LE(nameBuf.length, at + 26);
      return b;
    };
    const local = header(30, 0x04034b50, 0);
    const central = header(46, 0x02014b50, 2);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}
const DOCX = zip({
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  "word/document.xml": "<w:document/>",
});

function upload(user: TestUser | null, documentType: string, bytes: Buffer, name: string) {
  return requestAs(user, "/dashboard/documents", {
    form: { documentType, file: new File([new Uint8Array(bytes)], name) },
  });
}

/** The page's answer to a refused upload: the card of `intent` (its document type) says why. */
function refusal(intent: string, error: string) {
  return { intent, flash: { ok: false, message: `errors.${error}` } };
}

async function rowsOf(userId: string) {
  return ctx.db.select().from(documents).where(eq(documents.userId, userId));
}

function filesOf(userId: string) {
  const dir = path.join(ctx.dataDir, "uploads", "documents", userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe("uploading a document", () => {
  it("stores a PDF by content, shows it as Pending Review, and keeps no public URL", async () => {
    const user = await createTestUser();
    const outcome = await runRoute(action, await upload(user, "cv", PDF, "My CV.pdf"));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/documents?type=cv&done=uploaded");

    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({
      documentType: "cv",
      fileName: "My CV.pdf",
      fileSize: PDF.length,
      contentType: "application/pdf",
      status: "pending",
    });
    expect(row!.storageKey).toMatch(new RegExp(`^documents/${user.id}/[0-9a-f-]{36}$`));
    expect(filesOf(user.id)).toHaveLength(1);

    const page = await runAs(user, loader, "/dashboard/documents");
    const types = (page.data as { types: { type: string; status: string }[] }).types;
    expect(types.find((t) => t.type === "cv")?.status).toBe("pending");
    expect(types.find((t) => t.type === "passport")?.status).toBe("missing");
  });

  it("accepts DOC, DOCX, JPEG and PNG judged by their bytes", async () => {
    expect(await detectDocumentType(OLE_DOC)).toBe("application/msword");
    expect(await detectDocumentType(DOCX)).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(await detectDocumentType(JPEG)).toBe("image/jpeg");
    expect(await detectDocumentType(PNG)).toBe("image/png");

    const user = await createTestUser();
    const outcome = await runRoute(action, await upload(user, "education", DOCX, "diploma.docx"));
    expect(outcome.status).toBe(302);
    const [row] = await rowsOf(user.id);
    expect(row?.fileName).toBe("diploma.docx");
    // A PDF named like an image is stored as what it is.
    await runRoute(action, await upload(user, "passport", PDF, "passport.png"));
    const passport = (await rowsOf(user.id)).find((r) => r.documentType === "passport");
    expect(passport).toMatchObject({
      contentType: "application/pdf",
      fileName: "passport.png.pdf",
    });
  });

  it("replaces the pending upload of the same type, file and all; reviewed ones stay in the history", async () => {
    const user = await createTestUser();
    const reviewer = await createTestUser({ role: "admin" });
    await runRoute(action, await upload(user, "english", PDF, "ielts-0.pdf"));
    const [first] = await rowsOf(user.id);
    await reviewDocument({
      actor: reviewer,
      documentId: first!.id,
      decision: "reject",
      reason: "The scan is unreadable.",
    });
    await runRoute(action, await upload(user, "english", PDF, "ielts-1.pdf"));
    await runRoute(action, await upload(user, "english", PNG, "ielts-2.png"));
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => [r.fileName, r.status]).sort()).toEqual([
      ["ielts-0.pdf", "rejected"],
      ["ielts-2.png", "pending"],
    ]);
    // The replaced upload was never reviewed: its stored file goes with it.
    expect(filesOf(user.id).sort()).toEqual(rows.map((r) => r.storageKey.split("/").at(-1)).sort());
    const page = await runAs(user, loader, "/dashboard/documents");
    const english = (
      page.data as { types: { type: string; current: { fileName: string }; history: unknown[] }[] }
    ).types.find((t) => t.type === "english")!;
    expect(english.current.fileName).toBe("ielts-2.png");
    expect(english.history).toHaveLength(2);
  });

  it("keeps one pending document per type however many uploads arrive at once", async () => {
    const user = await createTestUser();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        runRoute(action, await upload(user, "cv", PDF, `cv-${i}.pdf`)),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(Array(12).fill(302));
    const rows = await rowsOf(user.id);
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(filesOf(user.id)).toEqual([rows[0]!.storageKey.split("/").at(-1)]);
  });

  it("accepts a file of exactly 10 MB (10 × 1024 × 1024 bytes) and refuses one byte more", async () => {
    const user = await createTestUser();
    const exact = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES - PDF.length)]);
    expect(exact.length).toBe(MAX_DOCUMENT_BYTES);
    const ok = await runRoute(action, await upload(user, "passport", exact, "exact.pdf"));
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/dashboard/documents?type=passport&done=uploaded");
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ fileSize: MAX_DOCUMENT_BYTES, status: "pending" });

    const over = Buffer.concat([exact, Buffer.from([0])]);
    const refused = await runRoute(action, await upload(user, "cv", over, "over.pdf"));
    expect(refused.status).toBe(413);
    expect(refused.data).toEqual(refusal("cv", "tooLarge"));
    expect((await rowsOf(user.id)).filter((r) => r.documentType === "cv")).toEqual([]);
  });

  const refusals: [string, () => { bytes: Buffer; name: string }, string, number][] = [
    [
      "a file over 10 MB",
      () => ({ bytes: Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]), name: "big.pdf" }),
      "tooLarge",
      413,
    ],
    [
      "a text file named .pdf",
      () => ({ bytes: Buffer.from("just text\n"), name: "cv.pdf" }),
      "wrongType",
      400,
    ],
    ["a renamed executable", () => ({ bytes: EXE, name: "cv.pdf" }), "wrongType", 400],
    ["an empty file", () => ({ bytes: Buffer.alloc(0), name: "cv.pdf" }), "empty", 400],
    [
      "a name with a path trick",
      () => ({ bytes: PDF, name: "../../../etc/cv.pdf" }),
      "badName",
      400,
    ],
    [
      "a name with a backslash path",
      () => ({ bytes: PDF, name: "..\\..\\cv.pdf" }),
      "badName",
      400,
    ],
  ];

  for (const [what, make, error, status] of refusals) {
    it(`refuses ${what} with a clear message and leaves nothing behind`, async () => {
      const user = await createTestUser();
      const { bytes, name } = make();
      const outcome = await runRoute(action, await upload(user, "passport", bytes, name));
      expect(outcome.status).toBe(status);
      expect(outcome.data).toEqual(refusal("passport", error));
      expect(await rowsOf(user.id)).toEqual([]);
      expect(filesOf(user.id)).toEqual([]);
    });
  }

  it("refuses a body that declares more than 10 MB without reading it", async () => {
    const user = await createTestUser();
    let pulled = false;
    const body = new ReadableStream(
      {
        pull() {
          pulled = true;
          throw new Error("the body must not be read");
        },
      },
      { highWaterMark: 0 },
    );
    const request = await requestAs(user, "/dashboard/documents", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(MAX_DOCUMENT_BYTES * 2),
      },
      body,
      duplex: "half",
    } as RequestInit);
    const outcome = await runRoute(action, request);
    expect(outcome.status).toBe(413);
    expect(outcome.data).toMatchObject({ flash: { message: "errors.tooLarge" } });
    expect(pulled).toBe(false);
  });

  it("refuses a body that breaks off, mid-file or after the file, and keeps nothing of it", async () => {
    const user = await createTestUser();
    const whole = Buffer.concat([
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="documentType"\r\n\r\ncv\r\n' +
          '--x\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\n' +
          "Content-Type: application/pdf\r\n\r\n",
      ),
      PDF,
      Buffer.from("\r\n--x--\r\n"),
    ]);
    const cutAt = {
      "mid-file": whole.length - "\r\n--x--\r\n".length - 10,
      // The file is whole (its closing boundary arrived) but the form never ends.
      "after the file": whole.length - "--\r\n".length,
    };
    for (const [where, length] of Object.entries(cutAt)) {
      const request = await requestAs(user, "/dashboard/documents", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: new Uint8Array(whole.subarray(0, length)),
      });
      const outcome = await runRoute(action, request);
      expect({ where, status: outcome.status, data: outcome.data }).toEqual({
        where,
        status: 400,
        data: refusal("cv", "noFile"),
      });
    }
    expect(await rowsOf(user.id)).toEqual([]);
    expect(filesOf(user.id)).toEqual([]);
    // The same body, whole, is a good upload: the cuts were the only fault.
    const request = await requestAs(user, "/dashboard/documents", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: new Uint8Array(whole),
    });
    expect((await runRoute(action, request)).status).toBe(302);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("asks an account that uploads too much in an hour to wait", async () => {
    const user = await createTestUser();
    await ctx.db
      .insert(rateLimits)
      .values({ key: `document-upload:${user.id}`, count: 40, lastRequest: Date.now() });
    const outcome = await runRoute(action, await upload(user, "cv", PDF, "cv.pdf"));
    expect(outcome.status).toBe(429);
    expect(outcome.data).toMatchObject({ flash: { message: "errors.tooMany" } });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("refuses an unknown document type and a form without a file", async () => {
    const user = await createTestUser();
    const badType = await runRoute(action, await upload(user, "diary", PDF, "a.pdf"));
    // No card to answer in: the page says it under the cards.
    expect(badType.data).toEqual(refusal("upload", "badDocumentType"));
    const noFile = await runAs(user, action, "/dashboard/documents", {
      form: { documentType: "cv" },
    });
    expect(noFile.data).toEqual(refusal("cv", "noFile"));
    // What a browser that skips `required` (no JavaScript, a proxy browser) sends when no file was
    // chosen: an empty part without a name. It asks to choose a file, not "this file is empty".
    const nothingChosen = await runRoute(
      action,
      await requestAs(user, "/dashboard/documents", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: [
          "--x",
          'Content-Disposition: form-data; name="documentType"',
          "",
          "cv",
          "--x",
          'Content-Disposition: form-data; name="file"; filename=""',
          "Content-Type: application/octet-stream",
          "",
          "",
          "--x--",
          "",
        ].join("\r\n"),
      }),
    );
    expect(nothingChosen.data).toEqual(refusal("cv", "noFile"));
    // A chosen file that holds nothing is still called empty.
    const empty = await runRoute(action, await upload(user, "cv", Buffer.alloc(0), "cv.pdf"));
    expect(empty.data).toEqual(refusal("cv", "empty"));
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("keeps staff out of the applicant page and visitors out of the upload endpoint", async () => {
    const staff = await createTestUser({ role: "admin" });
    const outcome = await runRoute(action, await upload(staff, "cv", PDF, "cv.pdf"));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin");
    const visitor = await fetchAs(app, null, "/api/documents", {
      form: { documentType: "cv", file: new File([new Uint8Array(PDF)], "a.pdf") },
    });
    expect(visitor.status).toBe(401);
  });

  it("cleans file names without losing what the applicant would recognise", () => {
    expect(cleanFileName("Résumé  final?.pdf")).toBe("Résumé final_.pdf");
    expect(cleanFileName("a".repeat(300) + ".pdf")).toHaveLength(120);
    expect(cleanFileName("a".repeat(300) + ".pdf")!.endsWith(".pdf")).toBe(true);
    expect(cleanFileName("cv\u0000.pdf")).toBeNull();
    expect(cleanFileName("..")).toBeNull();
  });
});

describe("the local storage driver", () => {
  it("keeps every key inside its folder and leaves nothing behind when a write fails", async () => {
    const root = path.join(ctx.dataDir, "driver-test");
    const driver = new LocalStorageDriver(root);
    for (const key of ["../escape", "documents/../../x", "/etc/passwd", "a//b", ""]) {
      await expect(driver.exists(key)).rejects.toThrow(/Invalid storage key/);
    }
    const failing = new Readable({
      read() {
        this.push(Buffer.from("partial bytes"));
        this.destroy(new Error("connection lost"));
      },
    });
    await expect(
      driver.put("documents/u1/broken", failing, { contentType: "application/pdf" }),
    ).rejects.toThrow("connection lost");
    expect(fs.readdirSync(path.join(root, "documents", "u1"))).toEqual([]);

    await driver.put("documents/u1/ok", Readable.from([PDF]), { contentType: "application/pdf" });
    expect(await driver.exists("documents/u1/ok")).toBe(true);
    await driver.delete("documents/u1/ok");
    expect(await driver.exists("documents/u1/ok")).toBe(false);
  });
});

describe("the upload endpoint used for progress", () => {
  it("answers in JSON, with the same rules", async () => {
    const user = await createTestUser();
    const req = (bytes: Buffer, name: string) =>
      requestAs(user, "/api/documents", {
        form: { documentType: "experience", file: new File([new Uint8Array(bytes)], name) },
      });
    const ok = await app.fetch(await req(PDF, "letter.pdf"));
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ ok: true, document: { documentType: "experience" } });
    const refused = await app.fetch(await req(EXE, "letter.pdf"));
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ ok: false, error: "wrongType" });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});

describe("downloading a document", () => {
  it("serves the owner and staff with safe headers, and 404s everyone else", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const staff = await createTestUser({ role: "manager" });
    await runRoute(action, await upload(owner, "cv", PDF, "Résumé; ü.pdf"));
    const [row] = await rowsOf(owner.id);
    const url = `/files/documents/${row!.id}`;

    const mine = await fetchAs(app, owner, url);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(PDF)).toBe(true);
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const disposition = mine.headers.get("content-disposition")!;
    expect(disposition.startsWith("attachment;")).toBe(true);
    expect(disposition).toContain(`filename="R_sum__ _.pdf"`);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("Résumé; ü.pdf")}`);

    expect((await fetchAs(app, staff, url)).status).toBe(200);
    expect((await fetchAs(app, other, url)).status).toBe(404);
    expect((await fetchAs(app, other, "/files/documents/not-a-uuid")).status).toBe(404);
    expect((await fetchAs(app, null, url)).status).toBe(401);
  });
});

describe("reviewing a document", () => {
  // Sign-up sends its own confirmation e-mail; these are the ones about documents.
  async function documentMails(to: string) {
    const mails = await ctx.mailsTo(to);
    return mails.filter((m) => m.text.includes("Passport"));
  }

  async function pendingDocument(user: TestUser) {
    await runRoute(action, await upload(user, "passport", PDF, "passport.pdf"));
    const [row] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.userId, user.id), eq(documents.status, "pending")));
    return row!;
  }

  it("rejects with a reason: the applicant sees it, is notified, e-mailed, and it is audited", async () => {
    const applicant = await createTestUser();
    const staff = await createTestUser({ role: "admin" });
    const staffViewer = { id: staff.id, role: staff.role };
    const doc = await pendingDocument(applicant);

    await expect(
      reviewDocument({ actor: staffViewer, documentId: doc.id, decision: "reject" }),
    ).rejects.toThrow(DocumentReviewError);

    await reviewDocument({
      actor: staffViewer,
      documentId: doc.id,
      decision: "reject",
      reason: "The photo page is cut off",
    });
    const page = await runAs(applicant, loader, "/dashboard/documents");
    const passport = (
      page.data as { types: { type: string; status: string; current: { reviewReason: string } }[] }
    ).types.find((t) => t.type === "passport")!;
    expect(passport.status).toBe("rejected");
    expect(passport.current.reviewReason).toBe("The photo page is cut off");

    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, applicant.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: "document_reviewed" });
    const mails = await documentMails(applicant.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("The photo page is cut off");
    const audits = await ctx.auditEntries(doc.id, "document.reject");
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(staff.id);

    const staffList = await listDocumentsForApplicantAsStaff({
      viewer: staff,
      userId: applicant.id,
    });
    expect(staffList[0]).toMatchObject({ status: "rejected", reviewerName: staff.fullName });
  });

  it("verifies without e-mail when the applicant turned e-mails off, and still notifies in the app", async () => {
    const applicant = await createTestUser();
    await ctx.db
      .update(profiles)
      .set({ emailNotifications: false })
      .where(eq(profiles.id, applicant.id));
    const staff = await createTestUser({ role: "manager" });
    const doc = await pendingDocument(applicant);

    await reviewDocument({ actor: staff, documentId: doc.id, decision: "verify" });
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ status: "verified", reviewedBy: staff.id });
    expect(await documentMails(applicant.email)).toEqual([]);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, applicant.id));
    expect(notes).toHaveLength(1);
  });
});
