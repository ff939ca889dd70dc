import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as adminApplicant from "~/app/routes/admin/applicant";
import * as adminApplications from "~/app/routes/admin/applications";
import { loader as adminLayout } from "~/app/routes/admin/layout";
import * as adminSettings from "~/app/routes/admin/settings";
import * as agentApplicant from "~/app/routes/agent/applicant";
import { loader as agentApplicants } from "~/app/routes/agent/applicants";
import { loader as agentLayout } from "~/app/routes/agent/layout";
import * as agentRegister from "~/app/routes/agent/register";
import { action as resetAction } from "~/app/routes/auth/reset-password";
import { loader as dashboardDocuments } from "~/app/routes/dashboard/documents";
import { loader as dashboardHome } from "~/app/routes/dashboard/home";
import { loader as dashboardLayout } from "~/app/routes/dashboard/layout";
import { auth } from "~/server/auth/auth.server";
import { accounts, documents, mailOutbox, profiles } from "~/server/db/schema";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { setupEndpointTests } from "./endpoint-harness";
import {
  BASE_URL,
  createTestUser,
  fetchAs,
  newSessionCookie,
  requestAs,
  runAs,
  runRoute,
  type TestUser,
} from "./harness";

// The agent role (a field recruiter of one office): registers applicants on their behalf, owns
// them, uploads their documents and follows them; sees nothing else.
const { ctx, app } = setupEndpointTests([registerDocumentEndpoints], { uploads: true });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

let counter = 0;
function person(overrides: Record<string, string> = {}) {
  counter++;
  return {
    fullName: `Lindiwe Zulu ${counter}`,
    email: `lindiwe-${counter}-${Date.now().toString(36)}@example.com`,
    phoneNumber: "+27 82 555 0101",
    country: "South Africa",
    role: "job_seeker",
    ...overrides,
  };
}

const newAgent = () =>
  createTestUser({ role: "agent", office: "Midrand", country: "South Africa" });

async function register(agent: TestUser, form = person()) {
  const outcome = await runAs(agent, agentRegister.action, "/agent/register", { form });
  const id = /^\/agent\/applicants\/([^?]+)\?done=registered$/.exec(outcome.location ?? "")?.[1];
  return { outcome, id: id!, form };
}

function uploadFor(agent: TestUser, applicantId: string, documentType = "cv") {
  return requestAs(agent, `/agent/applicants/${applicantId}`, {
    form: { documentType, file: new File([new Uint8Array(PDF)], "cv scan.pdf") },
  });
}

async function latestMailTo(email: string) {
  const [mail] = await ctx.mailsTo(email).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

describe("an agent registers an applicant", () => {
  it("makes the account in the agent's office and care, with no password until the applicant chooses one by the e-mailed link", async () => {
    const agent = await newAgent();
    const { outcome, id, form } = await register(agent);
    expect(outcome.status).toBe(302);

    const [row] = await ctx.rowsWhere(profiles, "id", id);
    expect(row).toMatchObject({
      email: form.email,
      fullName: form.fullName,
      ownerId: agent.id,
      office: "Midrand",
      role: "job_seeker",
      emailVerified: false,
    });
    // Nobody can sign in to it: there is no password at all.
    expect(await ctx.rowsWhere(accounts, "userId", id)).toEqual([]);
    await expect(
      newSessionCookie({ email: form.email, password: "anything-at-all" }),
    ).rejects.toThrow();
    expect(await ctx.auditEntries(id, "user.register_by_agent")).toEqual([
      expect.objectContaining({ actorId: agent.id, targetType: "user" }),
    ]);

    // The applicant's e-mail: a link of better-auth's that leads to the password form.
    const mail = await latestMailTo(form.email);
    expect(mail?.text).toContain(agent.fullName);
    const link = mail!.text.match(/https?:\/\/\S+reset-password\S+/)?.[0];
    const followed = await auth().handler(new Request(link!.replace(/[).,]+$/, "")));
    const target = new URL(followed.headers.get("location")!, BASE_URL);
    expect(target.pathname).toBe("/auth/reset-password");
    expect(target.searchParams.get("welcome")).toBe("1");
    const token = target.searchParams.get("token")!;
    const set = await runAs(null, resetAction, `/auth/reset-password${target.search}`, {
      form: { token, password: "my-own-secret", confirmPassword: "my-own-secret" },
    });
    expect(set).toMatchObject({ status: 302, location: "/auth?done=accountReady" });

    const [confirmed] = await ctx.rowsWhere(profiles, "id", id);
    expect(confirmed?.emailVerified).toBe(true);
    await expect(
      newSessionCookie({ email: form.email, password: "my-own-secret" }),
    ).resolves.toBeTruthy();
    // The list now says the account is theirs.
    const list = await runAs(agent, agentApplicants, "/agent");
    expect(list.data).toMatchObject({ items: [{ id, account: "active" }] });
  });

  it("refuses bad input field by field and keeps what was typed", async () => {
    const agent = await newAgent();
    const typed = person({ email: "not-an-address", country: "" });
    const outcome = await runAs(agent, agentRegister.action, "/agent/register", { form: typed });
    expect(outcome.status).toBe(400);
    const result = (outcome.data as { result: { error: Record<string, string[]> } }).result;
    expect(result.error).toMatchObject({
      email: ["register.errors.emailInvalid"],
      country: ["register.errors.countryRequired"],
    });
    expect(result).toMatchObject({ initialValue: { fullName: typed.fullName } });
  });

  it("says an address that has an account cannot be registered, and tells that account's owner", async () => {
    const agent = await newAgent();
    const existing = await createTestUser();
    const outcome = await runAs(agent, agentRegister.action, "/agent/register", {
      form: person({ email: existing.email }),
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      result: { error: { email: ["register.emailTaken"] } },
    });
    expect((await latestMailTo(existing.email))?.subject).toMatch(/tried to create an account/);
    const [row] = await ctx.rowsWhere(profiles, "email", existing.email);
    expect(row?.ownerId).toBeNull();
  });
});

