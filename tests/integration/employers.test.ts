import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as employersAction, loader as employersLoader } from "~/app/routes/admin/employers";
import { action as jobsAction } from "~/app/routes/admin/jobs";
import { loader as jobLoader } from "~/app/routes/jobs/detail";
import { employerContacts, employers, jobs } from "~/server/db/schema";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

// Employers (decision record 43): kept per office, audited, named on job pages.

const ctx = setupTestDatabase();
let harare: TestUser;
let midrand: TestUser;

beforeAll(async () => {
  harare = await createTestUser({ role: "manager", office: "Harare" });
  midrand = await createTestUser({ role: "manager", office: "Midrand" });
});

const post = (user: TestUser | null, form: Record<string, string>) =>
  runAs(user, employersAction, "/admin/employers", { form });

async function employerNamed(name: string) {
  const [row] = await ctx.db.select().from(employers).where(eq(employers.name, name));
  return row;
}

type ListData = {
  employers: { total: number; items: { name: string; contacts: { email: string }[] }[] };
};
const listOf = async (user: TestUser, query = "") =>
  ((await runAs(user, employersLoader, `/admin/employers${query}`)).data as ListData).employers;

describe("employers in the back-office", () => {
  it("are for staff only: applicants, agents and visitors can neither list nor add", async () => {
    const applicant = await createTestUser();
    const agent = await createTestUser({ role: "agent" });
    for (const user of [null, applicant, agent]) {
      expect((await runAs(user, employersLoader, "/admin/employers")).status).toBe(302);
      const sneaky = await post(user, { intent: "create", name: "Sneaky Ltd", office: "Harare" });
      expect(sneaky.location ?? "").not.toContain("done=");
    }
    expect(await employerNamed("Sneaky Ltd")).toBeUndefined();
  });

  it("adds an employer from the form, tidied and audited, and lists it with its office", async () => {
    const outcome = await post(harare, {
      intent: "create",
      name: "  St Brigid's Hospital Group ",
      registrationNumber: "IE-123456",
      website: "stbrigids.ie",
      sector: "healthcare",
      office: "Harare",
      notes: "Met at the Dublin fair.",
    });
    expect(outcome.location).toBe("/admin/employers?done=employerCreated");
    const row = await employerNamed("St Brigid's Hospital Group");
    expect(row).toMatchObject({
      website: "https://stbrigids.ie",
      sector: "healthcare",
      office: "Harare",
      verifiedAt: null,
    });
    expect((await ctx.auditEntries(row!.id, "employer.create")).length).toBe(1);
    const list = await listOf(harare, "?q=brigid");
    expect(list.items.map((e) => e.name)).toEqual(["St Brigid's Hospital Group"]);
  });

  it("refuses bad input with a message and writes nothing", async () => {
    const outcome = await post(harare, { intent: "create", name: " ", office: "Harare" });
    expect(outcome.status).toBe(400);
    const badSite = await post(harare, {
      intent: "create",
      name: "Nowhere Ltd",
      website: "not a site",
      office: "Harare",
    });
    expect(badSite.status).toBe(400);
    expect(await employerNamed("Nowhere Ltd")).toBeUndefined();
  });

  it("keeps each office's employers to that office: another office's is not found, whatever the form says", async () => {
    await post(midrand, { intent: "create", name: "Gauteng Builders", office: "Midrand" });
    const theirs = await employerNamed("Gauteng Builders");
    // A Harare manager neither lists it nor can verify, edit, remove or add a contact to it.
    const list = await listOf(harare, "?q=gauteng");
    expect(list.total).toBe(0);
    const attempts: Record<string, string>[] = [
      { intent: "verify" },
      { intent: "update", name: "Renamed", office: "Harare" },
      { intent: "remove" },
      { intent: "add-contact", name: "Eve", email: "eve@example.org" },
    ];
    for (const form of attempts) {
      const outcome = await post(harare, { ...form, employerId: theirs!.id });
      expect(outcome.status, form.intent).toBe(404);
    }
    // Nor give an employer to an office that is not theirs.
    const elsewhere = await post(harare, {
      intent: "create",
      name: "Cape Farms",
      office: "Midrand",
    });
    expect(elsewhere.status).toBe(403);
    expect(await employerNamed("Cape Farms")).toBeUndefined();
    expect(await employerNamed("Gauteng Builders")).toMatchObject({ verifiedAt: null });
  });

  it("keeps contacts, one per e-mail address, added and removed with an audit entry each", async () => {
    const employer = await employerNamed("St Brigid's Hospital Group");
    const add = (email: string) =>
      post(harare, {
        intent: "add-contact",
        employerId: employer!.id,
        name: "Aoife Byrne",
        email,
        position: "HR lead",
      });
    expect((await add("Aoife@StBrigids.ie")).status).toBe(302);
    expect((await add("aoife@stbrigids.ie")).status).toBe(409);
    const contacts = await ctx.db
      .select()
      .from(employerContacts)
      .where(eq(employerContacts.employerId, employer!.id));
    expect(contacts.map((c) => c.email)).toEqual(["aoife@stbrigids.ie"]);
    const removed = await post(harare, {
      intent: "remove-contact",
      employerId: employer!.id,
      contactId: contacts[0]!.id,
    });
    expect(removed.location).toContain("done=contactRemoved");
    const actions = (await ctx.auditEntries(employer!.id)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(["employer.contact_add", "employer.contact_remove"]),
    );
  });
});

