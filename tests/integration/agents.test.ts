import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as adminApplicant from "~/app/routes/admin/applicant";
import * as adminApplications from "~/app/routes/admin/applications";
import { loader as adminLayout } from "~/app/routes/admin/layout";
import * as adminSettings from "~/app/routes/admin/settings";
import * as adminUsers from "~/app/routes/admin/users";
import * as agentApplicant from "~/app/routes/agent/applicant";
import { loader as agentApplicants } from "~/app/routes/agent/applicants";
import { loader as agentLayout } from "~/app/routes/agent/layout";
import * as agentRegister from "~/app/routes/agent/register";
import { action as resetAction } from "~/app/routes/auth/reset-password";
import { loader as dashboardDocuments } from "~/app/routes/dashboard/documents";
import { loader as dashboardHome } from "~/app/routes/dashboard/home";
import { loader as dashboardLayout } from "~/app/routes/dashboard/layout";
import { auth } from "~/server/auth/auth.server";
import type { BulkSummary } from "~/domain/bulk-actions";
import {
  accounts,
  documents,
  mailOutbox,
  notifications,
  profiles,
  verifications,
} from "~/server/db/schema";
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

// The link of an invitation e-mail, followed through better-auth: where it lands.
async function followLink(mailText: string) {
  const link = mailText.match(/https?:\/\/\S+reset-password\S+/)?.[0];
  const followed = await auth().handler(new Request(link!.replace(/[).,]+$/, "")));
  return new URL(followed.headers.get("location")!, BASE_URL);
}

// As if the last link had been sent `minutes` ago (the resend waits RESEND_INTERVAL_MINUTES).
async function ageLinks(applicantId: string, minutes: number) {
  await ctx.db
    .update(verifications)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(verifications.value, applicantId));
}

const resendAs = (user: TestUser, applicantId: string) =>
  runAs(user, agentApplicant.action, `/agent/applicants/${applicantId}?resend`, {
    form: { intent: "resend" },
    params: { id: applicantId },
  });

const staffResend = (user: TestUser, applicantId: string) =>
  runAs(user, adminApplicant.action, `/admin/applicants/${applicantId}`, {
    form: { intent: "resendInvitation", applicantId },
    params: { id: applicantId },
  });

