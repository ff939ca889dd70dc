import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as employersAction } from "~/app/routes/admin/employers";
import { action as settingsAction } from "~/app/routes/admin/settings";
import { DocumentTypeFormSchema } from "~/domain/document-types";
import { EmployerFormSchema } from "~/domain/employers";
import { FeePolicyFormSchema } from "~/domain/fee-policy";
import { RecruitmentRestrictionFormSchema } from "~/domain/recruitment-restriction-form";
import { assignComplaint } from "~/server/complaints/handle-complaint.server";
import {
  auditLog,
  complaintReplies,
  complaints,
  documentChecklistRules,
  documentTypes,
  employers,
  feePolicies,
  interviewSlots,
  jobApplications,
  mailOutbox,
  recruitmentRestrictions,
} from "~/server/db/schema";
import { StaleEditError } from "~/server/db/versions.server";
import { setChecklistRuleMandatory } from "~/server/documents/checklists.server";
import { saveDocumentType } from "~/server/documents/document-types.server";
import { updateEmployer } from "~/server/employers/employers.server";
import { saveFeePolicy } from "~/server/fees/save-fee-policy.server";
import { replyToInquiry, updateInquiryStatus } from "~/server/inquiries/staff.server";
import { bookInterviewSlot } from "~/server/interviews/booking.server";
import { publishSlot } from "~/server/interviews/slots.server";
import { saveRecruitmentRestriction } from "~/server/restrictions/edit-recruitment-restrictions.server";
import { createTestUser, EVERY_OFFICE, runAs, setupTestDatabase, type TestUser } from "./harness";

// Decision record 37 on the other records staff edit (migration 0040): complaints, fee policies,
// employers, document types, recruitment restrictions, checklist rules and booked interviews. An
// edit made on an older version is refused, nothing written, audited or mailed, naming who
// changed it; made again on the version the record holds now, it goes through.

const ctx = setupTestDatabase();

let first: TestUser;
let second: TestUser;

beforeAll(async () => {
  first = await createTestUser({ role: "admin", fullName: "Farai First" });
  second = await createTestUser({ role: "admin", fullName: "Sipho Second" });
});

/** Everything a refused write could have left behind, for a record. */
async function traces(targetId: string, email?: string) {
  const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
  const mails = email
    ? await ctx.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(sql`${mailOutbox.to} = ${email}`)
    : [];
  return { audit: audit.length, mails: mails.length };
}

let made = 0;
/** A name no other case of this file uses: two capital letters (a country code), or more. */
const unique = () => {
  made += 1;
  return `${String.fromCharCode(65 + Math.floor(made / 26))}${String.fromCharCode(65 + (made % 26))}`;
};

