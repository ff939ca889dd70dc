import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/app/routes/admin/applicant";
import { loader as activityLoader } from "~/app/routes/admin/activity";
import { addApplicationNote } from "~/server/applications/notes.server";
import { changeApplicationStatus } from "~/server/applications/staff.server";
import { auditLog, documents, jobApplications, payments } from "~/server/db/schema";
import { sendMessage } from "~/server/messages/messages.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

// One page per applicant: what /admin/applicants/:id gathers, and who may open it.

const ctx = setupTestDatabase();

let midrandManager: TestUser; // of Midrand only
let admin: TestUser;
let rudo: TestUser; // Harare's
let thabo: TestUser; // Midrand's
let thaboJob: string;
let thaboProgram: string;
let thaboDoc: string;

type Page = {
  record: {
    profile: { id: string; fullName: string; feeDue: boolean };
    applications: { id: string; kind: string; status: string }[];
    documents: { id: string; status: string }[];
    payments: { id: string }[];
    messages: { subject: string }[];
    notes: { body: string }[];
    timeline: { kind: string; at: string; action?: string; subject?: string; to?: string }[];
  };
  checklists: {
    applicationId: string;
    lines: { documentType: string; mandatory: boolean; state: string }[];
  }[];
};

const pageOf = (user: TestUser, who: TestUser) =>
  runAs(user, loader, `/admin/applicants/${who.id}`, { params: { id: who.id } });

beforeAll(async () => {
  midrandManager = await createTestUser({ role: "manager", office: "Midrand" });
  admin = await createTestUser({ role: "admin" });
  rudo = await createTestUser({ fullName: "Rudo Harare", country: "Zimbabwe", office: "Harare" });
  thabo = await createTestUser({
    fullName: "Thabo Midrand",
    country: "South Africa",
    office: "Midrand",
  });
  await ctx.createTestApplication(rudo);
  thaboJob = await ctx.createTestApplication(thabo);
  const program = await ctx.createTestProgram();
  const [programApp] = await ctx.db
    .insert(jobApplications)
    .values({ userId: thabo.id, kind: "program", programId: program.id, intake: "2031-09-01" })
    .returning({ id: jobApplications.id });
  thaboProgram = programApp!.id;
  const [doc] = await ctx.db
    .insert(documents)
    .values({
      userId: thabo.id,
      documentType: "passport",
      fileName: "passport.pdf",
      fileSize: 100,
      contentType: "application/pdf",
      storageKey: `documents/${thabo.id}/passport.pdf`,
    })
    .returning({ id: documents.id });
  thaboDoc = doc!.id;
  await ctx.db.insert(payments).values({
    userId: thabo.id,
    amountMinor: 2500,
    currency: "USD",
    paymentMethod: "manual",
    provider: "manual",
    paymentReference: "REF-THABO",
    status: "completed",
    paymentDate: new Date(),
    receiptNumber: "PSG-THABO",
  });
  await sendMessage({
    actor: admin,
    input: {
      recipientType: "individual",
      recipientId: thabo.id,
      subject: "Your papers",
      content: "Bring your papers",
      attachmentUrl: undefined,
    },
  });
  await addApplicationNote({ actor: admin, applicationId: thaboJob, body: "Called him today" });
  await changeApplicationStatus({ actor: admin, applicationId: thaboJob, status: "job_matched" });
});