describe("the invitation, sent again", () => {
  it("is refused within minutes of the last, then sent with a new link that replaces the old one, audited", async () => {
    const agent = await newAgent();
    const { id, form } = await register(agent);
    const first = await latestMailTo(form.email);

    const tooSoon = await resendAs(agent, id);
    expect(tooSoon).toMatchObject({
      status: 429,
      data: { intent: "resend", flash: { ok: false, message: "resend.tooSoon", count: 5 } },
    });
    expect(await ctx.mailsTo(form.email)).toHaveLength(1);
    expect(await ctx.auditEntries(id, "user.resend_invitation")).toEqual([]);

    await ageLinks(id, 6);
    const sent = await resendAs(agent, id);
    expect(sent).toMatchObject({ status: 302 });
    expect(sent.location).toBe(`/agent/applicants/${id}?done=invitationSent`);
    expect(await ctx.auditEntries(id, "user.resend_invitation")).toEqual([
      expect.objectContaining({ actorId: agent.id, targetType: "user" }),
    ]);
    const mails = await ctx.mailsTo(form.email);
    expect(mails).toHaveLength(2);
    const second = await latestMailTo(form.email);
    expect(second!.id).not.toBe(first!.id);
    expect(second!.subject).toBe(first!.subject);
    expect(second!.text).toContain(agent.fullName);

    // The first e-mail's link no longer works; the new one leads to the password form.
    const old = await followLink(first!.text);
    expect(old.searchParams.get("error")).toBe("INVALID_TOKEN");
    const fresh = await followLink(second!.text);
    expect(fresh.pathname).toBe("/auth/reset-password");
    expect(fresh.searchParams.get("token")).toBeTruthy();

    // And again straight away: too soon after this one.
    expect(await resendAs(agent, id)).toMatchObject({ status: 429 });
  });

  it("is refused for an account already confirmed, for another agent's applicant, and for anyone else's", async () => {
    const agent = await newAgent();
    const other = await newAgent();
    // An applicant with a password of their own, in the agent's care.
    const confirmed = await createTestUser({ office: "Midrand", country: "South Africa" });
    await ctx.db.update(profiles).set({ ownerId: agent.id }).where(eq(profiles.id, confirmed.id));
    const refused = await resendAs(agent, confirmed.id);
    expect(refused).toMatchObject({
      status: 409,
      data: { flash: { message: "resend.confirmed" } },
    });
    const invitations = await ctx.mailsTo(confirmed.email);
    expect(invitations.filter((m) => /account is ready/.test(m.subject))).toEqual([]);

    const theirs = await register(other);
    await ageLinks(theirs.id, 60);
    const stranger = await createTestUser({ office: "Midrand", country: "South Africa" });
    for (const target of [theirs.id, stranger.id, other.id, "nobody"]) {
      const outcome = await resendAs(agent, target);
      expect({ target, status: outcome.status }).toEqual({ target, status: 404 });
    }
    expect(await ctx.mailsTo(theirs.form.email)).toHaveLength(1);
    expect(await ctx.auditEntries(theirs.id, "user.resend_invitation")).toEqual([]);
  });

  it("can be sent by staff of the applicant's office, not of another, and not for one in nobody's care", async () => {
    const agent = await newAgent();
    const { id, form } = await register(agent);
    await ageLinks(id, 10);
    const harareManager = await createTestUser({ role: "manager", office: "Harare" });
    expect(await staffResend(harareManager, id)).toMatchObject({
      status: 404,
      data: { flash: { message: "applicant.invitation.notFound" } },
    });
    // Another agent (or an applicant) posting to the staff page is sent away.
    expect(await staffResend(await newAgent(), id)).toMatchObject({
      status: 302,
      location: "/dashboard",
    });
    expect(await ctx.mailsTo(form.email)).toHaveLength(1);

    const manager = await createTestUser({ role: "manager", office: "Midrand" });
    const page = await runAs(manager, adminApplicant.loader, `/admin/applicants/${id}`, {
      params: { id },
    });
    expect(page.data).toMatchObject({
      record: { profile: { ownerId: agent.id, ownerRole: "agent", hasPassword: false } },
    });
    const sent = await staffResend(manager, id);
    expect(sent).toMatchObject({ status: 302 });
    expect(sent.location).toMatch(/done=invitationSent/);
    expect(await ctx.auditEntries(id, "user.resend_invitation")).toEqual([
      expect.objectContaining({ actorId: manager.id }),
    ]);
    const mail = await latestMailTo(form.email);
    // Still the agent's invitation: it names the agent who looks after them.
    expect(mail?.text).toContain(agent.fullName);
    expect(await ctx.mailsTo(form.email)).toHaveLength(2);

    // Someone registered without an agent (no password either way) has no invitation to resend.
    const noAgent = await register(await newAgent());
    await ctx.db.update(profiles).set({ ownerId: null }).where(eq(profiles.id, noAgent.id));
    await ageLinks(noAgent.id, 10);
    expect(await staffResend(manager, noAgent.id)).toMatchObject({ status: 404 });
  });
});

const ownerAs = (user: TestUser, applicantId: string, ownerId: string, version?: number) =>
  runAs(user, adminApplicant.action, `/admin/applicants/${applicantId}`, {
    form: {
      intent: "owner",
      applicantId,
      ownerId,
      ...(version === undefined ? {} : { version: String(version) }),
    },
    params: { id: applicantId },
  });

async function versionOf(id: string) {
  const [row] = await ctx.rowsWhere(profiles, "id", id);
  return row!.version;
}

const listedFor = async (agent: TestUser) =>
  ((await runAs(agent, agentApplicants, "/agent")).data as { items: { id: string }[] }).items.map(
    (i) => i.id,
  );

