import path from "node:path";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import {
  action as applicationsAction,
  loader as applicationsLoader,
} from "~/app/routes/admin/applications";
import { loader as pipelineLoader } from "~/app/routes/admin/pipeline";
import { action as usersAction } from "~/app/routes/admin/users";
import { action as authAction } from "~/app/routes/auth/auth";
import { action as documentsAction } from "~/app/routes/dashboard/documents";
import { action as profileAction, loader as profileLoader } from "~/app/routes/dashboard/profile";
import { defaultOfficeFor } from "~/domain/offices";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import { registerAdminExportEndpoints } from "~/server/admin/export-endpoints.server";
import { readLegalPage } from "~/server/content/pages.server";
import { agencyDateTimeInputValue } from "~/domain/interview";
import { scheduleInterview } from "~/server/applications/staff.server";
import { listAllInterviewsForStaffOnDay } from "~/server/interviews/slots.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { auditLog, documents, jobApplications, jobs, payments, profiles } from "~/server/db/schema";
import { findReceiptForViewer } from "~/server/payments/receipts.server";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { DocumentReviewError, reviewDocument } from "~/server/documents/review.server";
import { RecipientNotFoundError, sendMessage } from "~/server/messages/messages.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { createTestUser, fetchAs, runAs, setupTestDatabase, type TestUser } from "./harness";

// Staff of one office see and act on that office's applicants only (decision record 23): every
// list, page, action and download answers as if the other office's applicants did not exist.

const ctx = setupTestDatabase();
const app = new Hono();
registerDocumentEndpoints(app);
registerAdminExportEndpoints(app);

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

let harare: TestUser; // a manager of Harare only
let admin: TestUser;
let thabo: TestUser; // an applicant from South Africa: Midrand's
let rudo: TestUser; // an applicant from Zimbabwe: Harare's
let midrandApp: string;
let harareApp: string;
let midrandDoc: string;

async function officeOf(userId: string) {
  const [row] = await ctx.db
    .select({ office: profiles.office })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row!.office;
}

type ListData = {
  list: { items: { id: string; applicantName: string }[] };
  details: unknown;
  offices: { choices: string[] };
};

/** The applications list as `user` sees it, everyone's (not only the applicants they own). */
async function listAs(user: TestUser, query = "") {
  query = `${query ? `${query}&` : "?"}owner=all`;
  const out = await runAs(user, applicationsLoader, `/admin/applications${query}`);
  expect(out.status).toBe(200);
  return out.data as ListData;
}

beforeAll(async () => {
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
  harare = await createTestUser({ role: "manager", office: "Harare" });
  admin = await createTestUser({ role: "admin", office: "Harare" });
  thabo = await createTestUser({ fullName: "Thabo Midrand", country: "South Africa" });
  rudo = await createTestUser({ fullName: "Rudo Harare", country: "Zimbabwe" });
  const [job] = await ctx.db
    .insert(jobs)
    .values({ title: "Warehouse Picker", description: "Picking" })
    .returning({ id: jobs.id });
  const apps = await ctx.db
    .insert(jobApplications)
    .values([
      { userId: thabo.id, jobId: job!.id, status: "job_matched" },
      { userId: rudo.id, jobId: job!.id, status: "job_matched" },
    ])
    .returning({ id: jobApplications.id, userId: jobApplications.userId });
  midrandApp = apps.find((a) => a.userId === thabo.id)!.id;
  harareApp = apps.find((a) => a.userId === rudo.id)!.id;
  await runAs(thabo, documentsAction, "/dashboard/documents", {
    form: { documentType: "cv", file: new File([new Uint8Array(PDF)], "cv.pdf") },
  });
  const [doc] = await ctx.db.select().from(documents).where(eq(documents.userId, thabo.id));
  midrandDoc = doc!.id;
});

