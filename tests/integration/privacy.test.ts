import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as applicationsLoader } from "~/app/routes/admin/applications";
import { action as documentsAction } from "~/app/routes/dashboard/documents";
import { action as profileAction, loader as profileLoader } from "~/app/routes/dashboard/profile";
import {
  applicationStatusHistory,
  auditLog,
  contactInquiries,
  dataExports,
  documents,
  jobApplications,
  jobs,
  messageRecipients,
  messages,
  notifications,
  payments,
  policyAcceptances,
  profiles,
  savedJobs,
} from "~/server/db/schema";
import {
  EXPORT_LIMIT,
  listDataExports,
  personalTableNames,
  requestDataExport,
} from "~/server/privacy/data-export.server";
import { registerPrivacyEndpoints } from "~/server/privacy/http.server";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { STAFF_DOWNLOAD_LIMIT } from "~/server/privacy/staff-views.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { action as usersAction, loader as usersLoader } from "~/app/routes/admin/users";
import { action as authAction } from "~/app/routes/auth/auth";
import { action as consentAction, loader as consentLoader } from "~/app/routes/auth/consent";
import { loader as dashboardLayoutLoader } from "~/app/routes/dashboard/layout";
import { currentPolicyVersions } from "~/server/privacy/consent.server";
import { runRetention } from "~/server/privacy/retention.server";
import { sendMessage } from "~/server/messages/messages.server";
import {
  createTestUser,
  fetchAs,
  newSessionCookie,
  runAs,
  runRoute,
  sessionCookie,
  setupTestDatabase,
  type TestUser,
} from "./harness";

// Who saw what: staff opening an applicant's profile or documents is written
// to the audit trail, the applicant sees it (by role, never by name), and downloads are capped.

const ctx = setupTestDatabase();
const app = new Hono();
registerDocumentEndpoints(app);
registerPrivacyEndpoints(app);

beforeAll(() => {
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
});

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

async function uploadedDocument(owner: TestUser, documentType = "passport") {
  await runAs(owner, documentsAction, "/dashboard/documents", {
    form: { documentType, file: new File([new Uint8Array(PDF)], `${documentType}.pdf`) },
  });
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, owner.id), eq(documents.documentType, documentType as never)));
  return row!;
}

type Views = { action: string; role: string | null; documentType: string | null }[];

async function viewsSeenBy(owner: TestUser): Promise<Views> {
  const page = await runAs(owner, profileLoader, "/dashboard/profile");
  const views = (page.data as { staffViews: Views }).staffViews;
  return views.map(({ action, role, documentType }) => ({ action, role, documentType }));
}

function auditRowsBy(actor: TestUser) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.actorId, actor.id));
}

/**
 * The staff member's one audit entry, a view of the owner's profile by their role, and the line
 * the owner reads of it in their profile (the role, never the name).
 */
async function expectOneView(
  staff: TestUser,
  owner: TestUser,
  view: { action: string; details: Record<string, unknown>; documentType: string | null },
) {
  const rows = await auditRowsBy(staff);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    action: view.action,
    targetType: "profile",
    targetId: owner.id,
    details: { role: staff.role, ...view.details },
  });
  expect(await viewsSeenBy(owner)).toEqual([
    { action: view.action, role: staff.role, documentType: view.documentType },
  ]);
}