describe("staff give an applicant to an agent", () => {
  it("from the applicant page, to an agent of the applicant's office: audited, and the agents' lists follow", async () => {
    const manager = await createTestUser({ role: "manager", office: "Midrand" });
    const applicant = await createTestUser({ office: "Midrand", country: "South Africa" });
    const first = await newAgent();
    const second = await newAgent();
    const harareAgent = await createTestUser({ role: "agent", office: "Harare" });

    // The page offers the agents of the applicant's office only.
    const page = await runAs(manager, adminApplicant.loader, `/admin/applicants/${applicant.id}`, {
      params: { id: applicant.id },
    });
    const agents = (page.data as { owners: { agents: { id: string }[] } }).owners.agents.map(
      (a) => a.id,
    );
    expect(agents).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(agents).not.toContain(harareAgent.id);

    const given = await ownerAs(manager, applicant.id, first.id, await versionOf(applicant.id));
    expect(given).toMatchObject({ status: 302 });
    expect(given.location).toMatch(/done=ownerUpdated/);
    expect(await ctx.auditEntries(applicant.id, "user.assign_owner")).toEqual([
      expect.objectContaining({ actorId: manager.id, details: { from: null, to: first.id } }),
    ]);
    expect(await listedFor(first)).toContain(applicant.id);
    expect(
      await runAs(first, agentApplicant.loader, `/agent/applicants/${applicant.id}`, {
        params: { id: applicant.id },
      }),
    ).toMatchObject({ status: 200 });

    // Given to another agent: the first loses them.
    const moved = await ownerAs(manager, applicant.id, second.id, await versionOf(applicant.id));
    expect(moved).toMatchObject({ status: 302 });
    expect(await listedFor(first)).not.toContain(applicant.id);
    expect(await listedFor(second)).toContain(applicant.id);
    expect(
      await runAs(first, agentApplicant.loader, `/agent/applicants/${applicant.id}`, {
        params: { id: applicant.id },
      }),
    ).toMatchObject({ status: 404 });
    expect(await ctx.auditEntries(applicant.id, "user.assign_owner")).toHaveLength(2);
  });

  it("refuses an agent of another office, someone who is neither staff nor agent, and an edit on an older version", async () => {
    const admin = await createTestUser({ role: "admin" });
    const applicant = await createTestUser({ office: "Midrand", country: "South Africa" });
    const harareAgent = await createTestUser({ role: "agent", office: "Harare" });
    const otherApplicant = await createTestUser({ office: "Midrand" });
    const version = await versionOf(applicant.id);

    expect(await ownerAs(admin, applicant.id, harareAgent.id, version)).toMatchObject({
      status: 400,
      data: { flash: { message: "applicant.ownerForm.otherOffice" } },
    });
    expect(await ownerAs(admin, applicant.id, otherApplicant.id, version)).toMatchObject({
      status: 400,
      data: { flash: { message: "applicant.ownerForm.invalid" } },
    });
    expect(await ownerAs(admin, applicant.id, "nobody-at-all", version)).toMatchObject({
      status: 400,
    });
    const [unchanged] = await ctx.rowsWhere(profiles, "id", applicant.id);
    expect(unchanged?.ownerId).toBeNull();
    expect(await ctx.auditEntries(applicant.id, "user.assign_owner")).toEqual([]);
    expect(await listedFor(harareAgent)).not.toContain(applicant.id);

    // A colleague gave them to an agent since the page was opened: refused, with who and what.
    const agent = await newAgent();
    const colleague = await createTestUser({ role: "manager", office: "Midrand" });
    expect(await ownerAs(colleague, applicant.id, agent.id, version)).toMatchObject({
      status: 302,
    });
    const stale = await ownerAs(admin, applicant.id, colleague.id, version);
    expect(stale).toMatchObject({
      status: 409,
      data: {
        intent: "owner",
        flash: {
          message: "stale.refused",
          stale: { by: colleague.fullName, current: agent.fullName },
        },
      },
    });
    const [kept] = await ctx.rowsWhere(profiles, "id", applicant.id);
    expect(kept?.ownerId).toBe(agent.id);
  });

  it("is for staff of the applicant's offices only", async () => {
    const applicant = await createTestUser({ office: "Midrand", country: "South Africa" });
    const agent = await newAgent();
    const harareManager = await createTestUser({ role: "manager", office: "Harare" });
    expect(await ownerAs(harareManager, applicant.id, agent.id)).toMatchObject({
      status: 404,
      data: { flash: { message: "applicant.ownerForm.notFound" } },
    });
    // Agents and applicants may not give anyone to anyone (an agent not even to themselves).
    for (const user of [agent, await createTestUser({ office: "Midrand" })]) {
      expect(await ownerAs(user, applicant.id, agent.id)).toMatchObject({
        status: 302,
        location: "/dashboard",
      });
    }
    const [row] = await ctx.rowsWhere(profiles, "id", applicant.id);
    expect(row?.ownerId).toBeNull();
  });

  it("from the user list's bulk owner: offers the agents, labelled with their office, and gives them only their own office's applicants, audited", async () => {
    const admin = await createTestUser({ role: "admin" });
    const agent = await newAgent();
    const midrand = await createTestUser({ office: "Midrand", country: "South Africa" });
    const harare = await createTestUser({ office: "Harare" });

    const list = await runAs(admin, adminUsers.loader, "/admin/users");
    const offered = (list.data as { agentOwners: { id: string; office: string }[] }).agentOwners;
    expect(offered).toContainEqual(expect.objectContaining({ id: agent.id, office: "Midrand" }));

    const outcome = await runAs(admin, adminUsers.action, "/admin/users", {
      form: {
        intent: "bulk",
        selection: "selected",
        id: [midrand.id, harare.id],
        bulkAction: "owner",
        ownerId: agent.id,
      },
    });
    const { summary } = outcome.data as { summary: BulkSummary };
    expect(summary.changed).toBe(1);
    expect(summary.refused).toEqual([
      expect.objectContaining({ id: harare.id, reason: "agentOtherOffice" }),
    ]);
    expect((await ctx.rowsWhere(profiles, "id", midrand.id))[0]?.ownerId).toBe(agent.id);
    expect((await ctx.rowsWhere(profiles, "id", harare.id))[0]?.ownerId).toBeNull();
    expect(await ctx.auditEntries(midrand.id, "user.assign_owner")).toEqual([
      expect.objectContaining({ actorId: admin.id, details: { from: null, to: agent.id } }),
    ]);
    expect(await ctx.auditEntries(harare.id, "user.assign_owner")).toEqual([]);
    expect(await listedFor(agent)).toContain(midrand.id);
  });
});

