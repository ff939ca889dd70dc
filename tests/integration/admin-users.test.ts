import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { action as usersAction, loader as usersLoader } from "~/app/routes/admin/users";
import { registerAdminExportEndpoints } from "~/server/admin/export-endpoints.server";
import { jobApplications, notifications, payments, profiles } from "~/server/db/schema";
import { changeRole, RoleChangeForbiddenError } from "~/server/users/staff.server";
import { createTestUser, fetchAs, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

async function roleOf(user: TestUser) {
  const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, user.id));
  return row!.role;
}

const post = async (actor: TestUser, form: Record<string, string>) =>
  runAs(actor, usersAction, "/admin/users", { form });

describe("role changes", () => {
  it("never demotes the last super_admin, not even by themselves", async () => {
    // The test database starts with no super_admin; this one is the only one.
    const onlySuper = await createTestUser({ role: "super_admin" });
    const outcome = await post(onlySuper, { intent: "role", userId: onlySuper.id, role: "admin" });
    expect(outcome.status).toBe(403);
    expect(outcome.data).toMatchObject({ flash: { message: "errors.role.lastSuperAdmin" } });
    expect(await roleOf(onlySuper)).toBe("super_admin");

    const second = await createTestUser({ role: "super_admin" });
    const ok = await post(onlySuper, { intent: "role", userId: second.id, role: "manager" });
    expect(ok.status).toBe(302);
    expect(await roleOf(second)).toBe("manager");
    await expect(
      changeRole({
        actor: { id: onlySuper.id, role: "super_admin" },
        userId: onlySuper.id,
        role: "job_seeker",
      }),
    ).rejects.toBeInstanceOf(RoleChangeForbiddenError);
  });

  it("lets only a super_admin grant admin or super_admin", async () => {
    const admin = await createTestUser({ role: "admin" });
    const seeker = await createTestUser();
    for (const role of ["admin", "super_admin"]) {
      const outcome = await post(admin, { intent: "role", userId: seeker.id, role });
      expect(outcome.status).toBe(403);
      expect(await roleOf(seeker)).toBe("job_seeker");
    }
    // An admin may still make someone an agent or manager.
    const manager = await post(admin, { intent: "role", userId: seeker.id, role: "manager" });
    expect(manager.status).toBe(302);
    expect(await roleOf(seeker)).toBe("manager");

    const superAdmin = await createTestUser({ role: "super_admin" });
    const granted = await post(superAdmin, { intent: "role", userId: seeker.id, role: "admin" });
    expect(granted.status).toBe(302);
    expect(await roleOf(seeker)).toBe("admin");
    const audit = await ctx.auditEntries(seeker.id, "user.role_change");
    expect(audit.map((a) => a.details)).toContainEqual({ from: "manager", to: "admin" });
  });

  it("does not let an admin demote another admin", async () => {
    const admin = await createTestUser({ role: "admin" });
    const other = await createTestUser({ role: "admin" });
    const outcome = await post(admin, { intent: "role", userId: other.id, role: "job_seeker" });
    expect(outcome.status).toBe(403);
    expect(await roleOf(other)).toBe("admin");
  });
});