describe("who saw what", () => {
  it("a staff download of a document is audited, and the applicant sees which role opened what", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const manager = await createTestUser({ role: "manager" });
    const doc = await uploadedDocument(owner);
    const url = `/files/documents/${doc.id}`;

    // The owner opening their own file is nobody else's view.
    expect((await fetchAs(app, owner, url)).status).toBe(200);
    expect(await viewsSeenBy(owner)).toEqual([]);

    const response = await fetchAs(app, manager, url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);

    await expectOneView(manager, owner, {
      action: "document.view",
      details: { documentId: doc.id, documentType: "passport" },
      documentType: "passport",
    });
    // Someone else's list stays empty, and nobody's name reaches the applicant.
    expect(await viewsSeenBy(other)).toEqual([]);
    const page = await runAs(owner, profileLoader, "/dashboard/profile");
    expect(JSON.stringify((page.data as { staffViews: unknown }).staffViews)).not.toContain(
      manager.fullName,
    );
  });

  it("opening an application's details is audited as a view of the applicant's profile", async () => {
    const owner = await createTestUser();
    const manager = await createTestUser({ role: "manager" });
    const applicationId = await ctx.createTestApplication(owner, {
      status: "job_matched",
      job: { title: "Welder", description: "Welding" },
    });

    // The list alone opens nobody's profile.
    await runAs(manager, applicationsLoader, "/admin/applications");
    expect(await auditRowsBy(manager)).toEqual([]);

    const page = await runAs(
      manager,
      applicationsLoader,
      `/admin/applications?view=${applicationId}`,
    );
    expect(page.status).toBe(200);
    await expectOneView(manager, owner, {
      action: "profile.view",
      details: { applicationId },
      documentType: null,
    });
  });

  it("caps a staff member's downloads: the one over the limit is refused, says when to retry, and is not audited", async () => {
    const owner = await createTestUser();
    const admin = await createTestUser({ role: "admin" });
    const doc = await uploadedDocument(owner, "cv");
    const url = `/files/documents/${doc.id}`;
    for (let i = 0; i < STAFF_DOWNLOAD_LIMIT.max; i++) {
      const ok = await fetchAs(app, admin, url);
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
    }
    const refused = await fetchAs(app, admin, url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/many applicants' documents.*Try again in \d+ minutes?\./);
    expect(await auditRowsBy(admin)).toHaveLength(STAFF_DOWNLOAD_LIMIT.max);

    // Another staff member is not held back by the first one's downloads.
    const manager = await createTestUser({ role: "manager" });
    expect((await fetchAs(app, manager, url)).status).toBe(200);
  });
});

/** A person with a row in each kind of table: application + history, document, payment, message, notification, inquiry. */
async function personWithData(name: string) {
  const person = await createTestUser({ fullName: name });
  const doc = await uploadedDocument(person, "passport");
  const applicationId = await ctx.createTestApplication(person, {
    status: "job_matched",
    job: { title: `Job ${crypto.randomUUID().slice(0, 8)}`, description: "x" },
  });
  await ctx.db.insert(applicationStatusHistory).values({
    applicationId,
    fromStatus: "registration_pending",
    toStatus: "job_matched",
    note: `matched ${name}`,
  });
  await ctx.db.insert(payments).values({
    userId: person.id,
    amountMinor: 5000,
    currency: "USD",
    paymentMethod: "card",
    provider: "simulated",
    paymentReference: `ref-${person.id}`,
  });
  const [message] = await ctx.db
    .insert(messages)
    .values({ subject: `Hello ${name}`, content: "Welcome", recipientId: person.id })
    .returning({ id: messages.id });
  await ctx.db.insert(messageRecipients).values({ messageId: message!.id, userId: person.id });
  await ctx.db.insert(notifications).values({
    userId: person.id,
    kind: "application_status",
    title: `Update for ${name}`,
    body: "x",
  });
  await ctx.db.insert(contactInquiries).values({
    name,
    email: person.email,
    message: `A question from ${name}`,
  });
  return { person, doc, applicationId };
}