describe("an agent sees only their own applicants", () => {
  it("lists their own, with the latest application's stage and the documents' state", async () => {
    const agent = await newAgent();
    const other = await newAgent();
    const mine = await register(agent);
    const theirs = await register(other);
    await ctx.createTestApplication({ id: mine.id }, { job: { title: "Care worker in Leeds" } });
    await runRoute(agentApplicant.action, await uploadFor(agent, mine.id), { id: mine.id });

    const list = await runAs(agent, agentApplicants, "/agent");
    expect(list.status).toBe(200);
    const items = (list.data as { items: { id: string }[] }).items;
    expect(items.map((i) => i.id)).toEqual([mine.id]);
    expect(items[0]).toMatchObject({
      account: "invited",
      latest: { status: "registration_pending", title: "Care worker in Leeds" },
      documentCounts: { pending: 1, verified: 0, rejected: 0 },
    });
    expect(items.map((i) => i.id)).not.toContain(theirs.id);
  });

  it("answers 404 for another agent's applicant, a staff member's applicant and anyone else, on the page and its form", async () => {
    const agent = await newAgent();
    const other = await newAgent();
    const theirs = await register(other);
    const ownedByStaff = await createTestUser({ office: "Midrand", country: "South Africa" });
    const manager = await createTestUser({ role: "manager", office: "Midrand" });
    await ctx.db
      .update(profiles)
      .set({ ownerId: manager.id })
      .where(eq(profiles.id, ownedByStaff.id));
    const harare = await createTestUser({ office: "Harare" });
    for (const target of [theirs.id, ownedByStaff.id, harare.id, manager.id, other.id, "nobody"]) {
      const page = await runAs(agent, agentApplicant.loader, `/agent/applicants/${target}`, {
        params: { id: target },
      });
      expect({ target, status: page.status }).toEqual({ target, status: 404 });
      const posted = await runRoute(agentApplicant.action, await uploadFor(agent, target), {
        id: target,
      });
      expect({ target, status: posted.status }).toEqual({ target, status: 404 });
    }
    expect(await ctx.rowsWhere(documents, "userId", theirs.id)).toEqual([]);
  });

  it("keeps everyone else out of the agent area", async () => {
    const agent = await newAgent();
    const { id } = await register(agent);
    for (const role of ["job_seeker", "student_applicant", "manager", "admin"] as const) {
      const user = await createTestUser({ role });
      for (const [fn, path] of [
        [agentLayout, "/agent"],
        [agentApplicants, "/agent"],
        [agentRegister.loader, "/agent/register"],
        [agentApplicant.loader, `/agent/applicants/${id}`],
      ] as const) {
        const outcome = await runAs(user, fn, path, { params: { id } });
        expect({ role, path, outcome: [outcome.status, outcome.location] }).toEqual({
          role,
          path,
          outcome: [302, "/dashboard"],
        });
      }
      const posted = await runAs(user, agentRegister.action, "/agent/register", { form: person() });
      expect(posted).toMatchObject({ status: 302, location: "/dashboard" });
    }
  });
});