describe("Mark Paid and Mark Unpaid", () => {
  it("records the manual payment with the reference staff give, and sends the receipt as a real payment does", async () => {
    const admin = await createTestUser({ role: "admin" });
    const seeker = await createTestUser();

    // No reference, no payment: refused with a message, nothing recorded.
    const bare = await post(admin, { intent: "mark-paid", userId: seeker.id });
    expect(bare.status).toBe(400);
    expect(bare.data).toMatchObject({ flash: { message: "errors.paymentReferenceRequired" } });
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, seeker.id))).toEqual([]);

    const outcome = await post(admin, {
      intent: "mark-paid",
      userId: seeker.id,
      reference: " FNB-TRF-20931 ",
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toContain("done=paymentUpdated");
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, seeker.id));
    expect(profile!.registrationFeePaid).toBe(true);
    const rows = await ctx.db.select().from(payments).where(eq(payments.userId, seeker.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "manual",
      paymentMethod: "manual",
      status: "completed",
      recordedBy: admin.id,
      paymentReference: "FNB-TRF-20931",
    });
    expect(rows[0]!.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
    expect(rows[0]!.amountMinor).toBeGreaterThan(0);
    // The receipt e-mail and the "fee received" notice, as recordVerifiedPayment writes them.
    const receipts = (await ctx.mailsTo(seeker.email)).filter((m) =>
      m.text.includes(rows[0]!.receiptNumber!),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("FNB-TRF-20931");
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seeker.id));
    expect(told.map((n) => n.kind)).toEqual(["payment_received"]);

    // Marking paid again records nothing more; the same reference for someone else is refused.
    const again = await post(admin, { intent: "mark-paid", userId: seeker.id, reference: "X-2" });
    expect(again.status).toBe(409);
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, seeker.id))).toHaveLength(
      1,
    );
    const other = await createTestUser();
    const reused = await post(admin, {
      intent: "mark-paid",
      userId: other.id,
      reference: "FNB-TRF-20931",
    });
    expect(reused.status).toBe(409);
    expect(reused.data).toMatchObject({ flash: { message: "errors.paymentReferenceTaken" } });
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, other.id))).toEqual([]);

    const unpaid = await post(admin, { intent: "mark-unpaid", userId: seeker.id });
    expect(unpaid.status).toBe(302);
    const [after] = await ctx.db.select().from(profiles).where(eq(profiles.id, seeker.id));
    expect(after!.registrationFeePaid).toBe(false);
    const audit = await ctx.auditEntries(seeker.id);
    expect(audit.map((a) => a.action).sort()).toEqual(["user.mark_paid", "user.mark_unpaid"]);
    expect(audit.find((a) => a.action === "user.mark_paid")!.details).toMatchObject({
      paymentReference: "FNB-TRF-20931",
    });
  });

  it("books the fee of the person's own policy, and nothing for someone who owes no fee", async () => {
    const admin = await createTestUser({ role: "admin" });
    // Midrand's seeded policy asks the applicant nothing (South Africa's Employment Services Act).
    const midrand = await createTestUser({ office: "Midrand", country: "South Africa" });
    const refused = await post(admin, {
      intent: "mark-paid",
      userId: midrand.id,
      reference: "CASH-MIDRAND-1",
    });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ flash: { message: "errors.noFeeDue" } });
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, midrand.id))).toEqual([]);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, midrand.id));
    expect(profile!.registrationFeePaid).toBe(false);
    // The list says so instead of offering the button.
    const listed = await runAs(
      admin,
      usersLoader,
      `/admin/users?q=${encodeURIComponent(midrand.email)}`,
    );
    const rows = (listed.data as { users: { items: { id: string; feeDue: boolean }[] } }).users
      .items;
    expect(rows).toEqual([expect.objectContaining({ id: midrand.id, feeDue: false })]);

    // Harare's policy: the registration fee of 99 USD.
    const harare = await createTestUser({ office: "Harare" });
    await post(admin, { intent: "mark-paid", userId: harare.id, reference: "CASH-HARARE-1" });
    const [booked] = await ctx.db.select().from(payments).where(eq(payments.userId, harare.id));
    expect(booked).toMatchObject({ amountMinor: 9900, currency: "USD" });
  });

  it("is refused to a manager", async () => {
    const manager = await createTestUser({ role: "manager" });
    const seeker = await createTestUser();
    const outcome = await post(manager, {
      intent: "mark-paid",
      userId: seeker.id,
      reference: "CASH-1",
    });
    expect(outcome.location).toBe("/dashboard");
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, seeker.id))).toHaveLength(
      0,
    );
  });
});