describe("the applicant page", () => {
  it("gathers the profile, every application, documents, payments, messages, notes and one timeline", async () => {
    const outcome = await pageOf(midrandManager, thabo);
    expect(outcome.status).toBe(200);
    const { record } = outcome.data as Page;
    expect(record.profile.fullName).toBe("Thabo Midrand");
    // Midrand asks applicants no fee: the page never calls him unpaid; Harare's fee is due.
    expect(record.profile.feeDue).toBe(false);
    const harare = (await pageOf(admin, rudo)).data as Page;
    expect(harare.record.profile.feeDue).toBe(true);
    expect(record.applications.map((a) => a.id).sort()).toEqual([thaboJob, thaboProgram].sort());
    expect(new Set(record.applications.map((a) => a.kind))).toEqual(new Set(["job", "program"]));
    expect(record.documents.map((d) => d.id)).toEqual([thaboDoc]);
    expect(record.payments).toHaveLength(1);
    expect(record.messages.map((m) => m.subject)).toEqual(["Your papers"]);
    expect(record.notes.map((n) => n.body)).toEqual(["Called him today"]);

    const kinds = new Set(record.timeline.map((e) => e.kind));
    for (const kind of ["status", "document", "payment", "message", "audit"]) {
      expect(kinds, kind).toContain(kind);
    }
    // Newest first, and the status change told once (by the history, not again by the log).
    const times = record.timeline.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(
      record.timeline.filter((e) => e.kind === "status" && e.to === "job_matched"),
    ).toHaveLength(1);
    expect(record.timeline.some((e) => e.action === "application.status_change")).toBe(false);
    expect(record.timeline.some((e) => e.action === "application.note")).toBe(true);

    // Each application's checklist, as its applicant sees it: the passport he sent waits for review.
    const { checklists } = outcome.data as Page;
    expect(checklists.map((c) => c.applicationId).sort()).toEqual([thaboJob, thaboProgram].sort());
    const jobLines = checklists.find((c) => c.applicationId === thaboJob)!.lines;
    expect(jobLines.find((l) => l.documentType === "passport")).toMatchObject({
      mandatory: true,
      state: "uploaded",
    });
  });

  it("is not found for another office's applicant, a staff member or no one, and records nothing", async () => {
    const before = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, midrandManager.id));
    for (const who of [rudo, admin]) {
      expect((await pageOf(midrandManager, who)).status).toBe(404);
    }
    const nobody = await runAs(midrandManager, loader, "/admin/applicants/nobody", {
      params: { id: "nobody" },
    });
    expect(nobody.status).toBe(404);
    const after = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, midrandManager.id));
    expect(after.length).toBe(before.length);
    // An admin sees every office.
    expect((await pageOf(admin, rudo)).status).toBe(200);
  });

  it("is for staff only: an applicant is sent to their dashboard", async () => {
    const outcome = await pageOf(rudo, thabo);
    expect(outcome).toMatchObject({ status: 302, location: "/dashboard" });
  });

  it("reviews a document of its applicant, and refuses another office's", async () => {
    const path = `/admin/applicants/${thabo.id}`;
    const verified = await runAs(midrandManager, action, path, {
      params: { id: thabo.id },
      form: { intent: "review", documentId: thaboDoc, decision: "verify" },
    });
    expect(verified.status).toBe(302);
    expect(verified.location).toContain(`${path}?done=documentVerified`);
    const [doc] = await ctx.rowsWhere(documents, "id", thaboDoc);
    expect(doc!.status).toBe("verified");

    const [rudoDoc] = await ctx.db
      .insert(documents)
      .values({
        userId: rudo.id,
        documentType: "cv",
        fileName: "cv.pdf",
        fileSize: 100,
        contentType: "application/pdf",
        storageKey: `documents/${rudo.id}/cv.pdf`,
      })
      .returning({ id: documents.id });
    const refused = await runAs(midrandManager, action, path, {
      params: { id: thabo.id },
      form: { intent: "review", documentId: rudoDoc!.id, decision: "verify" },
    });
    expect(refused.status).toBe(404);
    const [still] = await ctx.rowsWhere(documents, "id", rudoDoc!.id);
    expect(still!.status).toBe("pending");
  });
});

describe("the activity log", () => {
  it("names the applicant an entry is about and links to their page, only within the viewer's offices", async () => {
    type Activity = {
      items: { person: { id: string; name: string } | null; targetType: string }[];
    };
    const mine = (await runAs(midrandManager, activityLoader, "/admin/activity")).data as Activity;
    const named = mine.items.filter((e) => e.person?.id === thabo.id);
    expect(named.length).toBeGreaterThan(0);
    expect(named[0]!.person!.name).toBe("Thabo Midrand");
    expect(JSON.stringify(mine)).not.toContain("Rudo Harare");
    const all = (await runAs(admin, activityLoader, "/admin/activity?target=user"))
      .data as Activity;
    expect(all.items.every((e) => e.person === null || typeof e.person.name === "string")).toBe(
      true,
    );
  });
});
