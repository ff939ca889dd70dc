import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as applicationsLoader } from "~/app/routes/admin/applications";
import { loader as dashboardLoader } from "~/app/routes/admin/dashboard";
import { loader as searchLoader } from "~/app/routes/admin/search";
import type { DashboardQueues } from "~/app/routes/admin/dashboard-queues";
import { agencyDateTimeInputValue } from "~/domain/interview";
import { contactInquiries, documents, jobApplications, profiles } from "~/server/db/schema";
import { agencyDayBounds } from "~/server/interviews/slots.server";
import type { BackOfficeResults } from "~/server/search/back-office-search.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

// The back-office's start page shows what waits for staff (decision record 41), each queue of
// their offices only, counted by what it lists; the header's search finds their applicants, the
// agency's jobs and programs.

const ctx = setupTestDatabase();

let harareManager: TestUser; // Harare only, owns one application
let midrandManager: TestUser; // Midrand only, owns none
let admin: TestUser;
let rudo: TestUser; // Harare's applicant
let thabo: TestUser; // Midrand's applicant
let jobTitle: string;

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

async function addDocument(user: TestUser, status: "pending" | "verified", uploadedAt: Date) {
  await ctx.db.insert(documents).values({
    userId: user.id,
    documentType: "passport",
    fileName: "passport.pdf",
    storageKey: `test/${crypto.randomUUID()}`,
    fileSize: 1000,
    contentType: "application/pdf",
    status,
    uploadedAt,
  });
}

async function addMessage(email: string, name: string, status: "pending" | "resolved") {
  await ctx.db
    .insert(contactInquiries)
    .values({ name, email, subject: `From ${name}`, message: "Hello", status });
}

beforeAll(async () => {
  harareManager = await createTestUser({ role: "manager", office: "Harare" });
  midrandManager = await createTestUser({ role: "manager", office: "Midrand" });
  admin = await createTestUser({ role: "admin", office: "Harare" });
  rudo = await createTestUser({ fullName: "Rudo Queue", country: "Zimbabwe" });
  thabo = await createTestUser({ fullName: "Thabo Queue", country: "South Africa" });
  await ctx.db
    .update(profiles)
    .set({ phoneNumber: "+263 77 555 0123" })
    .where(eq(profiles.id, rudo.id));
  const job = await ctx.createTestJob({ title: "Queue Orchard Picker" });
  jobTitle = job.title;
  const other = await ctx.createTestJob();
  const third = await ctx.createTestJob();

  // Documents: Rudo's two pending (the older first), one verified; Thabo's one pending.
  await addDocument(rudo, "pending", ago(5));
  await addDocument(rudo, "pending", ago(48));
  await addDocument(rudo, "verified", ago(72));
  await addDocument(thabo, "pending", ago(1));

  // Applications: each applicant's one unowned and open; Rudo's departed one (closed) and one
  // owned by the Harare manager, with an interview today; Thabo's interview tomorrow.
  const today = agencyDateTimeInputValue(new Date()).slice(0, 10);
  const { start } = agencyDayBounds(today);
  await ctx.db.insert(jobApplications).values([
    { userId: rudo.id, jobId: job.id, status: "registration_pending" },
    { userId: thabo.id, jobId: job.id, status: "registration_paid" },
    { userId: rudo.id, jobId: other.id, status: "departed" },
    {
      userId: rudo.id,
      jobId: third.id,
      status: "interview_scheduled",
      interviewDate: new Date(start.getTime() + 10 * HOUR),
      interviewLocation: "Harare office",
      ownerId: harareManager.id,
    },
    {
      userId: thabo.id,
      jobId: other.id,
      status: "interview_scheduled",
      interviewDate: new Date(start.getTime() + 34 * HOUR),
      ownerId: admin.id,
    },
  ]);

  // Messages: one from each applicant's address (Rudo's in capitals), one from a visitor, one
  // of Rudo's answered.
  await addMessage(rudo.email.toUpperCase(), "Rudo Queue", "pending");
  await addMessage(thabo.email, "Thabo Queue", "pending");
  await addMessage("visitor@example.org", "A Visitor", "pending");
  await addMessage(rudo.email, "Rudo Queue", "resolved");
});

async function queuesOf(user: TestUser) {
  const out = await runAs(user, dashboardLoader, "/admin");
  expect(out.status).toBe(200);
  return (out.data as { queues: DashboardQueues }).queues;
}

const names = (items: { applicantName?: string; name?: string }[]) =>
  items.map((i) => i.applicantName ?? i.name);

