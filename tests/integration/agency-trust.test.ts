import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as inboxAction, loader as inboxLoader } from "~/app/routes/admin/inquiries";
import { action as complaintsAction } from "~/app/routes/public/complaints";
import { action as verifyAction } from "~/app/routes/public/verify";
import { action as profileAction, loader as profileLoader } from "~/app/routes/dashboard/profile";
import { COMPLAINT_REFERENCE } from "~/domain/agency-trust";
import { isPublicPagePath } from "~/server/cache/page-cache.server";
import { escalateOverdueComplaints } from "~/server/complaints/escalate-complaints.server";
import { fileComplaint } from "~/server/complaints/file-complaint.server";
import { seedServices } from "~/server/boot.server";
import { seedDemoTrust } from "~/server/db/seed.server";
import {
  auditLog,
  complaintReplies,
  complaints,
  mailOutbox,
  notifications,
  profiles,
} from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/settings.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

// Issue 39: the agency proves who it is. /verify answers only from the agency's own published
// contact points and listed staff; complaints get a reference, a deadline, staff handling, and
// one escalation when overdue.

const ctx = setupTestDatabase();

let listedManager: TestUser;
let unlistedManager: TestUser;
let applicant: TestUser;
let superAdmin: TestUser;
const APPLICANT_PHONE = "+263 77 555 0101";

beforeAll(async () => {
  await seedDemoTrust(seedServices());
  listedManager = await createTestUser({ role: "manager", fullName: "Farai Chikwanha" });
  await ctx.db
    .update(profiles)
    .set({ listedOnVerify: true, office: "Harare" })
    .where(eq(profiles.id, listedManager.id));
  unlistedManager = await createTestUser({ role: "manager", fullName: "Kuda Marufu" });
  applicant = await createTestUser({ fullName: "Rudo Mutasa Applicant" });
  await ctx.db
    .update(profiles)
    .set({ phoneNumber: APPLICANT_PHONE, whatsappNumber: APPLICANT_PHONE })
    .where(eq(profiles.id, applicant.id));
  superAdmin = await createTestUser({ role: "super_admin" });
});

/** What /verify answers a visitor who typed `q`. */
async function check(q: string) {
  const outcome = await runAs(null, verifyAction, "/verify", { form: { intent: "check", q } });
  expect(outcome.status).toBe(200);
  return (outcome.data as { answer: { found: boolean; kind: string; value: string } }).answer;
}