describe("an applicant's office", () => {
  it("comes from their country at sign-up, else the first office", async () => {
    expect(await officeOf(thabo.id)).toBe("Midrand");
    expect(await officeOf(rudo.id)).toBe("Harare");
    const kenyan = await createTestUser({ country: "Kenya" });
    expect(await officeOf(kenyan.id)).toBe("Harare");
    expect(defaultOfficeFor("south africa", DEFAULT_SITE_SETTINGS.offices)).toBe("Midrand");
  });

  it("is the one chosen on the sign-up form, and an unknown one falls back to the country's", async () => {
    const form = (email: string, office: string) => ({
      intent: "signup",
      role: "job_seeker",
      fullName: "Chipo Office",
      email,
      country: "Zimbabwe",
      office,
      password: "long-enough-pw",
      confirmPassword: "long-enough-pw",
      acceptPolicies: "on",
    });
    const chose = `chose-${Date.now()}@example.com`;
    const odd = `odd-${Date.now()}@example.com`;
    await runAs(null, authAction, "/auth", { form: form(chose, "Midrand") });
    await runAs(null, authAction, "/auth", { form: form(odd, "Atlantis") });
    const rows = await ctx.db
      .select({ email: profiles.email, office: profiles.office })
      .from(profiles)
      .where(eq(profiles.fullName, "Chipo Office"));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.office]))).toEqual({
      [chose]: "Midrand",
      [odd]: "Harare",
    });
  });

  it("is changed on the profile, and shown there", async () => {
    const person = await createTestUser({ country: "Zimbabwe" });
    const page = await runAs(person, profileLoader, "/dashboard/profile");
    expect((page.data as { profile: { office: string } }).profile.office).toBe("Harare");
    const saved = await runAs(person, profileAction, "/dashboard/profile", {
      form: { fullName: "Moved Person", country: "Zimbabwe", office: "Midrand" },
    });
    expect(saved.status).toBe(302);
    expect(await officeOf(person.id)).toBe("Midrand");
  });

  it("of a staff member is not changed on their own profile", async () => {
    await runAs(harare, profileAction, "/dashboard/profile", {
      form: { fullName: "Harare Manager", country: "Zimbabwe", office: "Midrand" },
    });
    expect(await officeOf(harare.id)).toBe("Harare");
  });
});

describe("a Harare manager", () => {
  it("lists, counts and boards only Harare's applications", async () => {
    const data = await listAs(harare);
    const ids = data.list.items.map((r) => r.id);
    expect(ids).toContain(harareApp);
    expect(ids).not.toContain(midrandApp);
    // One office: no office filter to offer.
    expect(data.offices.choices).toEqual(["Harare"]);
    const board = await runAs(harare, pipelineLoader, "/admin/pipeline");
    const cards = (board.data as { columns: { cards: { id: string }[] }[] }).columns.flatMap((c) =>
      c.cards.map((card) => card.id),
    );
    expect(cards).toContain(harareApp);
    expect(cards).not.toContain(midrandApp);
    const csv = await fetchAs(app, harare, "/exports/applications.csv");
    const text = await csv.text();
    expect(text).toContain("Rudo Harare");
    expect(text).not.toContain("Thabo Midrand");
  });

  it("cannot open, change, comment on or review a Midrand application by its id", async () => {
    const opened = await listAs(harare, `?view=${midrandApp}`);
    expect(opened.details).toBeNull();
    const changed = await runAs(harare, applicationsAction, "/admin/applications", {
      form: { intent: "status", applicationId: midrandApp, status: "offer_received" },
    });
    expect(changed.status).toBe(404);
    const commented = await runAs(harare, applicationsAction, "/admin/applications", {
      form: { intent: "comments", applicationId: midrandApp, adminComments: "peek" },
    });
    expect(commented.status).toBe(404);
    const [app1] = await ctx.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, midrandApp));
    expect(app1!.status).toBe("job_matched");
    expect(app1!.adminComments).toBeNull();
    await expect(
      reviewDocument({ actor: harare, documentId: midrandDoc, decision: "verify" }),
    ).rejects.toBeInstanceOf(DocumentReviewError);
    // Nothing was shown, so nothing is in the applicant's "who saw my information".
    const views = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, harare.id), eq(auditLog.targetId, thabo.id)));
    expect(views).toEqual([]);
  });

  it("cannot download a Midrand applicant's document, nor write to them", async () => {
    const file = await fetchAs(app, harare, `/files/documents/${midrandDoc}`);
    expect(file.status).toBe(404);
    await expect(
      sendMessage({
        actor: harare,
        input: {
          recipientType: "individual",
          recipientId: thabo.id,
          subject: "Hello",
          content: "Hi",
          attachmentUrl: undefined,
        },
      }),
    ).rejects.toBeInstanceOf(RecipientNotFoundError);
  });

  it("can, once an admin gives them Midrand too (audited), and can filter by office", async () => {
    const granted = await runAs(admin, usersAction, "/admin/users", {
      form: {
        intent: "offices",
        userId: harare.id,
        office: "Harare",
        extraOffices: ["Midrand"],
      },
    });
    expect(granted.status).toBe(302);
    const [entry] = await ctx.auditEntries(harare.id, "user.offices_change");
    expect(entry!.actorId).toBe(admin.id);
    expect(entry!.details).toMatchObject({ office: "Harare", extraOffices: ["Midrand"] });

    const all = await listAs(harare);
    expect(all.list.items.map((r) => r.id)).toEqual(
      expect.arrayContaining([midrandApp, harareApp]),
    );
    expect(all.offices.choices).toEqual(["Harare", "Midrand"]);
    const midrandOnly = await listAs(harare, "?office=Midrand");
    expect(midrandOnly.list.items.map((r) => r.id)).toContain(midrandApp);
    expect(midrandOnly.list.items.map((r) => r.id)).not.toContain(harareApp);
    expect((await listAs(harare, `?view=${midrandApp}`)).details).not.toBeNull();
    const file = await fetchAs(app, harare, `/files/documents/${midrandDoc}`);
    expect(file.status).toBe(200);

    // And taken away again.
    await runAs(admin, usersAction, "/admin/users", {
      form: { intent: "offices", userId: harare.id, office: "Harare" },
    });
    const back = await fetchAs(app, harare, `/files/documents/${midrandDoc}`);
    expect(back.status).toBe(404);
  });

  it("is the only one who may not set offices: a manager cannot, nor can an office be invented", async () => {
    const manager = await runAs(harare, usersAction, "/admin/users", {
      form: { intent: "offices", userId: harare.id, office: "Midrand" },
    });
    expect(manager.status).toBe(302); // sent away by the users page's guard
    const invented = await runAs(admin, usersAction, "/admin/users", {
      form: { intent: "offices", userId: harare.id, office: "Atlantis" },
    });
    expect(invented.status).toBe(400);
    const applicant = await runAs(admin, usersAction, "/admin/users", {
      form: { intent: "offices", userId: thabo.id, office: "Harare" },
    });
    expect(applicant.status).toBe(400);
    expect(await officeOf(harare.id)).toBe("Harare");
    expect(await officeOf(thabo.id)).toBe("Midrand");
  });
});

