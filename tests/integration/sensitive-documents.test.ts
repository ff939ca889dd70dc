import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as applicantLoader } from "~/app/routes/admin/applicant";
import { loader as expiringLoader } from "~/app/routes/admin/expiring-documents";
import { action as uploadAction } from "~/app/routes/dashboard/documents";
import { loader as profileLoader } from "~/app/routes/dashboard/profile";
import { auditLog, documents, profiles, sensitiveDocumentAccess } from "~/server/db/schema";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { DocumentReviewError, reviewDocument } from "~/server/documents/review.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { readWorkQueuesForStaff } from "~/server/queues/work-queues.server";
import { setupEndpointTests } from "./endpoint-harness";
import { createTestUser, fetchAs, requestAs, runAs, runRoute, type TestUser } from "./harness";

// Special personal information (decision record 49): only the applicant's owner and admins open
// a sensitive document; each view and download is logged for the applicant's profile; uploading
// one needs the applicant's recorded consent.

const { ctx, app } = setupEndpointTests([registerDocumentEndpoints], { uploads: true });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

function upload(user: TestUser, documentType: string, fields: Record<string, string> = {}) {
  return requestAs(user, "/dashboard/documents", {
    form: { documentType, ...fields, file: new File([new Uint8Array(PDF)], "clearance.pdf") },
  });
}

type StaffDocument = {
  id: string;
  documentType: string;
  fileName: string;
  reviewReason: string | null;
  restricted: boolean;
  downloadUrl: string | null;
};
type ApplicantPage = {
  record: {
    documents: StaffDocument[];
    messages: { documentId: string | null; documentRestricted: boolean }[];
  };
};

const pageOf = async (staff: TestUser, who: TestUser) =>
  (await runAs(staff, applicantLoader, `/admin/applicants/${who.id}`, { params: { id: who.id } }))
    .data as ApplicantPage;

const accessRows = (applicant: TestUser) =>
  ctx.db
    .select()
    .from(sensitiveDocumentAccess)
    .where(eq(sensitiveDocumentAccess.applicantId, applicant.id));

let owner: TestUser; // the manager who owns the applicant
let colleague: TestUser; // a manager of the same office, not the owner
let admin: TestUser;
let applicant: TestUser;
let clearanceId: string;
let passportId: string;

beforeAll(async () => {
  owner = await createTestUser({ role: "manager", fullName: "Ann Owner", office: "Harare" });
  colleague = await createTestUser({ role: "manager", fullName: "Ben Other", office: "Harare" });
  admin = await createTestUser({ role: "admin", fullName: "Cleo Admin" });
  applicant = await createTestUser({ office: "Harare" });
  await ctx.db.update(profiles).set({ ownerId: owner.id }).where(eq(profiles.id, applicant.id));
  for (const [type, fields] of [
    ["police_clearance", { sensitiveConsent: "on", consentLanguage: "en" }],
    ["passport", {}],
  ] as const) {
    expect((await runRoute(uploadAction, await upload(applicant, type, fields))).status).toBe(302);
  }
  const rows = await ctx.db.select().from(documents).where(eq(documents.userId, applicant.id));
  clearanceId = rows.find((r) => r.documentType === "police_clearance")!.id;
  passportId = rows.find((r) => r.documentType === "passport")!.id;
});

describe("uploading a sensitive document", () => {
  it("is refused without consent, with a clear message, and nothing is kept", async () => {
    const person = await createTestUser();
    const outcome = await runRoute(uploadAction, await upload(person, "medical_report"));
    expect(outcome).toMatchObject({
      status: 400,
      data: { intent: "medical_report", flash: { ok: false, message: "errors.consentNeeded" } },
    });
    expect(await ctx.rowsWhere(documents, "userId", person.id)).toEqual([]);
    // The upload endpoint (the page with JavaScript) says the same.
    const api = await app.fetch(
      await requestAs(person, "/api/documents", {
        form: {
          documentType: "medical_report",
          file: new File([new Uint8Array(PDF)], "report.pdf"),
        },
      }),
    );
    expect(await api.json()).toMatchObject({ ok: false, error: "consentNeeded" });
    expect(await ctx.rowsWhere(documents, "userId", person.id)).toEqual([]);
  });

  it("records the consent in the words the applicant read, in their language", async () => {
    const person = await createTestUser();
    const outcome = await runRoute(
      uploadAction,
      await upload(person, "medical_report", { sensitiveConsent: "on", consentLanguage: "fr" }),
    );
    expect(outcome.status).toBe(302);
    const [row] = await ctx.rowsWhere(documents, "userId", person.id);
    expect(row).toMatchObject({ documentType: "medical_report", consentLanguage: "fr" });
    expect(row!.consentAt).toBeInstanceOf(Date);
    expect(row!.consentText).toContain("J'accepte que Passage conserve");
    expect(row!.consentText).toContain("Rapport médical");
    // Other types ask for none.
    const [passport] = await ctx.db.select().from(documents).where(eq(documents.id, passportId));
    expect(passport).toMatchObject({ consentAt: null, consentText: null });
  });
});

