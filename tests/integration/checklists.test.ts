import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as applicationsAction } from "~/app/routes/admin/applications";
import {
  action as checklistsAction,
  loader as checklistsLoader,
} from "~/app/routes/admin/checklists";
import { loader as expiringLoader } from "~/app/routes/admin/expiring-documents";
import {
  action as documentsAction,
  loader as documentsLoader,
} from "~/app/routes/dashboard/documents";
import type { BulkSummary } from "~/domain/bulk-actions";
import { addDays, type ChecklistLine } from "~/domain/checklists";
import {
  applicationStatusHistory,
  documentChecklistRules,
  documentExpiryReminders,
  documents,
  jobApplications,
  notifications,
  profiles,
} from "~/server/db/schema";
import { listGateOverridesForStaff, readChecklists } from "~/server/documents/checklists.server";
import { runDocumentExpiryRound } from "~/server/documents/expiry.server";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import {
  createTestUser,
  expectSentToDashboard,
  requestAs,
  runAs,
  runRoute,
  setupTestDatabase,
  type TestUser,
} from "./harness";

// Checklists per destination and path, dates on documents and their expiry (decision record 44).
const ctx = setupTestDatabase();

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
  admin = await createTestUser({ role: "admin" });
  manager = await createTestUser({ role: "manager" });
  const rules: [string, "job" | "program", string, string, boolean][] = [
    ["CA", "job", "", "police_clearance", true],
    ["CA", "job", "healthcare", "english", true],
    ["CA", "job", "healthcare", "experience", false],
    ["GB", "job", "", "language_test", true],
  ];
  await ctx.db.insert(documentChecklistRules).values(
    rules.map(([destination, kind, p, documentType, mandatory]) => ({
      destination,
      kind,
      path: p,
      documentType,
      mandatory,
    })),
  );
});

function upload(user: TestUser, documentType: string, dates: Record<string, string> = {}) {
  return requestAs(user, "/dashboard/documents", {
    // A sensitive type is kept only with the applicant's consent (decision record 49).
    form: {
      documentType,
      ...dates,
      sensitiveConsent: "on",
      file: new File([new Uint8Array(PDF)], "scan.pdf"),
    },
  });
}

const states = (lines: ChecklistLine[]) =>
  Object.fromEntries(lines.map((l) => [l.documentType, [l.state, l.mandatory]]));