describe("a job's employer on its public page", () => {
  let employerId: string;

  beforeAll(async () => {
    await post(harare, { intent: "create", name: "Cork University Hospital", office: "Harare" });
    employerId = (await employerNamed("Cork University Hospital"))!.id;
  });

  const saveJob = (user: TestUser, fields: Record<string, string>) =>
    runAs(user, jobsAction, "/admin/jobs", {
      form: {
        intent: "create",
        description: "Caring for patients on a surgical ward.",
        isActive: "on",
        isPublic: "on",
        ...fields,
      },
    });

  async function publicEmployerOf(title: string) {
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.title, title));
    const page = await runAs(null, jobLoader, `/jobs/${job!.id}`, { params: { id: job!.id } });
    return { job, data: page.data as { job: { employer: unknown } } };
  }

  it("names the employer, and says 'verified' once staff verified it", async () => {
    await saveJob(harare, { title: "Staff Nurse, Cork", employerId });
    const before = await publicEmployerOf("Staff Nurse, Cork");
    expect(before.job!.employerId).toBe(employerId);
    expect(before.data.job.employer).toEqual({
      kind: "named",
      name: "Cork University Hospital",
      website: null,
      verified: false,
    });
    const verified = await post(harare, { intent: "verify", employerId });
    expect(verified.location).toContain("done=employerVerified");
    const after = await publicEmployerOf("Staff Nurse, Cork");
    expect(after.data.job.employer).toMatchObject({ kind: "named", verified: true });
  });

  it("describes the employer instead when the job says so, and its name never reaches the page", async () => {
    await saveJob(harare, {
      title: "Theatre Nurse, Munster",
      employerId,
      employerShownAs: "A public hospital group in Ireland",
    });
    const { data } = await publicEmployerOf("Theatre Nurse, Munster");
    expect(data.job.employer).toEqual({
      kind: "described",
      description: "A public hospital group in Ireland",
    });
    expect(JSON.stringify(data)).not.toContain("Cork University Hospital");
  });

  it("refuses a job naming another office's employer, and writes nothing", async () => {
    await post(midrand, { intent: "create", name: "Joburg Clinics", office: "Midrand" });
    const theirs = await employerNamed("Joburg Clinics");
    const outcome = await saveJob(harare, { title: "Forged Employer Job", employerId: theirs!.id });
    expect(outcome.status).toBe(400);
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.title, "Forged Employer Job"));
    expect(job).toBeUndefined();
  });

  it("archives an employer that jobs name instead of deleting it, and deletes one no job names", async () => {
    const archived = await post(harare, { intent: "remove", employerId });
    expect(archived.location).toContain("done=employerArchived");
    expect((await employerNamed("Cork University Hospital"))!.archivedAt).not.toBeNull();
    await post(harare, { intent: "create", name: "Short-lived Ltd", office: "Harare" });
    const lone = await employerNamed("Short-lived Ltd");
    const deleted = await post(harare, { intent: "remove", employerId: lone!.id });
    expect(deleted.location).toContain("done=employerDeleted");
    expect(await employerNamed("Short-lived Ltd")).toBeUndefined();
  });
});