describe("the work queues", () => {
  it("show a Harare manager what waits in Harare, counted by what they list", async () => {
    const q = await queuesOf(harareManager);
    expect(q.documents.count).toBe(2);
    expect(names(q.documents.items)).toEqual(["Rudo Queue", "Rudo Queue"]);
    // Oldest first: the one waiting two days leads.
    const [first, second] = q.documents.items.map((d) => new Date(d.at).getTime());
    expect(first!).toBeLessThan(second!);

    expect(q.unowned.count).toBe(1);
    expect(q.unowned.items).toMatchObject([
      { applicantName: "Rudo Queue", title: jobTitle, status: "registration_pending" },
    ]);

    expect(q.messages.count).toBe(2);
    expect(names(q.messages.items).sort()).toEqual(["A Visitor", "Rudo Queue"]);

    expect(q.interviews.count).toBe(1);
    expect(q.interviews.items).toMatchObject([
      { applicantName: "Rudo Queue", location: "Harare office" },
    ]);
    expect(q.mine).toBe(1);
  });

  it("show a Midrand manager Midrand's only, and the visitor's message", async () => {
    const q = await queuesOf(midrandManager);
    expect([q.documents.count, names(q.documents.items)]).toEqual([1, ["Thabo Queue"]]);
    expect([q.unowned.count, names(q.unowned.items)]).toEqual([1, ["Thabo Queue"]]);
    expect(q.messages.count).toBe(2);
    expect(names(q.messages.items).sort()).toEqual(["A Visitor", "Thabo Queue"]);
    // Thabo's interview is tomorrow.
    expect([q.interviews.count, q.interviews.items]).toEqual([0, []]);
    expect(q.mine).toBe(0);
  });

  it("show an admin every office's", async () => {
    const q = await queuesOf(admin);
    expect(q.documents.count).toBe(3);
    expect(q.unowned.count).toBe(2);
    expect(q.messages.count).toBe(3);
    expect(q.interviews.count).toBe(1);
  });

  it("list at most five each, while the count says how many there are", async () => {
    for (let i = 0; i < 6; i++) await addDocument(thabo, "pending", ago(100 + i));
    const q = await queuesOf(midrandManager);
    expect(q.documents.count).toBe(7);
    expect(q.documents.items).toHaveLength(5);
    const listed = q.documents.items.map((d) => new Date(d.at).getTime());
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
  });
});

describe("My applicants as the applications list's default", () => {
  it("is a manager's who owns any; one who owns none starts with everyone's", async () => {
    const owner = await runAs(harareManager, applicationsLoader, "/admin/applications");
    expect(owner.data).toMatchObject({ ownerView: "me" });
    const none = await runAs(midrandManager, applicationsLoader, "/admin/applications");
    expect(none.data).toMatchObject({ ownerView: "all" });
    const mine = await runAs(midrandManager, applicationsLoader, "/admin/applications?owner=me");
    expect(mine.data).toMatchObject({ ownerView: "me" });
  });
});

async function search(user: TestUser, q: string) {
  const out = await runAs(user, searchLoader, `/admin/search?q=${encodeURIComponent(q)}`);
  expect(out.status).toBe(200);
  return out.data as { q: string; error: string | null; results: BackOfficeResults | null };
}

describe("the back-office search", () => {
  it("finds an applicant of the viewer's offices by name, e-mail or phone", async () => {
    for (const q of ["rudo q", rudo.email.toUpperCase(), "077 555 0123", "+263775550123"]) {
      const { results } = await search(harareManager, q);
      expect(
        results!.applicants.items.map((a) => a.id),
        q,
      ).toEqual([rudo.id]);
    }
  });

  it("never finds another office's applicant", async () => {
    const { results } = await search(midrandManager, "Rudo Queue");
    expect(results!.applicants.items).toEqual([]);
    const own = await search(midrandManager, "Thabo Queue");
    expect(own.results!.applicants.items.map((a) => a.id)).toEqual([thabo.id]);
  });

  it("finds jobs and programs by title, and no staff member", async () => {
    const program = await ctx.createTestProgram({ title: "Queue Nursing BSc" });
    const { results } = await search(harareManager, "queue");
    expect(results!.jobs.items.map((j) => j.title)).toEqual([jobTitle]);
    expect(results!.programs.items.map((p) => p.id)).toEqual([program.id]);
    const staff = await search(admin, harareManager.fullName);
    expect(staff.results!.applicants.items).toEqual([]);
  });

  it("asks for two characters, and shows nothing for an empty search", async () => {
    expect(await search(harareManager, " r ")).toMatchObject({
      error: "search.errors.tooShort",
      results: null,
    });
    expect(await search(harareManager, "")).toMatchObject({ error: null, results: null });
  });

  it("is for staff only", async () => {
    const out = await runAs(rudo, searchLoader, "/admin/search?q=rudo");
    expect(out).toMatchObject({ status: 302, location: "/dashboard" });
  });
});