describe("an application's checklist", () => {
  it("follows its destination, its job's sector and the job's own list; one document serves all", async () => {
    const applicant = await createTestUser();
    const nurse = await ctx.createTestApplication(applicant, {
      job: { countryCode: "CA", sector: "healthcare", requiredDocuments: ["medical_report"] },
    });
    const driver = await ctx.createTestApplication(applicant, {
      job: { countryCode: "CA", sector: "logistics" },
    });
    const carer = await ctx.createTestApplication(applicant, {
      job: { countryCode: "GB", sector: "healthcare" },
    });
    // The police clearance, uploaded once and verified, counts for both Canadian jobs.
    const today = agencyToday();
    expect(
      (
        await runRoute(
          documentsAction,
          await upload(applicant, "police_clearance", { issuedOn: today }),
        )
      ).status,
    ).toBe(302);
    const [clearance] = await ctx.rowsWhere(documents, "userId", applicant.id);
    expect(clearance).toMatchObject({ issuedOn: today, expiresOn: null });
    // Special personal information: reviewed by an admin (or the applicant's owner).
    await runAs(admin, applicationsAction, "/admin/applications", {
      form: { intent: "review", documentId: clearance!.id, decision: "verify" },
    });

    const lists = await readChecklists({ userId: applicant.id });
    const of = (id: string) => states(lists.find((c) => c.applicationId === id)!.lines);
    expect(of(nurse)).toEqual({
      passport: ["needed", true],
      cv: ["needed", true],
      english: ["needed", true],
      experience: ["needed", false],
      police_clearance: ["verified", true],
      medical_report: ["needed", true],
    });
    expect(of(driver)).toEqual({
      passport: ["needed", true],
      cv: ["needed", true],
      police_clearance: ["verified", true],
    });
    expect(of(carer)).toEqual({
      passport: ["needed", true],
      cv: ["needed", true],
      language_test: ["needed", true],
    });
    // Six months from its issue date (its type's validity).
    expect(lists.find((c) => c.applicationId === nurse)!.lines).toContainEqual(
      expect.objectContaining({ documentType: "police_clearance", validUntil: expect.any(String) }),
    );

    // The documents page shows each application's checklist and asks for what they need.
    const page = await runAs(applicant, documentsLoader, "/dashboard/documents");
    const data = page.data as {
      checklists: { applicationId: string }[];
      types: { type: string }[];
    };
    expect(data.checklists.map((c) => c.applicationId).sort()).toEqual(
      [nurse, driver, carer].sort(),
    );
    expect(data.types.map((e) => e.type)).toEqual(
      expect.arrayContaining(["police_clearance", "medical_report", "language_test", "english"]),
    );
  });

  it("records the dates typed with an upload, and refuses dates that cannot be", async () => {
    const applicant = await createTestUser();
    const refused = await runRoute(
      documentsAction,
      await upload(applicant, "passport", { issuedOn: "2026-05-01", expiresOn: "2026-04-01" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ flash: { message: "errors.badDates" } });
    expect(await ctx.rowsWhere(documents, "userId", applicant.id)).toHaveLength(0);

    await runRoute(
      documentsAction,
      await upload(applicant, "passport", { issuedOn: "2021-05-01", expiresOn: "2031-05-01" }),
    );
    const [passport] = await ctx.rowsWhere(documents, "userId", applicant.id);
    expect(passport).toMatchObject({ issuedOn: "2021-05-01", expiresOn: "2031-05-01" });

    // Staff correct the expiry date as they verify it; a later correction is audited too.
    await runAs(manager, applicationsAction, "/admin/applications", {
      form: {
        intent: "review",
        documentId: passport!.id,
        decision: "verify",
        issuedOn: "2021-05-01",
        expiresOn: "2031-04-30",
      },
    });
    const [verified] = await ctx.rowsWhere(documents, "id", passport!.id);
    expect(verified).toMatchObject({ status: "verified", expiresOn: "2031-04-30" });
    await runAs(manager, applicationsAction, "/admin/applications", {
      form: {
        intent: "review",
        documentId: passport!.id,
        decision: "verify",
        issuedOn: "2021-05-01",
        expiresOn: "2031-04-29",
      },
    });
    const [audit] = await ctx.auditEntries(passport!.id, "document.dates");
    expect(audit).toMatchObject({ actorId: manager.id });
    expect(audit!.details).toMatchObject({
      from: { expiresOn: "2031-04-30" },
      to: { expiresOn: "2031-04-29" },
    });
  });
});

describe("admins keep the checklists at /admin/checklists", () => {
  it("is for admins only", async () => {
    await expectSentToDashboard(
      manager,
      { loader: checklistsLoader, action: checklistsAction },
      "/admin/checklists",
      {
        kind: "job",
        documentType: "passport",
      },
    );
  });

  it("adds a rule, changes it, removes it, each audited", async () => {
    const post = (form: Record<string, string>) =>
      runAs(admin, checklistsAction, "/admin/checklists", { form });
    const form = {
      destination: "pl",
      kind: "job",
      path: "logistics",
      documentType: "driving_licence",
    };
    expect(await post({ ...form, mandatory: "on" })).toMatchObject({
      status: 302,
      location: "/admin/checklists?done=saved",
    });
    const where = and(
      eq(documentChecklistRules.destination, "PL"),
      eq(documentChecklistRules.documentType, "driving_licence"),
    );
    const [rule] = await ctx.db.select().from(documentChecklistRules).where(where);
    expect(rule).toMatchObject({ kind: "job", path: "logistics", mandatory: true });
    expect(await post(form)).toMatchObject({ location: "/admin/checklists?done=saved" });
    expect(await post(form)).toMatchObject({ location: "/admin/checklists?done=unchanged" });
    const [optional] = await ctx.db.select().from(documentChecklistRules).where(where);
    expect(optional!.mandatory).toBe(false);
    expect(await post({ intent: "remove", id: rule!.id })).toMatchObject({
      location: "/admin/checklists?done=removed",
    });
    const audits = await ctx.auditEntries(rule!.id);
    expect(audits.map((a) => a.action).sort()).toEqual([
      "checklist_rule.remove",
      "checklist_rule.save",
      "checklist_rule.save",
    ]);
    const refused = await post({ kind: "program", path: "healthcare", documentType: "english" });
    expect(refused.status).toBe(400);
  });
});

describe("documents that stop being valid", () => {
  it("are reminded of once each at 60, 30 and 7 days, however many processes run the round", async () => {
    const applicant = await createTestUser();
    const today = agencyToday();
    const [passport] = await ctx.db
      .insert(documents)
      .values({
        userId: applicant.id,
        documentType: "passport",
        fileName: "passport.pdf",
        storageKey: `test/${applicant.id}/passport`,
        fileSize: 100,
        contentType: "application/pdf",
        status: "verified",
        expiresOn: addDays(today, 45),
      })
      .returning();
    const reminders = async () =>
      (await ctx.mailsTo(applicant.email)).filter((m) => m.subject.includes("Passport"));
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);

    // 45 days before: the 60-day reminder, once, with rounds at once and again later.
    await Promise.all([runDocumentExpiryRound(), runDocumentExpiryRound()]);
    await runDocumentExpiryRound();
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.subject).toBe("Your Passport stops being valid in 60 days");

    // 20 days before (the 30-day one), then 5 days before (the 7-day one): once each.
    await Promise.all([
      runDocumentExpiryRound({ now: at(25) }),
      runDocumentExpiryRound({ now: at(25) }),
    ]);
    await runDocumentExpiryRound({ now: at(26) });
    await runDocumentExpiryRound({ now: at(40) });
    await runDocumentExpiryRound({ now: at(41) });
    const sent = await reminders();
    expect(sent.map((m) => m.subject).sort()).toEqual([
      "Your Passport stops being valid in 30 days",
      "Your Passport stops being valid in 60 days",
      "Your Passport stops being valid in 7 days",
    ]);
    expect(await ctx.rowsWhere(documentExpiryReminders, "documentId", passport!.id)).toHaveLength(
      3,
    );
    expect(
      (await ctx.rowsWhere(notifications, "userId", applicant.id)).filter(
        (n) => n.kind === "document_expiring",
      ),
    ).toHaveLength(3);
    // Expired: no more reminders.
    await runDocumentExpiryRound({ now: at(50) });
    expect(await reminders()).toHaveLength(3);
  });

  it("are listed for staff by office, soonest first", async () => {
    const harare = await createTestUser();
    const midrand = await createTestUser();
    await ctx.db.update(profiles).set({ office: "Harare" }).where(eq(profiles.id, harare.id));
    await ctx.db.update(profiles).set({ office: "Midrand" }).where(eq(profiles.id, midrand.id));
    const today = agencyToday();
    const doc = (
      userId: string,
      documentType: string,
      values: Partial<typeof documents.$inferInsert>,
    ) => ({
      userId,
      documentType,
      fileName: `${documentType}.pdf`,
      storageKey: `test/${userId}/${documentType}`,
      fileSize: 100,
      contentType: "application/pdf",
      status: "verified" as const,
      ...values,
    });
    await ctx.db.insert(documents).values([
      // Issued seven months ago: a police clearance is valid six.
      doc(harare.id, "police_clearance", { issuedOn: addDays(today, -213) }),
      doc(harare.id, "passport", { expiresOn: addDays(today, 400) }),
      doc(midrand.id, "passport", { expiresOn: addDays(today, 10) }),
    ]);
    const list = async (query = "") => {
      const page = await runAs(admin, expiringLoader, `/admin/expiring-documents${query}`);
      const { documents: rows } = page.data as {
        documents: { items: { userId: string; documentType: string; expired: boolean }[] };
      };
      return rows.items.filter((r) => r.userId === harare.id || r.userId === midrand.id);
    };
    expect((await list()).map((r) => [r.documentType, r.expired])).toEqual([
      ["police_clearance", true],
      ["passport", false],
    ]);
    expect((await list("?office=Midrand")).map((r) => r.userId)).toEqual([midrand.id]);
  });
});