describe("the users list", () => {
  it("searches by name or e-mail and filters by role and paid state", async () => {
    const admin = await createTestUser({ role: "admin" });
    const zanele = await createTestUser({ fullName: "Zanele Khumalo", paid: true });
    await createTestUser({ fullName: "Zanele Dube" });
    const run = async (qs: string) =>
      (
        (await runAs(admin, usersLoader, `/admin/users?${qs}`)).data as {
          users: { items: { id: string; fullName: string }[]; total: number };
        }
      ).users;
    expect((await run("q=zanele")).total).toBe(2);
    const paidOnly = await run("q=zanele&paid=yes");
    expect(paidOnly.items.map((r) => r.id)).toEqual([zanele.id]);
    expect((await run(`q=${encodeURIComponent(zanele.email)}`)).total).toBe(1);
    const managers = await run("role=admin");
    expect(managers.items.every((r) => r.fullName.length > 0)).toBe(true);
    expect(managers.items.map((r) => r.id)).toContain(admin.id);
    // Newest first.
    const all = await run("q=zanele");
    expect(all.items[0]!.fullName).toBe("Zanele Dube");
  });
});

describe("CSV exports", () => {
  const app = new Hono();
  registerAdminExportEndpoints(app);
  const download = async (user: TestUser, path: string) => fetchAs(app, user, path);

  it("downloads the user list with the page's filters, to user admins only", async () => {
    const admin = await createTestUser({ role: "admin" });
    const manager = await createTestUser({ role: "manager" });
    const listed = await createTestUser({ fullName: "Nomvula Csvexport", paid: true });
    await createTestUser({ fullName: "Sipho Csvexport" });
    const response = await download(admin, "/exports/users.csv?q=csvexport&paid=yes");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Phone,Country,Role,Paid,Joined");
    expect(lines).toHaveLength(2);
    expect(
      lines[1]!.startsWith(`Nomvula Csvexport,${listed.email},,Zimbabwe,job_seeker,yes,`),
    ).toBe(true);
    expect((await download(manager, "/exports/users.csv")).status).toBe(403);
  });

  it("downloads the application list to staff, a row per application", async () => {
    const manager = await createTestUser({ role: "manager" });
    const applicant = await createTestUser({ fullName: "Farai Csvexport" });
    const job = await ctx.createTestJob({ title: "Csv Export Driver" });
    await ctx.db.insert(jobApplications).values({ userId: applicant.id, jobId: job.id });
    const response = await download(manager, "/exports/applications.csv?q=farai%20csvexport");
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Applicant,Email,Country,Kind,Job,Sector,Program,University,Intake,Job country,Status,Applied,Interview,Paid",
    );
    expect(lines).toHaveLength(2);
    expect(
      lines[1]!.startsWith(`Farai Csvexport,${applicant.email},Zimbabwe,Job,Csv Export Driver,`),
    ).toBe(true);
    expect(lines[1]!.endsWith(",no")).toBe(true);
    // Someone whose office asks no fee is not "unpaid".
    const midrand = await createTestUser({ fullName: "Lerato Csvexport", office: "Midrand" });
    await ctx.db.insert(jobApplications).values({ userId: midrand.id, jobId: job.id });
    const noFee = await download(manager, "/exports/applications.csv?q=lerato%20csvexport");
    expect((await noFee.text()).trimEnd().split("\r\n")[1]!.endsWith(",no fee")).toBe(true);
    const users = await download(
      await createTestUser({ role: "admin" }),
      "/exports/users.csv?q=lerato%20csvexport",
    );
    expect((await users.text()).trimEnd().split("\r\n")[1]).toMatch(/,no fee,/);
    expect((await download(applicant, "/exports/applications.csv")).status).toBe(403);
  });

  it("writes the headers in the language of the staff member who downloads it", async () => {
    const admin = await createTestUser({ role: "admin" });
    await ctx.db.update(profiles).set({ preferredLanguage: "fr" }).where(eq(profiles.id, admin.id));
    await createTestUser({ fullName: "Amani Csvfrancais", paid: true });
    const response = await download(admin, "/exports/users.csv?q=csvfrancais");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Nom,E-mail,Téléphone,Pays,Rôle,Payé,Inscrit le");
    expect(lines[1]).toMatch(/,oui,/);
  });
});