describe("an admin", () => {
  it("sees every office's applications, whatever their own office", async () => {
    const data = await listAs(admin);
    expect(data.list.items.map((r) => r.id)).toEqual(
      expect.arrayContaining([midrandApp, harareApp]),
    );
    expect((await listAs(admin, `?view=${midrandApp}`)).details).not.toBeNull();
  });
});

describe("a receipt", () => {
  it("is shown to staff of the payer's office only", async () => {
    const [payment] = await ctx.db
      .insert(payments)
      .values({
        userId: thabo.id,
        amountMinor: 9900,
        currency: "USD",
        paymentMethod: "manual",
        provider: "manual",
        paymentReference: `OFFICE_${thabo.id}`,
        status: "completed",
        paymentDate: new Date(),
        receiptNumber: "PSG-OFFICE-1",
      })
      .returning({ id: payments.id });
    const receiptFor = (viewer: TestUser) =>
      findReceiptForViewer({ viewer, paymentId: payment!.id });
    expect(await receiptFor(harare)).toBeNull();
    expect((await receiptFor(admin))?.payerName).toBe("Thabo Midrand");
    expect((await receiptFor(thabo))?.payerName).toBe("Thabo Midrand");
  });
});

describe("the day's interviews", () => {
  it("show a Harare manager only Harare's applicants", async () => {
    const when = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    for (const applicationId of [midrandApp, harareApp]) {
      await scheduleInterview({ actor: admin, applicationId, interviewDate: when });
    }
    const day = agencyDateTimeInputValue(when).slice(0, 10);
    const names = async (user: TestUser) =>
      (await listAllInterviewsForStaffOnDay(day, await officeScopeFor(user))).direct.map(
        (i) => i.applicationId,
      );
    expect(await names(harare)).toEqual([harareApp]);
    expect(await names(admin)).toEqual(expect.arrayContaining([harareApp, midrandApp]));
  });
});

describe("the privacy policy", () => {
  it("says which office looks after an applicant and who of the staff sees them, in each language", async () => {
    const en = await readLegalPage("privacy-policy", "en");
    expect(en.html).toContain(
      "the one of our offices (Harare, Zimbabwe and Midrand, South Africa) nearest to you",
    );
    expect(en.html).toContain("administrators see every office");
    const fr = await readLegalPage("privacy-policy", "fr");
    expect(fr.html).toContain("les administrateurs voient tous les bureaux");
    const pt = await readLegalPage("privacy-policy", "pt");
    expect(pt.html).toContain("os administradores veem todos os escritórios");
  });
});