describe("the gated stages", () => {
  it("refuse each gated stage, alone and in bulk, naming what is missing, unverified or expired", async () => {
    const applicant = await createTestUser();
    const appId = await ctx.createTestApplication(applicant, {
      status: "interview_completed",
      job: { countryCode: "CA", sector: "healthcare" },
    });
    const today = agencyToday();
    // Passport and CV verified, the English test waiting for review, the police clearance
    // verified but issued seven months ago (valid six): expired.
    await ctx.verifyDocuments(applicant, ["passport", "cv"]);
    await ctx.db.insert(documents).values([
      {
        userId: applicant.id,
        documentType: "police_clearance",
        fileName: "police.pdf",
        storageKey: `test/${applicant.id}/police`,
        fileSize: 100,
        contentType: "application/pdf",
        status: "verified",
        issuedOn: addDays(today, -213),
      },
      {
        userId: applicant.id,
        documentType: "english",
        fileName: "ielts.pdf",
        storageKey: `test/${applicant.id}/english`,
        fileSize: 100,
        contentType: "application/pdf",
        status: "pending",
      },
    ]);
    const move = (status: string, user = manager, extra: Record<string, string> = {}) =>
      runAs(user, applicationsAction, "/admin/applications", {
        form: { intent: "status", applicationId: appId, status, ...extra },
      });
    for (const status of [
      "offer_received",
      "visa_process_started",
      "visa_approved",
      "pre_departure",
      "departed",
    ]) {
      const refused = await move(status);
      expect(refused.status, status).toBe(409);
      expect(refused.data).toMatchObject({
        flash: {
          message: "errors.fact.checklistIncomplete",
          value: "English Test (uploaded), Police Clearance (expired)",
        },
      });
    }
    const [app] = await ctx.rowsWhere(jobApplications, "id", appId);
    expect(app!.status).toBe("interview_completed");

    // In bulk: the row is refused with the same items named.
    const bulk = await runAs(manager, applicationsAction, "/admin/applications", {
      form: {
        intent: "bulk",
        selection: "selected",
        id: appId,
        bulkAction: "status",
        toStatus: "offer_received",
      },
    });
    const { summary } = bulk.data as { summary: BulkSummary };
    expect(summary.changed).toBe(0);
    expect(summary.refused).toEqual([
      expect.objectContaining({
        id: appId,
        reason: "checklistIncomplete",
        items: [
          { documentType: "english", state: "uploaded" },
          { documentType: "police_clearance", state: "expired" },
        ],
      }),
    ]);

    // A manager's override is not one; an admin's, with a reason, is audited and shown.
    expect(
      (await move("offer_received", manager, { overrideReason: "Employer waived" })).status,
    ).toBe(409);
    const overridden = await move("offer_received", admin, {
      overrideReason: "The employer's own vetting replaces the clearance",
    });
    expect(overridden.status).toBe(302);
    const [moved] = await ctx.rowsWhere(jobApplications, "id", appId);
    expect(moved!.status).toBe("offer_received");
    const [audit] = await ctx.auditEntries(appId, "application.gate_override");
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(audit!.details).toMatchObject({
      to: "offer_received",
      reason: "The employer's own vetting replaces the clearance",
      items: [
        { documentType: "english", state: "uploaded" },
        { documentType: "police_clearance", state: "expired" },
      ],
    });
    const history = await ctx.rowsWhere(applicationStatusHistory, "applicationId", appId);
    expect(history.find((h) => h.toStatus === "offer_received")!.note).toBe(
      "The employer's own vetting replaces the clearance",
    );
    const overrides = await listGateOverridesForStaff(appId);
    expect(overrides).toEqual([
      expect.objectContaining({ status: "offer_received", items: expect.any(Array) }),
    ]);

    // Once every mandatory item is usable, the next gated stage needs no override.
    await ctx.verifyDocuments(applicant, ["police_clearance", "english"]);
    await ctx.db
      .update(documents)
      .set({ issuedOn: today })
      .where(and(eq(documents.userId, applicant.id), eq(documents.status, "verified")));
    expect((await move("visa_process_started")).status).toBe(302);
  });
});