describe("/verify", () => {
  it("is never served from the page cache (its answers are per visitor and rate-limited)", () => {
    expect(isPublicPagePath("/verify")).toBe(false);
    expect(isPublicPagePath("/fr/verify")).toBe(false);
    expect(isPublicPagePath("/complaints")).toBe(false);
  });

  it("confirms the WhatsApp line however the number is typed", async () => {
    const { whatsappNumber } = await getSiteSettings();
    expect(whatsappNumber).toBe("+263 77 200 0000");
    for (const typed of [
      "+263 77 200 0000",
      "0772000000",
      "00263 772 000 000",
      "263-77-200-0000",
    ]) {
      expect(await check(typed), typed).toMatchObject({
        found: true,
        kind: "phone",
        uses: [{ channel: "whatsapp", office: null }],
      });
    }
  });

  it("confirms an office's phone and e-mail, whatever the case", async () => {
    expect(await check("+27 11 000 0000")).toMatchObject({
      found: true,
      uses: [{ channel: "phone", office: "Midrand" }],
    });
    expect(await check("  HARARE@Passage.Example ")).toMatchObject({
      found: true,
      kind: "email",
      uses: [{ channel: "email", office: "Harare" }],
    });
  });

  it("confirms a listed staff member by full name only, with their office", async () => {
    expect(await check("farai   CHIKWANHA")).toMatchObject({
      found: true,
      kind: "name",
      value: "Farai Chikwanha",
      offices: ["Harare"],
    });
    expect(await check("Farai")).toMatchObject({ found: false, kind: "name" });
    expect(await check(unlistedManager.fullName)).toMatchObject({ found: false });
  });

  it("confirms a staff member's name only once they agree on their profile page, audited", async () => {
    const staff = await createTestUser({ role: "manager", fullName: "Tsitsi Mavhunga" });
    const choose = (user: TestUser, listed: "yes" | "no") =>
      runAs(user, profileAction, "/dashboard/profile", {
        form: { intent: "verify-listing", listed },
      });
    expect(await check("Tsitsi Mavhunga")).toMatchObject({ found: false });
    const page = await runAs(staff, profileLoader, "/dashboard/profile");
    expect(page.data).toMatchObject({ verifyListing: false });

    expect((await choose(staff, "yes")).location).toContain("done=verifyListed");
    expect(await check("tsitsi mavhunga")).toMatchObject({ found: true, value: "Tsitsi Mavhunga" });
    expect((await choose(staff, "no")).location).toContain("done=verifyUnlisted");
    expect(await check("Tsitsi Mavhunga")).toMatchObject({ found: false });
    const audits = await ctx.auditEntries(staff.id, "user.verify_listing");
    expect(audits.map((a) => a.details)).toEqual(
      expect.arrayContaining([{ listed: true }, { listed: false }]),
    );

    // An applicant cannot list themselves: the server refuses, whatever the form says.
    const refused = await choose(applicant, "yes");
    expect(refused.status).toBe(403);
    expect(await check(applicant.fullName)).toMatchObject({ found: false });
    const own = await runAs(applicant, profileLoader, "/dashboard/profile");
    expect(own.data).toMatchObject({ verifyListing: null });
  });

  it("reveals nothing about applicants or staff logins: the same answer as a random value", async () => {
    const strip = (a: { value: string }) => ({ ...a, value: "" });
    const random = [await check("+263 71 999 4321"), await check("nobody-42@example.com")];
    expect(strip(await check(APPLICANT_PHONE))).toEqual(strip(random[0]!));
    expect(strip(await check("0775550101"))).toEqual(strip(random[0]!));
    expect(strip(await check(applicant.email))).toEqual(strip(random[1]!));
    expect(strip(await check(listedManager.email))).toEqual(strip(random[1]!));
    expect(await check(applicant.fullName)).toMatchObject({ found: false, kind: "name" });
  });

  it("refuses an empty check with a message", async () => {
    const outcome = await runAs(null, verifyAction, "/verify", {
      form: { intent: "check", q: "  " },
    });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({ flash: { ok: false, message: "errors.queryRequired" } });
  });

  it("stores a scam report in the staff inbox, with a reference to follow it", async () => {
    const outcome = await runAs(null, verifyAction, "/verify", {
      form: {
        intent: "report",
        reportedContact: "+263 78 000 1111",
        message: "They asked me for US$500 on EcoCash for a job in Poland.",
        email: "worried@example.com",
        website: "",
      },
    });
    const filed = (outcome.data as { filed: { reference: string } }).filed;
    expect(filed.reference).toMatch(COMPLAINT_REFERENCE);
    const [row] = await ctx.rowsWhere(complaints, "reference", filed.reference);
    expect(row).toMatchObject({ category: "impersonation", reportedContact: "+263 78 000 1111" });
    const mail = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "worried@example.com"));
    expect(mail.map((m) => m.subject).join()).toContain(filed.reference);
  });
});