async function newComplaint() {
  const email = `complainant-${unique()}-${Date.now()}@example.com`;
  const [row] = await ctx.db
    .insert(complaints)
    .values({
      reference: `CMP-TEST-${unique()}${Date.now()}`,
      category: "asked_for_money",
      email,
      message: "Someone asked me for money on WhatsApp.",
      dueAt: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning({ id: complaints.id });
  return { id: row!.id, email };
}
const complaintOf = async (id: string) =>
  (await ctx.db.select().from(complaints).where(eq(complaints.id, id)))[0]!;

type Case = {
  name: string;
  /** Creates the record: its id, an e-mail to count mail to, its version if not 1. */
  create: () => Promise<{ id: string; email?: string; version?: number }>;
  /** One staff member's edit at `version`, writing `value`. */
  edit: (actor: TestUser, id: string, version: number, value: string) => Promise<unknown>;
  /** What the record holds now (the edited field). */
  read: (id: string) => Promise<unknown>;
  values: [string, string];
};

const CASES: Case[] = [
  {
    name: "a complaint's status",
    create: newComplaint,
    edit: (actor, id, version, status) =>
      updateInquiryStatus({
        actor,
        kind: "complaint",
        id,
        status: status as "in_progress" | "resolved",
        version,
      }),
    read: async (id) => (await complaintOf(id)).status,
    values: ["resolved", "in_progress"],
  },
  {
    // Two answers to one complaint: the second is refused, so the person is mailed once.
    name: "an answer to a complaint",
    create: newComplaint,
    edit: (actor, id, version, body) =>
      replyToInquiry({ actor, kind: "complaint", id, body, audience: "complainant", version }),
    read: async (id) =>
      (
        await ctx.db
          .select({ body: complaintReplies.body })
          .from(complaintReplies)
          .where(eq(complaintReplies.inquiryId, id))
          .orderBy(desc(complaintReplies.createdAt))
          .limit(1)
      )[0]?.body,
    values: ["We never ask for money on WhatsApp.", "Please send us the number."],
  },
  {
    name: "a complaint's owner",
    create: newComplaint,
    edit: (actor, id, version, owner) =>
      assignComplaint({ actor, id, ownerId: owner === "first" ? first.id : second.id, version }),
    read: async (id) => ((await complaintOf(id)).assignedTo === first.id ? "first" : "second"),
    values: ["first", "second"],
  },
  {
    name: "a fee policy",
    create: async () => {
      const [row] = await ctx.db
        .insert(feePolicies)
        .values({ office: "Harare", destination: unique(), kind: "employer" })
        .returning({ id: feePolicies.id });
      return { id: row!.id };
    },
    edit: async (actor, id, version, covers) => {
      const [policy] = await ctx.db.select().from(feePolicies).where(eq(feePolicies.id, id));
      const form = FeePolicyFormSchema.parse({
        id,
        office: "Harare",
        destination: policy!.destination,
        path: "",
        kind: "employer",
        amount: "",
        currency: "",
        percent: "",
        covers,
        excludes: "",
        othersPay: "",
        refundRule: "",
        legalBasis: "",
        noOfferDays: "",
        version: String(version),
      });
      return saveFeePolicy({ actor, form });
    },
    read: async (id) =>
      (await ctx.db.select().from(feePolicies).where(eq(feePolicies.id, id)))[0]!.covers,
    values: ["Flights and the visa.", "The visa only."],
  },
  {
    name: "an employer",
    create: async () => {
      const [row] = await ctx.db
        .insert(employers)
        .values({ name: `Acme ${unique()}`, office: "Harare" })
        .returning({ id: employers.id });
      return { id: row!.id };
    },
    edit: (actor, employerId, version, name) =>
      updateEmployer({
        actor,
        scope: EVERY_OFFICE,
        allOffices: EVERY_OFFICE.offices,
        employerId,
        input: EmployerFormSchema.parse({ name, office: "Harare" }),
        version,
      }),
    read: async (id) =>
      (await ctx.db.select().from(employers).where(eq(employers.id, id)))[0]!.name,
    values: ["Acme Mining", "Acme Farming"],
  },
  {
    name: "a document type",
    create: async () => {
      const key = `test_${unique().toLowerCase()}`;
      const words = { en: "Licence", fr: "Permis", pt: "Carta" };
      await ctx.db
        .insert(documentTypes)
        .values({ key, names: words, guidance: words, formats: ["pdf"] });
      return { id: key };
    },
    edit: (actor, key, version, name) =>
      saveDocumentType({
        actor,
        form: DocumentTypeFormSchema.parse({
          existing: "on",
          key,
          name_en: name,
          name_fr: "Permis",
          name_pt: "Carta",
          guidance_en: "A clear scan of both sides.",
          guidance_fr: "Un scan lisible des deux faces.",
          guidance_pt: "Uma digitalização legível dos dois lados.",
          formats: "pdf",
          active: "on",
          version: String(version),
        }),
      }),
    read: async (key) =>
      (await ctx.db.select().from(documentTypes).where(eq(documentTypes.key, key)))[0]!.names.en,
    values: ["Driving licence", "Trade licence"],
  },
  {
    name: "a recruitment restriction",
    create: async () => {
      const [row] = await ctx.db
        .insert(recruitmentRestrictions)
        .values({ residence: unique(), explanation: "Recruitment from here is paused." })
        .returning({ id: recruitmentRestrictions.id });
      return { id: row!.id };
    },
    edit: async (actor, id, version, explanation) => {
      const [row] = await ctx.db
        .select()
        .from(recruitmentRestrictions)
        .where(eq(recruitmentRestrictions.id, id));
      return saveRecruitmentRestriction({
        actor,
        form: RecruitmentRestrictionFormSchema.parse({
          id,
          destination: "",
          sector: "",
          residence: row!.residence,
          explanation,
          version: String(version),
        }),
      });
    },
    read: async (id) =>
      (
        await ctx.db
          .select()
          .from(recruitmentRestrictions)
          .where(eq(recruitmentRestrictions.id, id))
      )[0]!.explanation,
    values: ["Health workers are short at home.", "Paused by the government."],
  },
  {
    name: "a checklist rule",
    create: async () => {
      const [row] = await ctx.db
        .insert(documentChecklistRules)
        .values({ destination: unique(), kind: "job", documentType: "passport" })
        .returning({ id: documentChecklistRules.id });
      return { id: row!.id };
    },
    edit: (actor, id, version, value) =>
      setChecklistRuleMandatory({ actor, id, mandatory: value === "required", version }),
    read: async (id) =>
      (
        await ctx.db.select().from(documentChecklistRules).where(eq(documentChecklistRules.id, id))
      )[0]!.mandatory
        ? "required"
        : "optional",
    values: ["optional", "required"],
  },
  {
    // Staff move a booked interview: the applicant is mailed once, for the move that was made.
    name: "a booked interview",
    create: async () => {
      const job = await ctx.createTestJob();
      const applicant = await createTestUser({ paid: true });
      const id = await ctx.createTestApplication(applicant, {
        status: "job_matched",
        jobId: job.id,
      });
      for (const time of ["09:00", "11:00"]) {
        await publishSlot({
          actor: first,
          input: {
            target: { kind: "job", id: job.id },
            date: "2031-03-04",
            time,
            durationMinutes: 45,
            location: `Room ${time}`,
            capacity: 3,
          },
        });
      }
      const [app] = await ctx.db
        .select({ version: jobApplications.version })
        .from(jobApplications)
        .where(eq(jobApplications.id, id));
      return { id, email: applicant.email, version: app!.version };
    },
    edit: async (actor, applicationId, version, location) => {
      const [app] = await ctx.db
        .select({ jobId: jobApplications.jobId })
        .from(jobApplications)
        .where(eq(jobApplications.id, applicationId));
      const slots = await ctx.db
        .select()
        .from(interviewSlots)
        .where(eq(interviewSlots.jobId, app!.jobId!));
      return bookInterviewSlot({
        viewer: actor,
        applicationId,
        slotId: slots.find((s) => s.location === location)!.id,
        staff: { scope: EVERY_OFFICE },
        version,
      });
    },
    read: async (id) =>
      (await ctx.db.select().from(jobApplications).where(eq(jobApplications.id, id)))[0]!
        .interviewLocation,
    values: ["Room 09:00", "Room 11:00"],
  },
];

describe.each(CASES)("a stale edit of $name", ({ create, edit, read, values }) => {
  it("is refused, naming who changed it, writes, audits and mails nothing; a fresh one is saved", async () => {
    const { id, email, version = 1 } = await create();
    // Both opened the same version; the first saves.
    await edit(first, id, version, values[0]);
    expect(await read(id)).toBe(values[0]);
    const before = await traces(id, email);

    const refused = await edit(second, id, version, values[1]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StaleEditError);
    expect((refused as StaleEditError).stale).toMatchObject({ by: "Farai First" });
    expect(Date.parse((refused as StaleEditError).stale.at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await read(id)).toBe(values[0]);
    expect(await traces(id, email)).toEqual(before);

    // Made again on the version it holds now, the edit goes through.
    await edit(second, id, version + 1, values[1]);
    expect(await read(id)).toBe(values[1]);
  });
});

describe("the staff screens", () => {
  it("answer a stale fee policy save with each field that differs now", async () => {
    const [policy] = await ctx.db
      .insert(feePolicies)
      .values({ office: "Harare", destination: "ZY", kind: "employer", covers: "Flights." })
      .returning({ id: feePolicies.id });
    await ctx.db
      .update(feePolicies)
      .set({ covers: "Flights and the visa." })
      .where(eq(feePolicies.id, policy!.id));
    const outcome = await runAs(second, settingsAction, "/admin/settings", {
      form: {
        intent: "fee-policy",
        id: policy!.id,
        version: "1",
        office: "Harare",
        destination: "ZY",
        kind: "employer",
        covers: "Flights only.",
      },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      policyId: policy!.id,
      flash: {
        ok: false,
        stale: {
          changes: [{ key: "settings:fees.fields.covers", value: "Flights and the visa." }],
        },
      },
    });
  });

  it("answer a stale employer edit with who renamed it and its name now", async () => {
    const [employer] = await ctx.db
      .insert(employers)
      .values({ name: "Baobab Farms", office: "Harare" })
      .returning({ id: employers.id });
    await updateEmployer({
      actor: first,
      scope: EVERY_OFFICE,
      allOffices: EVERY_OFFICE.offices,
      employerId: employer!.id,
      input: EmployerFormSchema.parse({ name: "Baobab Estates", office: "Harare" }),
      version: 1,
    });
    const outcome = await runAs(second, employersAction, "/admin/employers", {
      form: {
        intent: "update",
        employerId: employer!.id,
        version: "1",
        name: "Baobab Holdings",
        office: "Harare",
      },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      flash: { stale: { by: "Farai First", current: "Baobab Estates" } },
    });
  });
});