describe("an agent uploads a document for their applicant", () => {
  it("stores it as the applicant's, through the document rules, audited as the agent's; the applicant sees it", async () => {
    const agent = await newAgent();
    // An applicant with a password of their own, in the agent's care.
    const applicant = await createTestUser({ office: "Midrand", country: "South Africa" });
    await ctx.db.update(profiles).set({ ownerId: agent.id }).where(eq(profiles.id, applicant.id));

    const done = await runRoute(agentApplicant.action, await uploadFor(agent, applicant.id), {
      id: applicant.id,
    });
    expect(done).toMatchObject({ status: 302 });
    expect(done.location).toMatch(/done=uploaded/);
    const [doc] = await ctx.rowsWhere(documents, "userId", applicant.id);
    expect(doc).toMatchObject({ documentType: "cv", status: "pending", fileName: "cv scan.pdf" });
    expect(doc!.storageKey.startsWith(`documents/${applicant.id}/`)).toBe(true);
    expect(await ctx.auditEntries(doc!.id, "document.upload_for_applicant")).toEqual([
      expect.objectContaining({
        actorId: agent.id,
        details: expect.objectContaining({ applicantId: applicant.id }),
      }),
    ]);
    // The agent is not told of their own upload.
    const toAgent = await ctx.mailsTo(agent.email);
    expect(toAgent.map((m) => m.subject)).toEqual(["Confirm your e-mail address for Passage"]);

    const page = await runAs(applicant, dashboardDocuments, "/dashboard/documents");
    expect(JSON.stringify(page.data)).toContain(doc!.id);
    const agentPage = await runAs(
      agent,
      agentApplicant.loader,
      `/agent/applicants/${applicant.id}`,
      {
        params: { id: applicant.id },
      },
    );
    expect(agentPage.data).toMatchObject({
      documents: [{ id: doc!.id, status: "pending", documentType: "cv" }],
    });
  });

  it("refuses what the applicant's own upload would refuse, and the sensitive types", async () => {
    const agent = await newAgent();
    const { id } = await register(agent);
    const exe = requestAs(agent, `/agent/applicants/${id}`, {
      form: {
        documentType: "cv",
        file: new File([new Uint8Array(Buffer.from("MZ hello"))], "x.pdf"),
      },
    });
    const refused = await runRoute(agentApplicant.action, await exe, { id });
    expect(refused).toMatchObject({
      status: 400,
      data: { flash: { message: "errors.wrongType" } },
    });
    const sensitive = await runRoute(
      agentApplicant.action,
      await uploadFor(agent, id, "police_clearance"),
      { id },
    );
    expect(sensitive).toMatchObject({
      status: 400,
      data: { flash: { message: "errors.badDocumentType" } },
    });
    expect(await ctx.rowsWhere(documents, "userId", id)).toEqual([]);
  });
});

describe("an agent is kept out of everything else", () => {
  it("is sent from the applicant dashboard to their own area, and from staff screens to /dashboard", async () => {
    const agent = await newAgent();
    expect(await runAs(agent, dashboardHome, "/dashboard")).toMatchObject({
      status: 302,
      location: "/agent",
    });
    expect(await runAs(agent, dashboardLayout, "/dashboard/documents")).toMatchObject({
      status: 302,
      location: "/agent",
    });
    expect(await runAs(agent, dashboardDocuments, "/dashboard/documents")).toMatchObject({
      status: 302,
      location: "/agent",
    });
    for (const [fn, path] of [
      [adminLayout, "/admin"],
      [adminSettings.loader, "/admin/settings"],
      [adminApplications.loader, "/admin/applications"],
      [adminApplicant.loader, "/admin/applicants/x"],
    ] as const) {
      expect(await runAs(agent, fn, path, { params: { id: "x" } })).toMatchObject({
        status: 302,
        location: "/dashboard",
      });
    }
    // Fee policies are saved through the settings' form.
    expect(
      await runAs(agent, adminSettings.action, "/admin/settings", {
        form: { intent: "fee-policy", office: "Midrand", amount: "0" },
      }),
    ).toMatchObject({ status: 302, location: "/dashboard" });
  });

  it("cannot upload through the applicants' endpoint as if they were one", async () => {
    const agent = await newAgent();
    const response = await fetchAs(app, agent, "/api/documents", {
      form: { documentType: "cv", file: new File([new Uint8Array(PDF)], "cv.pdf") },
    });
    expect(response.status).toBe(403);
    expect(
      await ctx.db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, agent.id))),
    ).toEqual([]);
  });
});