describe("complaints", () => {
  it("are filed anonymously and followed by reference: status and answers for them only", async () => {
    const filedOutcome = await runAs(null, complaintsAction, "/complaints", {
      form: {
        intent: "file",
        category: "asked_for_money",
        message: "A man named Peter asked me for a US$200 medical fee.",
        website: "",
      },
    });
    const { reference, dueAt } = (
      filedOutcome.data as { filed: { reference: string; dueAt: Date } }
    ).filed;
    expect(reference).toMatch(COMPLAINT_REFERENCE);
    // 14 days by default (a setting).
    expect(Math.round((new Date(dueAt).getTime() - Date.now()) / 86_400_000)).toBe(14);
    const [row] = await ctx.rowsWhere(complaints, "reference", reference);

    // Staff answer once for the person and once among themselves, and give it an owner.
    const staff = listedManager;
    const path = "/admin/complaints";
    await runAs(staff, inboxAction, `${path}?id=${row!.id}`, {
      form: {
        intent: "reply",
        id: row!.id,
        body: "We are looking into it.",
        audience: "complainant",
      },
    });
    await runAs(staff, inboxAction, `${path}?id=${row!.id}`, {
      form: { intent: "reply", id: row!.id, body: "Peter is not one of ours.", audience: "staff" },
    });
    await runAs(staff, inboxAction, `${path}?id=${row!.id}`, {
      form: { intent: "assign", id: row!.id, ownerId: unlistedManager.id },
    });
    const [handled] = await ctx.rowsWhere(complaints, "id", row!.id);
    expect(handled).toMatchObject({ status: "in_progress", assignedTo: unlistedManager.id });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "complaint.assign",
      "complaint.note",
      "complaint.reply",
    ]);

    // Typed loosely, the reference still finds it; only the answer meant for them shows.
    const typed = reference.toLowerCase().replace("cmp-", "cmp- ");
    const followed = await runAs(null, complaintsAction, "/complaints", {
      form: { intent: "follow", reference: typed },
    });
    const complaint = (followed.data as { complaint: Record<string, unknown> }).complaint;
    expect(complaint).toMatchObject({
      reference,
      status: "in_progress",
      category: "asked_for_money",
    });
    expect((complaint.answers as { body: string }[]).map((a) => a.body)).toEqual([
      "We are looking into it.",
    ]);
    expect(JSON.stringify(complaint)).not.toContain("Peter");

    const unknown = await runAs(null, complaintsAction, "/complaints", {
      form: { intent: "follow", reference: "CMP-2026-ABCDEFGH" },
    });
    expect(unknown).toMatchObject({
      status: 404,
      data: { flash: { message: "complaints.notFound" } },
    });
  });

  it("shows in the staff inbox, and only to staff", async () => {
    const list = await runAs(listedManager, inboxLoader, "/admin/complaints");
    expect((list.data as { kind: string; list: { total: number } }).kind).toBe("complaint");
    expect(await runAs(applicant, inboxLoader, "/admin/complaints")).toMatchObject({
      status: 302,
      location: "/dashboard",
    });
    // A complaint's owner must be staff.
    const [row] = await ctx.db.select().from(complaints).limit(1);
    const refused = await runAs(listedManager, inboxAction, "/admin/complaints", {
      form: { intent: "assign", id: row!.id, ownerId: applicant.id },
    });
    expect(refused.status).toBe(400);
  });

  it("escalate to the super admins once when overdue", async () => {
    const filedAt = new Date(Date.now() - 15 * 86_400_000);
    const filed = await fileComplaint({
      complaint: { category: "data_use", message: "You shared my CV without asking." },
      now: filedAt,
    });
    const [row] = await ctx.rowsWhere(complaints, "reference", filed!.reference);
    const overdueNotices = () =>
      ctx.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, superAdmin.id), eq(notifications.kind, "complaint_overdue")),
        );
    const before = (await overdueNotices()).length;

    expect(await escalateOverdueComplaints()).toBeGreaterThanOrEqual(1);
    expect(await escalateOverdueComplaints()).toBe(0);

    const notices = await overdueNotices();
    expect(notices.length - before).toBeGreaterThanOrEqual(1);
    expect(notices.filter((n) => n.title.includes(filed!.reference))).toHaveLength(1);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, superAdmin.email));
    expect(mails.filter((m) => m.subject.includes(filed!.reference))).toHaveLength(1);
    const [escalated] = await ctx.rowsWhere(complaints, "id", row!.id);
    expect(escalated!.escalatedAt).not.toBeNull();
    const replies = await ctx.rowsWhere(complaintReplies, "inquiryId", row!.id);
    expect(replies).toHaveLength(0);
  });

  it("a resolved complaint is never escalated", async () => {
    const filed = await fileComplaint({
      complaint: { category: "other", message: "Late answer." },
      now: new Date(Date.now() - 30 * 86_400_000),
    });
    const [row] = await ctx.rowsWhere(complaints, "reference", filed!.reference);
    await runAs(listedManager, inboxAction, "/admin/complaints", {
      form: { id: row!.id, status: "resolved" },
    });
    await escalateOverdueComplaints();
    const [after] = await ctx.rowsWhere(complaints, "id", row!.id);
    expect(after).toMatchObject({ status: "resolved", escalatedAt: null });
  });
});