describe("who may see a sensitive document", () => {
  it("shows it in full to the owner and admins; a colleague sees its type and status only", async () => {
    for (const staff of [owner, admin]) {
      const shown = (await pageOf(staff, applicant)).record.documents.find(
        (d) => d.id === clearanceId,
      );
      expect(shown).toMatchObject({
        restricted: false,
        fileName: "clearance.pdf",
        downloadUrl: `/files/documents/${clearanceId}`,
      });
    }
    const page = await pageOf(colleague, applicant);
    expect(page.record.documents.find((d) => d.id === clearanceId)).toMatchObject({
      documentType: "police_clearance",
      restricted: true,
      fileName: "",
      downloadUrl: null,
    });
    // Nothing else of the applicant's is held back from the colleague.
    expect(page.record.documents.find((d) => d.id === passportId)).toMatchObject({
      restricted: false,
      fileName: "clearance.pdf",
    });
  });

  it("waits for review in the owner's and admins' queues only", async () => {
    const queued = async (staff: TestUser) =>
      (
        await readWorkQueuesForStaff({
          viewer: staff,
          scope: await officeScopeFor(staff),
          limit: 1000,
        })
      ).documents.items.map((d) => d.id);
    expect(await queued(owner)).toContain(clearanceId);
    expect(await queued(admin)).toContain(clearanceId);
    expect(await queued(colleague)).not.toContain(clearanceId);
    expect(await queued(colleague)).toContain(passportId);
  });

  it("serves its file to the owner and admins only; the colleague gets the 404 of a missing one", async () => {
    const url = `/files/documents/${clearanceId}`;
    expect((await fetchAs(app, owner, url)).status).toBe(200);
    expect((await fetchAs(app, admin, url)).status).toBe(200);
    expect((await fetchAs(app, applicant, url)).status).toBe(200);
    expect((await fetchAs(app, colleague, url)).status).toBe(404);
    expect((await fetchAs(app, colleague, `/files/documents/${passportId}`)).status).toBe(200);
  });

  it("lets only the owner and admins review it; the activity log keeps no rejection reason", async () => {
    await expect(
      reviewDocument({ actor: colleague, documentId: clearanceId, decision: "verify" }),
    ).rejects.toThrow(DocumentReviewError);
    await reviewDocument({
      actor: owner,
      documentId: clearanceId,
      decision: "reject",
      reason: "The stamp is unreadable",
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, clearanceId), eq(auditLog.action, "document.reject")));
    expect(entry).toMatchObject({ actorId: owner.id, details: { reason: null } });
    // The colleague does not read the reason on the applicant's page either.
    const page = await pageOf(colleague, applicant);
    expect(page.record.documents.find((d) => d.id === clearanceId)?.reviewReason).toBeNull();
  });

  it("lists an expiring sensitive document by its type only", async () => {
    const person = await createTestUser({ office: "Harare" });
    // Issued five months ago: its six months of validity end within the list's 60 days.
    const issuedOn = new Date(Date.now() - 150 * 86_400_000).toISOString().slice(0, 10);
    await ctx.db.insert(documents).values({
      userId: person.id,
      documentType: "police_clearance",
      fileName: "hidden-name.pdf",
      storageKey: `documents/${person.id}/expiring`,
      fileSize: 10,
      contentType: "application/pdf",
      status: "verified",
      issuedOn,
    });
    const list = await runAs(admin, expiringLoader, "/admin/expiring-documents");
    const rows = (list.data as { documents: { items: { userId: string; fileName: string }[] } })
      .documents.items;
    expect(rows.find((r) => r.userId === person.id)).toMatchObject({ fileName: "" });
  });
});

describe("the access log", () => {
  it("writes one row per view and per download, and the applicant reads who, what and when", async () => {
    const person = await createTestUser({ office: "Harare" });
    await ctx.db.update(profiles).set({ ownerId: owner.id }).where(eq(profiles.id, person.id));
    await runRoute(
      uploadAction,
      await upload(person, "police_clearance", { sensitiveConsent: "on" }),
    );
    const [doc] = await ctx.rowsWhere(documents, "userId", person.id);
    expect(await accessRows(person)).toEqual([]);

    // A colleague's look and download attempt are no access: nothing is written.
    await pageOf(colleague, person);
    await fetchAs(app, colleague, `/files/documents/${doc!.id}`);
    expect(await accessRows(person)).toEqual([]);

    await pageOf(owner, person); // a view
    await fetchAs(app, owner, `/files/documents/${doc!.id}`); // a download
    await fetchAs(app, admin, `/files/documents/${doc!.id}`); // another
    const rows = await accessRows(person);
    expect(
      rows.map((r) => [r.staffId, r.staffRole, r.kind, r.documentId, r.documentType]).sort(),
    ).toEqual(
      [
        [owner.id, "manager", "view", doc!.id, "police_clearance"],
        [owner.id, "manager", "download", doc!.id, "police_clearance"],
        [admin.id, "admin", "download", doc!.id, "police_clearance"],
      ].sort(),
    );
    // Each download is in the activity log too, as every staff download is.
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, person.id), eq(auditLog.action, "document.view")));
    expect(audits).toHaveLength(2);

    const profile = await runAs(person, profileLoader, "/dashboard/profile");
    const listed = (
      profile.data as {
        sensitiveAccess: {
          kind: string;
          staffName: string;
          staffRole: string;
          documentType: string;
          fileName: string | null;
          at: Date;
        }[];
      }
    ).sensitiveAccess;
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({
      kind: "download",
      staffName: "Cleo Admin",
      staffRole: "admin",
      documentType: "police_clearance",
      fileName: "clearance.pdf",
    });
    expect(listed.map((a) => [a.staffName, a.kind])).toEqual(
      expect.arrayContaining([
        ["Ann Owner", "view"],
        ["Ann Owner", "download"],
      ]),
    );
    expect(listed.every((a) => a.at instanceof Date)).toBe(true);
  });
});
