import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as applicationsAction } from "~/app/routes/admin/applications";
import { action as inboxAction } from "~/app/routes/admin/inquiries";
import { action as usersAction } from "~/app/routes/admin/users";
import { PostFormSchema } from "~/domain/content";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import { settingsChanges } from "~/domain/versions";
import {
  bulkChangeApplicationStatus,
  selectApplicationsForBulk,
} from "~/server/applications/bulk.server";
import {
  changeApplicationStatus,
  setDeparture,
  updateAdminComments,
} from "~/server/applications/staff.server";
import { updateCatalogueItem } from "~/server/catalogue/save.server";
import { createPost, updatePost } from "~/server/content/posts.server";
import {
  auditLog,
  blogPosts,
  contactInquiries,
  contactInquiryReplies,
  jobApplications,
  jobs,
  mailOutbox,
  outsourcingInquiries,
  payments,
  profiles,
  programs,
} from "~/server/db/schema";
import { StaleEditError } from "~/server/db/versions.server";
import { replyToInquiry, updateInquiryStatus } from "~/server/inquiries/staff.server";
import { setStaffOffices } from "~/server/offices/staff-offices.server";
import { assignApplicantOwner, assignApplicationOwner } from "~/server/owners/owners.server";
import {
  getSiteSettings,
  getSiteSettingsForEditing,
  updateSiteSettings,
} from "~/server/settings/settings.server";
import { changeRole, setRegistrationPaid } from "~/server/users/staff.server";
import { createTestUser, EVERY_OFFICE, runAs, setupTestDatabase, type TestUser } from "./harness";

// Decision record 37: an edit made on an older version of a record is refused, nothing written,
// audited or mailed, and the refusal names who changed it and when.

const ctx = setupTestDatabase();

let first: TestUser;
let second: TestUser;