describe("an agent is told when staff give them applicants", () => {
  const noticesOf = (agent: TestUser) =>
    ctx.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, agent.id));
  // Besides the e-mail confirmation every new account gets.
  const givenMailsTo = async (user: TestUser) =>
    (await ctx.mailsTo(user.email)).filter((m) => /confié|in your care/.test(m.subject));

  it("once per change, in their language, by notification and e-mail; not when the owner stays the same", async () => {
    const manager = await createTestUser({
      role: "manager",
      office: "Midrand",
      fullName: "Maria Given",
    });
    const agent = await newAgent();
    await ctx.db.update(profiles).set({ preferredLanguage: "fr" }).where(eq(profiles.id, agent.id));
    const applicant = await createTestUser({
      office: "Midrand",
      country: "South Africa",
      fullName: "Thandi Given",
    });

    expect(await ownerAs(manager, applicant.id, agent.id)).toMatchObject({ status: 302 });
    expect(await noticesOf(agent)).toEqual([
      {
        title: "Thandi Given vous est confié",
        body: expect.stringContaining("Maria Given vous a confié Thandi Given"),
        link: `/agent/applicants/${applicant.id}`,
      },
    ]);
    const mails = await givenMailsTo(agent);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Thandi Given vous est confié");
    expect(mails[0]?.text).toContain(`/agent/applicants/${applicant.id}`);

    // Given to them again (the page, then the list): the owner did not change, nobody is told.
    expect(await ownerAs(manager, applicant.id, agent.id)).toMatchObject({ status: 302 });
    const admin = await createTestUser({ role: "admin" });
    await runAs(admin, adminUsers.action, "/admin/users", {
      form: {
        intent: "bulk",
        selection: "selected",
        id: [applicant.id],
        bulkAction: "owner",
        ownerId: agent.id,
      },
    });
    expect(await noticesOf(agent)).toHaveLength(1);
    expect(await givenMailsTo(agent)).toHaveLength(1);

    // Several at once from the list: one notice naming them, linking to their list.
    const others = [
      await createTestUser({ office: "Midrand", fullName: "Anele Bulk" }),
      await createTestUser({ office: "Midrand", fullName: "Bongani Bulk" }),
    ];
    await runAs(admin, adminUsers.action, "/admin/users", {
      form: {
        intent: "bulk",
        selection: "selected",
        id: [applicant.id, ...others.map((o) => o.id)],
        bulkAction: "owner",
        ownerId: agent.id,
      },
    });
    const notices = await noticesOf(agent);
    expect(notices).toHaveLength(2);
    expect(notices).toContainEqual({
      title: "2 candidats vous sont confiés",
      body: expect.stringContaining("Anele Bulk, Bongani Bulk"),
      link: "/agent",
    });
    expect(await givenMailsTo(agent)).toHaveLength(2);

    // Given to staff: the staff member is not told by this (it is the agent's notice).
    await ownerAs(manager, applicant.id, manager.id);
    expect(await givenMailsTo(manager)).toHaveLength(0);
  });
});
