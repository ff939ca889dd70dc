import crypto from "node:crypto";
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as documentsAction } from "~/app/routes/dashboard/documents";
import { action as verifyAction, loader as verifyLoader } from "~/app/routes/public/verify";
import type { CopyAnswer } from "~/domain/certified-copies";
import { auditLog, certifiedCopies, documents } from "~/server/db/schema";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { reviewDocument } from "~/server/documents/review.server";
import { pdfBytes, pdfStreams, pdfText } from "~/server/pdf/pdf-text.test-helper";
import { setupEndpointTests } from "./endpoint-harness";
import { createTestUser, fetchAs, requestAs, runAs, runRoute, type TestUser } from "./harness";

// Certified copies without paper (decision record 50): staff who may download a verified document
// get a PDF stamped with who verified it and when, and a reference /verify answers about.

const { ctx, app } = setupEndpointTests([registerDocumentEndpoints], { uploads: true });

const PNG = fs.readFileSync("public/og-image.png");
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

let applicant: TestUser;
let harare: TestUser;
let midrand: TestUser;

async function upload(documentType: string, bytes: Buffer, name: string) {
  const outcome = await runRoute(
    documentsAction,
    await requestAs(applicant, "/dashboard/documents", {
      form: { documentType, file: new File([new Uint8Array(bytes)], name) },
    }),
  );
  expect(outcome.status).toBe(302);
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, applicant.id), eq(documents.documentType, documentType)));
  return row!;
}

const copyOf = (user: TestUser | null, id: string) =>
  fetchAs(app, user, `/files/documents/${id}/certified-copy`, { method: "POST" });

async function verifyPage(reference: string) {
  const outcome = await runAs(
    null,
    verifyLoader,
    `/verify?reference=${encodeURIComponent(reference)}`,
  );
  expect(outcome.status).toBe(200);
  return (outcome.data as { copy: CopyAnswer | null }).copy;
}

const copiesOf = (documentId: string) =>
  ctx.db.select().from(certifiedCopies).where(eq(certifiedCopies.documentId, documentId));

beforeAll(async () => {
  applicant = await createTestUser({ fullName: "Rudo Tendai Mutasa", office: "Harare" });
  harare = await createTestUser({ role: "manager", fullName: "Ann Lee", office: "Harare" });
  midrand = await createTestUser({ role: "manager", office: "Midrand" });
});

describe("a certified copy", () => {
  it("is refused, with the reason, while the document is not verified", async () => {
    const doc = await upload("passport", PNG, "passport.png");
    const response = await copyOf(harare, doc.id);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Only a verified document has a certified copy");
    expect(await copiesOf(doc.id)).toEqual([]);
  });

  it("of a verified picture is a stamped PDF whose reference /verify confirms, audited", async () => {
    const [doc] = await ctx.rowsWhere(documents, "userId", applicant.id);
    await reviewDocument({ actor: harare, documentId: doc!.id, decision: "verify" });

    const response = await copyOf(harare, doc!.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdfBytes(pdf).startsWith("%PDF-1.7")).toBe(true);
    const text = await pdfText(pdf);
    expect(text).toMatch(/Verified by Passage on [^()]+ \d{4} by Ann Lee/);

    const [copy] = await copiesOf(doc!.id);
    expect(copy).toMatchObject({
      issuedBy: harare.id,
      verifierName: "Ann Lee",
      applicantInitials: "R. T. M.",
      sha256: crypto.createHash("sha256").update(pdf).digest("hex"),
    });
    expect(copy!.reference).toMatch(/^PSG(-[2-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(text).toContain(`Reference: ${copy!.reference}`);
    expect(text).toContain(`/verify?reference=${copy!.reference}`);
    expect(response.headers.get("content-disposition")).toContain(
      `certified-copy-${copy!.reference}.pdf`,
    );

    // Audited as the copy, and counted as a staff view of the document (the applicant sees it).
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, harare.id), eq(auditLog.targetId, doc!.id)));
    expect(audits.find((a) => a.action === "document.certified_copy")?.details).toEqual({
      userId: applicant.id,
      documentType: "passport",
      reference: copy!.reference,
    });
    const views = await ctx.auditEntries(applicant.id, "document.view");
    expect(views.length).toBeGreaterThan(0);

    // Anyone checks the reference: the type, initials, date and who verified it; nothing else.
    const answer = await verifyPage(copy!.reference);
    expect(answer).toMatchObject({
      found: true,
      reference: copy!.reference,
      documentType: "passport",
      applicantInitials: "R. T. M.",
      verifierName: "Ann Lee",
      withdrawn: false,
      sha256: copy!.sha256,
    });
    expect(JSON.stringify(answer)).not.toMatch(/Rudo|Mutasa|passport\.png|@/);
    // Typed in the contact-point check instead, it is sent to the copy check (in its language).
    for (const page of ["/verify", "/fr/verify"]) {
      const typed = await runAs(null, verifyAction, page, {
        form: { intent: "check", q: copy!.reference.toLowerCase() },
      });
      expect(typed).toMatchObject({
        status: 302,
        location: `${page}?reference=${copy!.reference}`,
      });
    }
    // Typed loosely: lower case, spaces instead of dashes, no prefix.
    const loose = copy!.reference.slice(4).toLowerCase().replace(/-/g, " ");
    expect(await verifyPage(loose)).toMatchObject({ found: true, reference: copy!.reference });
  });

  it("is not found on /verify under a forged reference", async () => {
    expect(await verifyPage("PSG-2345-6789-ABCD-EFGH")).toEqual({
      found: false,
      reference: "PSG-2345-6789-ABCD-EFGH",
    });
    expect(await verifyPage("PSG-1234")).toMatchObject({ found: false });
    const plain = await runAs(null, verifyLoader, "/verify");
    expect(plain.data).toMatchObject({ copy: null });
  });

  it("is refused to staff who may not download the document, and to applicants", async () => {
    const [doc] = await ctx.rowsWhere(documents, "userId", applicant.id);
    const before = (await copiesOf(doc!.id)).length;
    expect((await copyOf(midrand, doc!.id)).status).toBe(404);
    expect((await copyOf(applicant, doc!.id)).status).toBe(403);
    expect((await copyOf(null, doc!.id)).status).toBe(401);
    expect((await copyOf(harare, crypto.randomUUID())).status).toBe(404);
    expect(await copiesOf(doc!.id)).toHaveLength(before);
    expect(await ctx.auditEntries(doc!.id, "document.certified_copy")).toHaveLength(before);
  });

  it("of a PDF carries the file unchanged, attached under the stamp", async () => {
    const doc = await upload("cv", PDF, "cv.pdf");
    await reviewDocument({ actor: harare, documentId: doc.id, decision: "verify" });
    const response = await copyOf(harare, doc.id);
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(await pdfText(pdf)).toContain("Verified by Passage on");
    expect(pdfBytes(pdf)).toContain("/Type /EmbeddedFile");
    expect(pdfStreams(pdf).some((stream) => stream.includes(PDF))).toBe(true);
  });

  it("says on /verify when the document's verification was withdrawn since", async () => {
    const [doc] = await ctx
      .rowsWhere(documents, "userId", applicant.id)
      .then((rows) => rows.filter((r) => r.documentType === "passport"));
    const [copy] = await copiesOf(doc!.id);
    await reviewDocument({
      actor: harare,
      documentId: doc!.id,
      decision: "reject",
      reason: "The photo page is cut off",
    });
    expect(await verifyPage(copy!.reference)).toMatchObject({ found: true, withdrawn: true });
    // No new copy of a rejected document.
    expect((await copyOf(harare, doc!.id)).status).toBe(409);
  });
});