beforeAll(async () => {
  first = await createTestUser({ role: "manager", fullName: "Farai First" });
  second = await createTestUser({ role: "manager", fullName: "Sipho Second" });
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

const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

type Case = {
  name: string;
  /** Creates the record; its id, its applicant's e-mail (to count mail), its version if not 1. */
  create: () => Promise<{ id: string; email?: string; version?: number }>;
  /** One staff member's edit at `version`, writing `value`. */
  edit: (actor: TestUser, id: string, version: number, value: string) => Promise<unknown>;
  /** What the record holds now (the edited field). */
  read: (id: string) => Promise<unknown>;
  values: [string, string];
};

async function newApplication() {
  const person = await createTestUser();
  const id = await ctx.createTestApplication(person, { status: "registration_pending" });
  return { id, email: person.email };
}
const appField = (field: "status" | "adminComments" | "departureDetails") => async (id: string) =>
  (await ctx.db.select().from(jobApplications).where(eq(jobApplications.id, id)))[0]![field];

let inquiries = 0;
async function newContactMessage() {
  const email = `asker-${++inquiries}-${Date.now()}@example.com`;
  const [row] = await ctx.db
    .insert(contactInquiries)
    .values({ name: "Rudo Moyo", email, subject: "Visa", message: "How long does it take?" })
    .returning({ id: contactInquiries.id });
  return { id: row!.id, email };
}
async function newQuoteRequest() {
  const email = `buyer-${++inquiries}-${Date.now()}@example.com`;
  const [row] = await ctx.db
    .insert(outsourcingInquiries)
    .values({ name: "Tawanda", company: "Acme Mining", email, services: ["Recruitment"] })
    .returning({ id: outsourcingInquiries.id });
  return { id: row!.id, email };
}
const profileOf = async (id: string) =>
  (await ctx.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
/** A new account as the users list shows it: its id and version (sign-up writes it twice). */
async function newPerson(options: Parameters<typeof createTestUser>[0] = {}) {
  const person = await createTestUser(options);
  return { ...person, version: (await profileOf(person.id)).version };
}

const CASES: Case[] = [
  {
    name: "an application's status",
    create: newApplication,
    edit: (actor, applicationId, version, status) =>
      changeApplicationStatus({
        actor,
        applicationId,
        status: status as "withdrawn" | "job_matched",
        expectedVersion: version,
      }),
    read: appField("status"),
    values: ["job_matched", "withdrawn"],
  },
  {
    name: "an application's comments",
    create: newApplication,
    edit: (actor, applicationId, version, text) =>
      updateAdminComments({ actor, applicationId, adminComments: text, expectedVersion: version }),
    read: appField("adminComments"),
    values: ["Bring your passport on Monday.", "Bring your CV on Tuesday."],
  },
  {
    name: "an application's departure",
    create: newApplication,
    edit: (actor, applicationId, version, details) =>
      setDeparture({
        actor,
        applicationId,
        departureDate: future(),
        details,
        expectedVersion: version,
      }),
    read: appField("departureDetails"),
    values: ["Flight EK 714", "Flight ET 872"],
  },
  {
    name: "a job",
    create: async () => ({ id: (await ctx.createTestJob({ title: "Welder" })).id }),
    edit: (actor, id, version, title) =>
      ctx.db.transaction((tx) =>
        updateCatalogueItem(tx, {
          kind: "job",
          id,
          values: { title } as never,
          actorId: actor.id,
          version,
        }),
      ),
    read: async (id) => (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!.title,
    values: ["Senior welder", "Junior welder"],
  },
  {
    name: "a study program",
    create: async () => ({ id: (await ctx.createTestProgram({ title: "BSc Nursing" })).id }),
    edit: (actor, id, version, title) =>
      ctx.db.transaction((tx) =>
        updateCatalogueItem(tx, {
          kind: "program",
          id,
          values: { title } as never,
          actorId: actor.id,
          version,
        }),
      ),
    read: async (id) => (await ctx.db.select().from(programs).where(eq(programs.id, id)))[0]!.title,
    values: ["MSc Nursing", "BSc Midwifery"],
  },
  {
    name: "a post",
    create: async () => {
      const form = PostFormSchema.parse({
        title: "Intake news",
        category: "news",
        status: "draft",
      });
      return { id: (await createPost({ actor: first, form }))!.id };
    },
    edit: (actor, id, version, title) =>
      updatePost({
        actor,
        id,
        version,
        form: PostFormSchema.parse({ title, category: "news", status: "draft" }),
      }),
    read: async (id) =>
      (await ctx.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!.title,
    values: ["Intake news: March", "Intake news: April"],
  },
  {
    name: "a contact message's status",
    create: newContactMessage,
    edit: (actor, id, version, status) =>
      updateInquiryStatus({
        actor,
        kind: "contact",
        id,
        status: status as "resolved" | "closed",
        version,
      }),
    read: async (id) =>
      (await ctx.db.select().from(contactInquiries).where(eq(contactInquiries.id, id)))[0]!.status,
    values: ["resolved", "closed"],
  },
  {
    name: "a quote request's status",
    create: newQuoteRequest,
    edit: (actor, id, version, status) =>
      updateInquiryStatus({
        actor,
        kind: "outsourcing",
        id,
        status: status as "in_progress" | "completed",
        version,
      }),
    read: async (id) =>
      (await ctx.db.select().from(outsourcingInquiries).where(eq(outsourcingInquiries.id, id)))[0]!
        .status,
    values: ["completed", "in_progress"],
  },
  {
    // Two answers to one question: the second is refused, so the person is mailed once.
    name: "a reply to a contact message",
    create: newContactMessage,
    edit: (actor, id, version, body) =>
      replyToInquiry({ actor, kind: "contact", id, body, version }),
    read: async (id) =>
      (
        await ctx.db
          .select({ body: contactInquiryReplies.body })
          .from(contactInquiryReplies)
          .where(eq(contactInquiryReplies.inquiryId, id))
          .orderBy(desc(contactInquiryReplies.createdAt))
          .limit(1)
      )[0]?.body,
    values: ["It takes six weeks.", "About two months."],
  },
  {
    name: "an applicant's role",
    create: () => newPerson(),
    edit: (actor, userId, version, role) =>
      changeRole({
        actor,
        userId,
        role: role as "student_applicant" | "agent",
        expectedVersion: version,
      }),
    read: async (id) => (await profileOf(id)).role,
    values: ["student_applicant", "agent"],
  },
  {
    name: "a staff member's offices",
    create: async () => {
      const { id, version } = await newPerson({ role: "agent", office: "Harare" });
      return { id, version };
    },
    // Offices are set by user administrators: the same people, acting as admins.
    edit: (actor, userId, version, office) =>
      setStaffOffices({
        actor: { id: actor.id, role: "admin" },
        userId,
        office,
        extraOffices: [],
        expectedVersion: version,
      }),
    read: async (id) => (await profileOf(id)).office,
    values: ["Midrand", "Harare"],
  },
];

describe.each(CASES)("a stale edit of $name", ({ create, edit, read, values }) => {
  it("is refused, naming who changed it and when, and writes, audits and mails nothing", async () => {
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

  it("of two edits made at once on the same version, exactly one wins", async () => {
    const { id, version = 1 } = await create();
    const outcomes = await Promise.allSettled([
      edit(first, id, version, values[0]),
      edit(second, id, version, values[1]),
    ]);
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o) => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(StaleEditError);
    expect(await read(id)).toBe(values[outcomes.indexOf(won[0]!)]);
  });
});

describe("the staff screens", () => {
  it("answer a stale status change with who changed it, when and the status it has now", async () => {
    const { id, email } = await newApplication();
    await changeApplicationStatus({
      actor: first,
      applicationId: id,
      status: "withdrawn",
      expectedVersion: 1,
    });
    const before = await traces(id, email);
    const outcome = await runAs(second, applicationsAction, "/admin/applications", {
      form: { intent: "status", applicationId: id, status: "job_matched", version: "1" },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      flash: {
        ok: false,
        stale: {
          by: "Farai First",
          currentKey: "common:labels.applicationStatus.withdrawn.label",
        },
      },
    });
    expect(await appField("status")(id)).toBe("withdrawn");
    expect(await traces(id, email)).toEqual(before);
  });

  it("keep the comment a refused save carried, and show the one saved", async () => {
    const { id } = await newApplication();
    await updateAdminComments({
      actor: first,
      applicationId: id,
      adminComments: "Seen on Monday.",
      expectedVersion: 1,
    });
    const outcome = await runAs(second, applicationsAction, "/admin/applications", {
      form: { intent: "comments", applicationId: id, adminComments: "Call back.", version: "1" },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      kept: { adminComments: "Call back." },
      flash: { stale: { by: "Farai First", current: "Seen on Monday." } },
    });
    expect(await appField("adminComments")(id)).toBe("Seen on Monday.");
  });

  it("refuse in a bulk move only the row changed since the list was opened", async () => {
    const a = await newApplication();
    const b = await newApplication();
    // Someone puts b on hold after the list was read (at version 1 for both).
    const applications = await selectApplicationsForBulk({
      selection: "selected",
      ids: [a.id, b.id],
      filter: {},
      scope: EVERY_OFFICE,
    });
    await changeApplicationStatus({ actor: first, applicationId: b.id, status: "withdrawn" });
    const before = await traces(b.id, b.email);
    const summary = await bulkChangeApplicationStatus({
      actor: second,
      applications,
      to: "job_matched",
    });
    expect(summary.changed).toBe(1);
    expect(summary.refused).toMatchObject([
      { id: b.id, reason: "changedMeanwhile", stale: { by: "Farai First" } },
    ]);
    expect(await appField("status")(a.id)).toBe("job_matched");
    expect(await appField("status")(b.id)).toBe("withdrawn");
    expect(await traces(b.id, b.email)).toEqual(before);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, b.id), eq(auditLog.actorId, second.id))),
    ).toEqual([]);
  });
});

describe("the applicants, inquiries and settings forms", () => {
  it("refuse a second Mark Paid made on a stale row: one payment, one receipt", async () => {
    const person = await newPerson();
    await setRegistrationPaid({
      actor: first,
      userId: person.id,
      paid: true,
      reference: "CASH-0001",
      expectedVersion: person.version,
    });
    const before = await traces(person.id, person.email);
    const refused = await setRegistrationPaid({
      actor: second,
      userId: person.id,
      paid: true,
      reference: "CASH-0002",
      expectedVersion: person.version,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StaleEditError);
    expect((refused as StaleEditError).stale).toMatchObject({
      by: "Farai First",
      current: { paid: true },
    });
    expect(await traces(person.id, person.email)).toEqual(before);
    const recorded = await ctx.db.select().from(payments).where(eq(payments.userId, person.id));
    expect(recorded.map((p) => p.paymentReference)).toEqual(["CASH-0001"]);
  });

  it("answer a stale Mark Paid on the users page with the fee as it is now, keeping the reference", async () => {
    const admin = await createTestUser({ role: "admin", fullName: "Ada Admin" });
    const person = await newPerson();
    await changeRole({ actor: first, userId: person.id, role: "student_applicant" });
    const outcome = await runAs(admin, usersAction, "/admin/users", {
      form: {
        intent: "mark-paid",
        userId: person.id,
        reference: "BANK-7781",
        version: String(person.version),
      },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      kept: { userId: person.id, reference: "BANK-7781" },
      flash: { stale: { by: "Farai First", currentKey: "common:labels.unpaid" } },
    });
    expect((await profileOf(person.id)).registrationFeePaid).toBe(false);
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, person.id))).toEqual([]);
  });

  it("answer a stale role change on the users page with the role it has now", async () => {
    const admin = await createTestUser({ role: "admin", fullName: "Ada Admin" });
    const person = await newPerson();
    await changeRole({ actor: first, userId: person.id, role: "student_applicant" });
    const outcome = await runAs(admin, usersAction, "/admin/users", {
      form: { intent: "role", userId: person.id, role: "agent", version: String(person.version) },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      flash: { stale: { by: "Farai First", currentKey: "common:roles.student_applicant" } },
    });
    expect((await profileOf(person.id)).role).toBe("student_applicant");
  });

  it("refuse in a bulk owner change only the people and applications changed since the list was read", async () => {
    const a = await newPerson({ fullName: "Anesu A" });
    const b = await newPerson({ fullName: "Bongani B" });
    // Someone changes b after the list was read.
    await changeRole({ actor: first, userId: b.id, role: "student_applicant" });
    const people = await assignApplicantOwner({
      actor: second,
      people: [
        { id: a.id, label: a.fullName, version: a.version },
        { id: b.id, label: b.fullName, version: b.version },
      ],
      ownerId: second.id,
    });
    expect(people.changed).toBe(1);
    expect(people.refused).toMatchObject([
      { id: b.id, reason: "changedMeanwhile", stale: { by: "Farai First" } },
    ]);
    expect((await profileOf(a.id)).ownerId).toBe(second.id);
    expect((await profileOf(b.id)).ownerId).toBeNull();

    const app = await newApplication();
    await updateAdminComments({ actor: first, applicationId: app.id, adminComments: "Seen." });
    const applications = await assignApplicationOwner({
      actor: second,
      applications: [{ id: app.id, label: "App", version: 1 }],
      ownerId: second.id,
    });
    expect(applications).toMatchObject({
      changed: 0,
      refused: [{ id: app.id, reason: "changedMeanwhile", stale: { by: "Farai First" } }],
    });
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, app.id))).toHaveLength(
      1,
    );
  });

  it("keep a reply refused because a colleague answered first, and mail the person once", async () => {
    const { id, email } = await newContactMessage();
    await replyToInquiry({ actor: first, kind: "contact", id, body: "Six weeks.", version: 1 });
    const before = await traces(id, email);
    const outcome = await runAs(second, inboxAction, "/admin/inquiries", {
      form: { intent: "reply", id, body: "Two months, roughly.", version: "1" },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      id,
      kept: { body: "Two months, roughly." },
      flash: {
        stale: { by: "Farai First", currentKey: "inbox:status.contact.in_progress" },
      },
    });
    expect(await traces(id, email)).toEqual({ ...before, mails: 1 });
  });

  it("refuse a stale save of the settings, listing what differs now", async () => {
    const start = await getSiteSettings();
    await updateSiteSettings({ actor: first, value: { ...start, phone: "+263 24 111 1111" } });
    const { version } = await getSiteSettingsForEditing();
    await updateSiteSettings({
      actor: first,
      value: { ...start, phone: "+263 24 222 2222" },
      version: version!,
    });
    const before = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, "site_settings"));
    const mine = { ...start, agencyName: "Passage Travel" };
    const refused = await updateSiteSettings({ actor: second, value: mine, version }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(StaleEditError);
    expect((refused as StaleEditError).stale).toMatchObject({ by: "Farai First" });
    expect((await getSiteSettings()).agencyName).toBe(start.agencyName);
    expect(
      await ctx.db.select().from(auditLog).where(eq(auditLog.targetType, "site_settings")),
    ).toHaveLength(before.length);
    // What the page lists: the phone saved meanwhile, and the name as it still is.
    expect(settingsChanges((refused as StaleEditError).stale.current.settings, mine)).toEqual([
      { key: "settings:fields.agencyName", value: start.agencyName },
      { key: "settings:fields.phone", value: "+263 24 222 2222" },
    ]);
    // Sent again on the version it holds now, it is saved.
    await updateSiteSettings({ actor: second, value: mine, version: version! + 1 });
    expect((await getSiteSettings()).agencyName).toBe("Passage Travel");
  });
});

describe("settingsChanges", () => {
  it("labels an office's, a registration's and the fee's fields as the settings page does", () => {
    const now = DEFAULT_SITE_SETTINGS;
    const sent = structuredClone(now);
    sent.offices[1]!.phone = "+27 11 999 9999";
    sent.registrationFee.amountMinor = 5000;
    expect(settingsChanges(now, sent)).toEqual([
      { key: "settings:fields.officePhone", value: now.offices[1]!.phone },
      { key: "settings:fields.amount", value: String(now.registrationFee.amountMinor) },
    ]);
  });
});