describe("download my data", () => {
  async function exportOf(person: TestUser) {
    const started = await requestDataExport({ owner: person });
    if (!started.ok) throw new Error("export refused");
    await started.done;
    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.userId, person.id));
    return row!;
  }

  it("holds every table's rows for that person, their files, and nothing of anyone else's", async () => {
    const { person, doc, applicationId } = await personWithData("Rudo Archive");
    const { person: other } = await personWithData("Other Person");
    // A staff member opened their document: the archive says so too.
    const manager = await createTestUser({ role: "manager" });
    await fetchAs(app, manager, `/files/documents/${doc.id}`);

    const row = await exportOf(person);
    expect(row.status).toBe("ready");
    const response = await fetchAs(app, person, `/files/exports/${row.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /passage-data-\d{4}-\d{2}-\d{2}\.zip/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const json = new TextDecoder().decode(files["passage-data.json"]);
    const archive = JSON.parse(json) as {
      tables: Record<string, { id?: string }[]>;
      applicationHistory: { applicationId: string }[];
      messagesReceived: { subject: string }[];
      staffViews: { role: string }[];
      contactInquiries: { message: string }[];
      files: { documentId: string; path: string }[];
    };

    // Every table that refers to a person: all of this person's rows, by id where rows have one.
    for (const table of personalTableNames()) {
      const where =
        table === "profiles"
          ? sql`id = ${person.id}`
          : sql.raw(
              `(${(await referringColumns(table)).map((c) => `"${c}" = '${person.id}'`).join(" or ")})`,
            );
      const rows = await ctx.db.execute(sql`select * from ${sql.identifier(table)} where ${where}`);
      const expected = (rows as unknown as { rows: Record<string, unknown>[] }).rows ?? rows;
      expect({ table, count: archive.tables[table]?.length }).toEqual({
        table,
        count: (expected as unknown[]).length,
      });
    }
    expect(archive.tables.job_applications!.map((a) => a.id)).toEqual([applicationId]);
    expect(archive.applicationHistory.map((h) => h.applicationId)).toEqual([applicationId]);
    expect(archive.messagesReceived.map((m) => m.subject)).toEqual(["Hello Rudo Archive"]);
    expect(archive.staffViews.map((v) => v.role)).toEqual(["manager"]);
    expect(archive.contactInquiries.map((i) => i.message)).toEqual([
      "A question from Rudo Archive",
    ]);

    // The uploaded file, byte for byte.
    const [file] = archive.files;
    expect(file!.documentId).toBe(doc.id);
    expect(Buffer.from(files[file!.path]!).equals(PDF)).toBe(true);

    // Nothing of the other person's, and no secret: session tokens and password hashes stay home.
    expect(json).not.toContain(other.id);
    expect(json).not.toContain(other.email);
    expect(json).not.toContain("Other Person");
    expect(json).not.toContain(manager.fullName);
    expect(json).not.toMatch(/"(token|password|storageKey)"/);
  });

  it("opens with a page a person can read, in their language: names and money, not ids", async () => {
    const { person, applicationId } = await personWithData("Chipo Lisível");
    await ctx.db
      .update(profiles)
      .set({ preferredLanguage: "fr" })
      .where(eq(profiles.id, person.id));
    const [application] = await ctx.db
      .select({ jobId: jobApplications.jobId })
      .from(jobApplications)
      .where(eq(jobApplications.id, applicationId));
    const [job] = await ctx.db
      .select({ title: jobs.title })
      .from(jobs)
      .where(eq(jobs.id, application!.jobId!));

    const row = await exportOf(person);
    const response = await fetchAs(app, person, `/files/exports/${row.id}`);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const html = new TextDecoder().decode(files["passage-summary.html"]);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("Vos données chez Passage");
    expect(html).toContain("Chipo Lisível");
    // The application by its job's title and its stage's name, with its history.
    expect(html).toContain(job!.title);
    expect(html).toContain("<td>Offre correspondante trouvée</td>");
    // Money as money, documents by their type's name, the message read.
    expect(html).toContain("50,00");
    expect(html).toContain("Passeport");
    expect(html).toContain("Hello Chipo Lisível");
    expect(html).not.toContain(applicationId);
    expect(html).not.toContain("amountMinor");
  });

  it("is the owner's alone, and gone once it expires", async () => {
    const { person } = await personWithData("Tariro Expiry");
    const other = await createTestUser();
    const admin = await createTestUser({ role: "admin" });
    const row = await exportOf(person);
    const url = `/files/exports/${row.id}`;
    expect((await fetchAs(app, other, url)).status).toBe(404);
    expect((await fetchAs(app, admin, url)).status).toBe(404);
    expect((await fetchAs(app, null, url)).status).toBe(401);

    // The profile offers it with its download link.
    const page = await runAs(person, profileLoader, "/dashboard/profile");
    expect((page.data as { archives: { href: string | null }[] }).archives).toEqual([
      expect.objectContaining({ status: "ready", href: url }),
    ]);

    await ctx.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, row.id));
    expect((await fetchAs(app, person, url)).status).toBe(404);
    expect(await listDataExports({ owner: person })).toEqual([]);
    expect(await ctx.db.select().from(dataExports).where(eq(dataExports.id, row.id))).toEqual([]);
    // The stored archive is deleted with its row.
    await expect(
      (await import("~/server/storage/storage.server")).storage().get(row.storageKey!),
    ).rejects.toThrow();
  });

  it("asking on the profile page starts it and says so; asking too often is refused with a reason", async () => {
    const person = await createTestUser();
    const asked = await runAs(person, profileAction, "/dashboard/profile", {
      form: { intent: "export" },
    });
    expect(asked.status).toBe(302);
    expect(asked.location).toContain("done=exportStarted");
    await waitForExports(person, "ready");
    for (let i = 1; i < EXPORT_LIMIT.max; i++) {
      const started = await requestDataExport({ owner: person });
      if (started.ok) await started.done;
    }
    const refused = await runAs(person, profileAction, "/dashboard/profile", {
      form: { intent: "export" },
    });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      intent: "export",
      flash: { ok: false, message: "profile.data.tooOften" },
    });
  });
});

/** The columns of `table` that refer to profiles (from the database's own catalog). */
async function referringColumns(table: string): Promise<string[]> {
  const result = await ctx.db.execute(sql`
    select a.attname as column
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.conrelid = ${table}::regclass and c.confrelid = 'profiles'::regclass`);
  const rows = ((result as unknown as { rows?: { column: string }[] }).rows ??
    result) as unknown as { column: string }[];
  return rows.map((r) => r.column);
}

async function waitForExports(person: TestUser, status: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await ctx.db.select().from(dataExports).where(eq(dataExports.userId, person.id));
    if (rows.length > 0 && rows.every((r) => r.status === status)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`exports of ${person.email} never became ${status}`);
}

describe("delete my account", () => {
  /** Rows of any table whose text holds one of `needles` (case-insensitive): table → count. */
  async function tablesHolding(needles: string[]) {
    const tables = await ctx.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '%migrations%'`,
    );
    const names = (
      ((tables as unknown as { rows?: { tablename: string }[] }).rows ?? tables) as unknown as {
        tablename: string;
      }[]
    ).map((r) => r.tablename);
    const found: Record<string, number> = {};
    for (const table of names) {
      for (const needle of needles) {
        const result = await ctx.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text ilike ${`%${needle}%`}`,
        );
        const n = (
          ((result as unknown as { rows?: { n: number }[] }).rows ?? result) as unknown as {
            n: number;
          }[]
        )[0]!.n;
        if (n > 0) found[`${table}: ${needle}`] = n;
      }
    }
    return found;
  }

  async function deleteOwn(person: TestUser, password: string) {
    return runAs(person, profileAction, "/dashboard/profile", {
      form: { intent: "delete", password },
    });
  }

  it("erases every trace of the person but the payment record, ends their sessions and files, and is logged", async () => {
    const { person, doc } = await personWithData("Chipo Erasure");
    const phone = "+263 77 555 0142";
    // A job they saved to decide on later says what they were looking for: it goes too.
    const saved = await ctx.createTestJob({ title: "Saved Before Erasure" });
    await ctx.db.insert(savedJobs).values({ userId: person.id, jobId: saved.id });
    await ctx.db.update(profiles).set({ phoneNumber: phone }).where(eq(profiles.id, person.id));
    const { person: other } = await personWithData("Farai Keeps");
    // Their data archive, too.
    const archive = await requestDataExport({ owner: person });
    if (archive.ok) await archive.done;
    const [exportRow] = await ctx.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, person.id));
    const cookie = await sessionCookie(person);

    // A wrong password erases nothing.
    const refused = await deleteOwn(person, "not-my-password");
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "delete",
      flash: { ok: false, message: "profile.delete.wrongPassword" },
    });
    expect(await tablesHolding([person.email])).not.toEqual({});

    const deleted = await deleteOwn(person, person.password);
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/auth?done=accountDeleted");

    // Nothing personal left anywhere: name, e-mail, phone, stored file keys.
    expect(
      await tablesHolding([
        "Chipo Erasure",
        person.email,
        phone,
        doc.storageKey,
        exportRow!.storageKey!,
      ]),
    ).toEqual({});
    const store = (await import("~/server/storage/storage.server")).storage();
    await expect(store.get(doc.storageKey)).rejects.toThrow();
    await expect(store.get(exportRow!.storageKey!)).rejects.toThrow();

    // The stub keeps the payment; the log says when and which stub, not who it was.
    const [stub] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(stub).toMatchObject({ fullName: "Deleted user", phoneNumber: null });
    expect(stub!.erasedAt).not.toBeNull();
    expect(await ctx.db.select().from(savedJobs).where(eq(savedJobs.userId, person.id))).toEqual(
      [],
    );
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, person.id))).toHaveLength(
      1,
    );
    const [log] = await ctx.auditEntries(person.id, "account.erase");
    expect(log).toMatchObject({ actorId: null, targetType: "profile", details: { by: "self" } });

    // Signed out everywhere, and the password opens nothing.
    const dashboard = await runRoute(
      profileLoader,
      new Request("http://localhost:3000/dashboard/profile", { headers: { cookie } }),
    );
    expect(dashboard.status).toBe(302);
    await expect(sessionCookieFor(person)).rejects.toThrow();

    // Someone else's data is untouched.
    expect(Object.keys(await tablesHolding([other.email])).length).toBeGreaterThan(2);
  });

  it("staff erase an applicant on request, confirmed by their e-mail; never a staff account, and only admins", async () => {
    const { person } = await personWithData("Tendai Request");
    const admin = await createTestUser({ role: "admin" });
    const manager = await createTestUser({ role: "manager" });
    const colleague = await createTestUser({ role: "manager" });
    const erase = async (actor: TestUser, userId: string, email: string) =>
      runAs(actor, usersAction, "/admin/users", { form: { intent: "erase", userId, email } });

    // A manager is not a user administrator: sent away, nothing erased.
    const notAllowed = await erase(manager, person.id, person.email);
    expect(notAllowed.status).toBe(302);
    expect(notAllowed.location).not.toContain("/admin/users");
    const mismatch = await erase(admin, person.id, "someone@else.test");
    expect(mismatch.data).toMatchObject({ flash: { message: "users.erase.eraseMismatch" } });
    expect((await erase(admin, colleague.id, colleague.email)).data).toMatchObject({
      flash: { message: "users.erase.eraseNotApplicant" },
    });
    expect(await tablesHolding(["Tendai Request"])).not.toEqual({});

    const done = await erase(admin, person.id, person.email.toUpperCase());
    expect(done.status).toBe(302);
    expect(done.location).toContain("done=accountErased");
    expect(await tablesHolding(["Tendai Request", person.email])).toEqual({});
    const [log] = await ctx.auditEntries(person.id, "account.erase");
    expect(log).toMatchObject({ actorId: admin.id, details: { by: "staff" } });

    // The stub is nobody to list or to write to.
    const list = await runAs(admin, usersLoader, "/admin/users?q=Deleted");
    expect(
      (list.data as { users: { items: { id: string }[] } }).users.items.map((u) => u.id),
    ).not.toContain(person.id);
    await sendMessage({
      actor: admin,
      input: {
        recipientType: "group",
        recipientGroup: "all_users",
        subject: "News for everyone",
        content: "Hello",
      } as never,
    });
    expect(
      await ctx.db.select().from(messageRecipients).where(eq(messageRecipients.userId, person.id)),
    ).toEqual([]);
  });
});

async function sessionCookieFor(person: TestUser) {
  return newSessionCookie(person);
}

describe("consent", () => {
  function signUpForm(email: string, extra: Record<string, string> = {}) {
    return {
      intent: "signup",
      role: "job_seeker",
      fullName: "Rumbi Consent",
      email,
      country: "Zimbabwe",
      password: "long-enough-pw",
      confirmPassword: "long-enough-pw",
      ...extra,
    };
  }
  const acceptancesOf = (userId: string) =>
    ctx.db
      .select({ policy: policyAcceptances.policy, version: policyAcceptances.version })
      .from(policyAcceptances)
      .where(eq(policyAcceptances.userId, userId));
  const profileByEmail = async (email: string) =>
    (await ctx.db.select().from(profiles).where(eq(profiles.email, email)))[0];

  it("sign-up needs the terms and privacy policy accepted, and records the versions in force", async () => {
    const refusedEmail = `no-consent-${crypto.randomUUID()}@example.com`;
    const refused = await runAs(null, authAction, "/auth", { form: signUpForm(refusedEmail) });
    expect(refused.status).toBe(400);
    expect(
      (refused.data as { result: { error: Record<string, string[]> } }).result.error.acceptPolicies,
    ).toEqual(["errors.acceptPoliciesRequired"]);
    expect(await profileByEmail(refusedEmail)).toBeUndefined();

    const email = `consent-${crypto.randomUUID()}@example.com`;
    const done = await runAs(null, authAction, "/auth", {
      form: signUpForm(email, { acceptPolicies: "on", marketingEmails: "on" }),
    });
    expect(done.status).toBe(302);
    const person = await profileByEmail(email);
    const versions = await currentPolicyVersions();
    expect(await acceptancesOf(person!.id)).toEqual(
      expect.arrayContaining([
        { policy: "terms", version: versions.terms },
        { policy: "privacy", version: versions.privacy },
      ]),
    );
    expect(person!.marketingEmails).toBe(true);

    // Without the optional box, no marketing e-mail.
    const quiet = `quiet-${crypto.randomUUID()}@example.com`;
    await runAs(null, authAction, "/auth", { form: signUpForm(quiet, { acceptPolicies: "on" }) });
    expect((await profileByEmail(quiet))!.marketingEmails).toBe(false);
  });

  it("a newer version asks a signed-in person again before the dashboard, then brings them back", async () => {
    const person = await createTestUser();
    // Open: they accepted what is in force.
    const open = await runAs(person, dashboardLayoutLoader, "/dashboard/profile");
    expect(open.status).toBe(200);

    // The privacy policy they accepted is no longer the one in force.
    await ctx.db
      .update(policyAcceptances)
      .set({ version: "2020-01-01" })
      .where(and(eq(policyAcceptances.userId, person.id), eq(policyAcceptances.policy, "privacy")));
    const asked = await runAs(person, dashboardLayoutLoader, "/dashboard/profile?tab=x");
    expect(asked.status).toBe(302);
    expect(asked.location).toBe(
      `/auth/consent?redirectTo=${encodeURIComponent("/dashboard/profile?tab=x")}`,
    );
    const page = await runAs(person, consentLoader, asked.location!);
    expect((page.data as { policies: { policy: string }[] }).policies.map((p) => p.policy)).toEqual(
      ["privacy"],
    );

    // The box must be ticked.
    const unticked = await runAs(person, consentAction, "/auth/consent", {
      form: { redirectTo: "/dashboard/profile" },
    });
    expect(unticked.status).toBe(400);
    expect(unticked.data).toMatchObject({ flash: { ok: false, message: "consent.required" } });

    const accepted = await runAs(person, consentAction, "/auth/consent", {
      form: { accept: "on", redirectTo: "/dashboard/profile?tab=x" },
    });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe("/dashboard/profile?tab=x");
    const versions = await currentPolicyVersions();
    expect(await acceptancesOf(person.id)).toContainEqual({
      policy: "privacy",
      version: versions.privacy,
    });
    expect((await runAs(person, dashboardLayoutLoader, "/dashboard")).status).toBe(200);
  });

  it("someone who reads French is asked in French; a disguised redirect stays on the site", async () => {
    const person = await createTestUser();
    await ctx.db
      .update(profiles)
      .set({ preferredLanguage: "fr" })
      .where(eq(profiles.id, person.id));
    await ctx.db.delete(policyAcceptances).where(eq(policyAcceptances.userId, person.id));
    const asked = await runAs(person, dashboardLayoutLoader, "/dashboard");
    expect(asked.location).toMatch(/^\/fr\/auth\/consent\?redirectTo=/);
    const accepted = await runAs(person, consentAction, "/fr/auth/consent", {
      form: { accept: "on", redirectTo: "//evil.example/x" },
    });
    expect(accepted.location).toBe("/dashboard");
  });

  it("the profile keeps the marketing choice", async () => {
    const person = await createTestUser();
    const save = (extra: Record<string, string>) =>
      runAs(person, profileAction, "/dashboard/profile", {
        form: { fullName: person.fullName, country: "Zimbabwe", ...extra },
      });
    await save({ marketingEmails: "on" });
    expect((await profileByEmail(person.email))!.marketingEmails).toBe(true);
    await save({});
    expect((await profileByEmail(person.email))!.marketingEmails).toBe(false);
  });
});

describe("retention", () => {
  const NOW = new Date();
  const monthsAgo = (n: number) => {
    const d = new Date(NOW);
    d.setUTCMonth(d.getUTCMonth() - n);
    return d;
  };
  const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60 * 1000);

  /** An account whose last activity was `last` (and, when given, warned at `warned`). */
  async function personLastSeen(last: Date, warned: Date | null = null, role?: "manager") {
    const person = await createTestUser(role ? { role } : {});
    await ctx.db.execute(
      sql`update profiles set created_at = ${last.toISOString()}, updated_at = ${last.toISOString()}, retention_warned_at = ${warned?.toISOString() ?? null} where id = ${person.id}`,
    );
    return person;
  }
  const profileOf = async (p: TestUser) =>
    (await ctx.db.select().from(profiles).where(eq(profiles.id, p.id)))[0]!;

  it("warns a month ahead, erases only the accounts past the limit and warned in time, once", async () => {
    const active = await personLastSeen(daysAgo(3));
    // Inactive for 23 months and 10 days: less than a month from the 24-month limit.
    const nearly = await personLastSeen(
      new Date(monthsAgo(23).getTime() - 10 * 24 * 60 * 60 * 1000),
    );
    const pastNeverWarned = await personLastSeen(monthsAgo(30));
    const pastWarned = await personLastSeen(monthsAgo(30), daysAgo(40));
    const cameBack = await personLastSeen(monthsAgo(30), daysAgo(40));
    // Signed in again after the warning: their session is their latest activity.
    await sessionCookie(cameBack);
    const staffMember = await personLastSeen(monthsAgo(30), null, "manager");

    const first = await runRetention(NOW);

    expect((await profileOf(pastWarned)).erasedAt).not.toBeNull();
    expect((await profileOf(pastWarned)).fullName).toBe("Deleted user");
    for (const kept of [active, nearly, pastNeverWarned, cameBack, staffMember])
      expect({ who: kept.email, erased: (await profileOf(kept)).erasedAt }).toEqual({
        who: kept.email,
        erased: null,
      });
    // Warned now: the one a month from the limit and the one past it who was never told.
    expect((await profileOf(nearly)).retentionWarnedAt).toEqual(NOW);
    expect((await profileOf(pastNeverWarned)).retentionWarnedAt).toEqual(NOW);
    expect((await profileOf(active)).retentionWarnedAt).toBeNull();
    expect((await profileOf(staffMember)).retentionWarnedAt).toBeNull();
    const warnings = async (p: TestUser) =>
      (await ctx.mailsTo(p.email)).filter((m) => /will be deleted on/.test(m.subject));
    const [warning] = await warnings(nearly);
    expect(warning!.subject).toMatch(/^Your Passage account will be deleted on /);
    expect(warning!.text).toContain("24 months");
    const [log] = await ctx.auditEntries(pastWarned.id, "account.erase");
    expect(log).toMatchObject({ actorId: null, details: { by: "retention" } });
    expect(first.erased).toBeGreaterThanOrEqual(1);

    // A second round (another process, or the next tick) finds nothing new to do for them.
    await runRetention(NOW);
    expect(await warnings(nearly)).toHaveLength(1);
    expect((await profileOf(pastNeverWarned)).erasedAt).toBeNull();

    // A month later the one warned now and still inactive is erased.
    const later = new Date(NOW.getTime() + 31 * 24 * 60 * 60 * 1000);
    await runRetention(later);
    expect((await profileOf(pastNeverWarned)).erasedAt).not.toBeNull();
  });
});
