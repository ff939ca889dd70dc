import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addApplicationNote } from "~/server/applications/notes.server";
import { scheduleInterview } from "~/server/applications/staff.server";
import {
  applicationNotes,
  auditLog,
  documents,
  jobApplications,
  messages,
  payments,
  profiles,
  staffTodos,
} from "~/server/db/schema";
import { submitContactInquiry } from "~/server/inquiries/receive.server";
import { sendMessage } from "~/server/messages/messages.server";
import { createTestUser, sessionCookie, type TestUser } from "~/tests/integration/harness";
import { documentUpload, formPost, send, setupHostileApp, url } from "./app";
import { multipart, PDF } from "./files";

// A manager whose only office is Midrand, against real Harare rows (decision record 23): every
// page, data response, download and form that could reach a Harare applicant's application,
// document, payment, message, note or interview answers as if it did not exist, and shows none of
// it; the same manager reaches the same kind of Midrand rows, so the test can tell the difference.
const ctx = setupHostileApp();
const ORIGIN = new URL(url("/")).origin;

/** One applicant's rows, and the strings that would show them on a page. */
type Rows = {
  person: TestUser;
  app: string;
  doc: string;
  payment: string;
  traces: string[];
};

let midrand: TestUser; // a manager of Midrand only
let admin: TestUser;
let harare: Rows;
let own: Rows; // Midrand's

/** An applicant of `office` with an application, a document, a payment, a message, a note, an
 * interview and a contact inquiry, each carrying a word found nowhere else. */
async function applicantWithRows(office: "Harare" | "Midrand"): Promise<Rows> {
  const tag = crypto.randomBytes(4).toString("hex");
  const person = await createTestUser({
    fullName: `${office === "Harare" ? "Rudo" : "Thabo"} Rows${tag}`,
    country: office === "Harare" ? "Zimbabwe" : "South Africa",
    office,
  });
  const phone = `+263 77 ${tag.slice(0, 3)} ${tag.slice(3, 7)}`;
  await ctx.db.update(profiles).set({ phoneNumber: phone }).where(eq(profiles.id, person.id));
  const app = await ctx.createTestApplication(person);

  const form = multipart([
    { name: "documentType", value: "passport" },
    { name: "file", file: { name: `passport-${tag}.pdf`, bytes: PDF, type: "application/pdf" } },
  ]);
  const uploaded = await send(
    ctx.app,
    documentUpload(form, { cookie: await sessionCookie(person), origin: ORIGIN }),
  );
  expect(uploaded.status).toBe(201);
  const [doc] = await ctx.db.select().from(documents).where(eq(documents.userId, person.id));

  const reference = `REF${tag}`;
  const [payment] = await ctx.db
    .insert(payments)
    .values({
      userId: person.id,
      amountMinor: 9900,
      currency: "USD",
      paymentMethod: "manual",
      provider: "manual",
      paymentReference: reference,
      status: "completed",
      paymentDate: new Date(),
      receiptNumber: `PSG-${tag}`,
    })
    .returning({ id: payments.id });
  // A refund to-do a refund rule's outcome opened for that payment.
  await ctx.db.insert(staffTodos).values({
    kind: "refund",
    userId: person.id,
    applicationId: app,
    paymentId: payment!.id,
    outcome: "status:visa_refused",
  });
  await sendMessage({
    actor: admin,
    input: {
      recipientType: "individual",
      recipientId: person.id,
      subject: `Papers ${tag}`,
      content: `Bring your papers ${tag}`,
      attachmentUrl: undefined,
    },
  });
  await addApplicationNote({ actor: admin, applicationId: app, body: `Note ${tag}` });
  await scheduleInterview({
    actor: admin,
    applicationId: app,
    interviewDate: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
    interviewLocation: `Room ${tag}`,
  });
  await submitContactInquiry({
    inquiry: {
      name: person.fullName,
      email: person.email,
      phone,
      subject: `Question ${tag}`,
      message: `About my papers ${tag}`,
    },
  });
  return {
    person,
    app,
    doc: doc!.id,
    payment: payment!.id,
    traces: [person.fullName, person.email, phone, tag, app, doc!.id, payment!.id],
  };
}

beforeAll(async () => {
  midrand = await createTestUser({ role: "manager", office: "Midrand" });
  admin = await createTestUser({ role: "admin" });
  harare = await applicantWithRows("Harare");
  own = await applicantWithRows("Midrand");
});

function asMidrand(path: string, init: RequestInit = {}) {
  return sessionCookie(midrand).then((cookie) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", cookie);
    return send(ctx.app, new Request(url(path), { ...init, headers, redirect: "manual" }));
  });
}

/** A page's `.data` address (its single-fetch data), keeping the query. */
function dataPath(path: string) {
  const [pathname, query] = path.split("?");
  return `${pathname!.replace(/\/$/, "")}.data${query ? `?${query}` : ""}`;
}

/** The traces of `rows` that the body holds. */
const leaked = (body: string, rows: Rows, asked = "") =>
  rows.traces.filter((t) => !asked.includes(t) && body.includes(t));

/** What the manager reads: pages (and their data), downloads; `shows`: a row of theirs is in it. */
const READS: { path: (r: Rows) => string; shows: boolean; data?: boolean }[] = [
  { path: () => "/admin", shows: true, data: true },
  { path: () => "/admin/dashboard", shows: true, data: true },
  { path: () => "/admin/applications?owner=all", shows: true, data: true },
  { path: (r) => `/admin/applications?owner=all&q=${r.person.email}`, shows: true, data: true },
  { path: (r) => `/admin/applications?owner=all&view=${r.app}`, shows: true, data: true },
  { path: (r) => `/admin/applications?owner=all&schedule=${r.app}`, shows: true, data: true },
  { path: () => "/admin/pipeline", shows: true, data: true },
  { path: () => "/admin/payments", shows: true, data: true },
  { path: (r) => `/admin/payments?q=${r.traces[3]}`, shows: true, data: true },
  { path: () => "/admin/messages", shows: false, data: true },
  { path: () => "/admin/interviews", shows: false, data: true },
  { path: () => "/admin/activity", shows: true, data: true },
  { path: () => "/admin/todos", shows: true, data: true },
  { path: (r) => `/admin/applicants/${r.person.id}`, shows: true, data: true },
  {
    path: (r) => `/admin/search?q=${r.person.fullName}`,
    shows: true,
    data: true,
  },
  { path: (r) => `/admin/search?q=${r.person.email}`, shows: true, data: true },
  { path: () => "/exports/applications.csv", shows: true },
  { path: () => "/exports/payments.csv", shows: true },
  { path: (r) => `/receipts/${r.payment}`, shows: true, data: true },
];

describe("a manager of Midrand only", () => {
  it("reads none of a Harare applicant's rows, on any page, data response or download", async () => {
    const wrong: unknown[] = [];
    const missing: unknown[] = [];
    for (const read of READS) {
      for (const path of [read.path(harare), ...(read.data ? [dataPath(read.path(harare))] : [])]) {
        const response = await asMidrand(path);
        const body = await response.text();
        const found = leaked(body, harare, path);
        if (response.status >= 500 || found.length) {
          // Where the first trace shows, to tell which part of the page gave it away.
          const at = found.length ? body.indexOf(found[0]!) : 0;
          const near = body.slice(Math.max(0, at - 200), at + 60);
          wrong.push({ path, status: response.status, found, near });
        }
      }
      if (read.shows) {
        const path = read.path(own);
        const body = await (await asMidrand(path)).text();
        if (!body.includes(own.person.fullName) && !body.includes(own.traces[3]!))
          missing.push(path);
      }
    }
    expect(wrong).toEqual([]);
    expect(missing).toEqual([]);

    // Files by id: another office's is not found, their own office's opens.
    for (const [path, ownPath] of [
      [`/files/documents/${harare.doc}`, `/files/documents/${own.doc}`],
      [`/receipts/${harare.payment}/pdf`, `/receipts/${own.payment}/pdf`],
      [`/receipts/${harare.payment}`, `/receipts/${own.payment}`],
    ] as const) {
      const theirs = await asMidrand(path);
      expect({ path, status: theirs.status }).toEqual({ path, status: 404 });
      await theirs.body?.cancel();
      const mine = await asMidrand(ownPath);
      expect({ ownPath, status: mine.status }).toEqual({ ownPath, status: 200 });
      await mine.body?.cancel();
    }
    // A certified copy of another office's document is not found either; their own office's, not
    // verified yet, is refused as such.
    for (const [doc, status] of [
      [harare.doc, 404],
      [own.doc, 409],
    ] as const) {
      const copy = await asMidrand(`/files/documents/${doc}/certified-copy`, {
        method: "POST",
        headers: { origin: ORIGIN },
      });
      expect({ doc, status: copy.status }).toEqual({ doc, status });
      await copy.body?.cancel();
    }
  });

  it("changes none of them: every form is refused and nothing is written", async () => {
    const snapshot = async (r: Rows) => ({
      application: (
        await ctx.db.select().from(jobApplications).where(eq(jobApplications.id, r.app))
      )[0],
      document: (await ctx.db.select().from(documents).where(eq(documents.id, r.doc)))[0],
      payment: (await ctx.db.select().from(payments).where(eq(payments.id, r.payment)))[0],
      notes: (
        await ctx.db
          .select({ id: applicationNotes.id })
          .from(applicationNotes)
          .where(eq(applicationNotes.applicationId, r.app))
      ).length,
      messages: (
        await ctx.db
          .select({ id: messages.id })
          .from(messages)
          .where(eq(messages.recipientId, r.person.id))
      ).length,
      auditByManager: (await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, midrand.id)))
        .length,
    });
    const forms = (r: Rows): [string, Record<string, string>][] => [
      ["/admin/applications", { intent: "status", applicationId: r.app, status: "offer_received" }],
      ["/admin/applications", { intent: "comments", applicationId: r.app, adminComments: "peek" }],
      [
        "/admin/applications",
        {
          intent: "departure",
          applicationId: r.app,
          departureDate: "2031-01-02",
          departureDetails: "peek",
        },
      ],
      ["/admin/applications", { intent: "note", applicationId: r.app, body: "peek" }],
      [
        "/admin/applications",
        {
          intent: "schedule",
          applicationId: r.app,
          interviewAt: "2031-01-02T10:00",
          interviewLocation: "peek",
        },
      ],
      ["/admin/applications", { intent: "review", documentId: r.doc, decision: "verify" }],
      [
        `/admin/applicants/${r.person.id}`,
        { intent: "review", documentId: r.doc, decision: "verify" },
      ],
      [
        `/admin/applicants/${r.person.id}`,
        { intent: "status", applicationId: r.app, status: "offer_received" },
      ],
      [
        `/admin/applicants/${r.person.id}`,
        { intent: "owner", applicantId: r.person.id, ownerId: midrand.id },
      ],
      [
        `/admin/applicants/${r.person.id}`,
        { intent: "resendInvitation", applicantId: r.person.id },
      ],
      [
        `/admin/applicants/${r.person.id}`,
        {
          intent: "taskCreate",
          applicantId: r.person.id,
          kind: "answer",
          title: "peek",
          instructions: "peek",
          dueOn: "2031-01-02",
        },
      ],
      [
        "/admin/applications",
        {
          intent: "bulk",
          selection: "selected",
          id: r.app,
          bulkAction: "status",
          toStatus: "offer_received",
        },
      ],
      [
        "/admin/applications",
        {
          intent: "bulk",
          selection: "selected",
          id: r.app,
          bulkAction: "message",
          subject: "peek",
          content: "peek",
        },
      ],
      [
        "/admin/applications",
        {
          intent: "bulk",
          selection: "selected",
          id: r.app,
          bulkAction: "owner",
          ownerId: midrand.id,
        },
      ],
      [
        "/admin/messages",
        { recipientType: "individual", recipientId: r.person.id, subject: "peek", content: "peek" },
      ],
      ["/admin/payments", { paymentId: r.payment, reason: "peek at it" }],
    ];

    const before = await snapshot(harare);
    const wrong: unknown[] = [];
    const cookie = await sessionCookie(midrand);
    for (const [path, fields] of forms(harare)) {
      for (const target of [path, dataPath(path)]) {
        const response = await send(ctx.app, formPost(target, fields, { cookie }));
        const body = await response.text();
        const found = leaked(body, harare);
        // A refusal (4xx), or the guard sending them to their dashboard; never a success.
        const refused =
          (response.status >= 400 && response.status < 500) ||
          (response.status === 302 && response.headers.get("location") === "/dashboard") ||
          (response.status === 202 && body.includes('"redirect","/dashboard'));
        if (!refused || found.length)
          wrong.push({ target, intent: fields.intent, status: response.status, found });
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(harare)).toEqual(before);

    // The same forms on their own office's rows do change them (payments' refund is an admin's).
    const mine = await snapshot(own);
    for (const [path, fields] of forms(own).slice(1, 4)) {
      const response = await send(ctx.app, formPost(path, fields, { cookie }));
      expect({ intent: fields.intent, status: response.status }).toEqual({
        intent: fields.intent,
        status: 302,
      });
      await response.body?.cancel();
    }
    const after = await snapshot(own);
    expect(after.application!.adminComments).toBe("peek");
    expect(after.notes).toBe(mine.notes + 1);
    expect(after.auditByManager).toBeGreaterThan(mine.auditByManager);
  });
});

describe("an agent of Midrand", () => {
  // Against the production build: an agent reads and changes nothing but the applicants they own.
  // Harare's applicant is another office's; Midrand's is their own office's but not theirs.
  it("reads no applicant but their own, on any staff or agent page, data response or download", async () => {
    const agent = await createTestUser({ role: "agent", office: "Midrand" });
    const mine = await createTestUser({ fullName: "Sibusiso Own", office: "Midrand" });
    await ctx.db.update(profiles).set({ ownerId: agent.id }).where(eq(profiles.id, mine.id));
    const cookie = await sessionCookie(agent);
    const as = (path: string, init: RequestInit = {}) =>
      send(
        ctx.app,
        new Request(url(path), {
          ...init,
          headers: { cookie, origin: ORIGIN, ...(init.headers as Record<string, string>) },
          redirect: "manual",
        }),
      );
    const wrong: unknown[] = [];
    for (const rows of [harare, own]) {
      const paths = [
        ...READS.map((read) => read.path(rows)),
        `/agent/applicants/${rows.person.id}`,
        `/files/documents/${rows.doc}`,
        `/receipts/${rows.payment}/pdf`,
        "/agent",
      ];
      for (const path of paths.flatMap((p) => (p.startsWith("/files") ? [p] : [p, dataPath(p)]))) {
        const response = await as(path);
        const body = await response.text();
        const found = leaked(body, rows, path);
        const location = response.headers.get("location") ?? "";
        const refused =
          response.status === 404 ||
          response.status === 403 ||
          (response.status === 302 && location === "/dashboard") ||
          (response.status === 202 && body.includes('"redirect","/dashboard')) ||
          (path.startsWith("/agent") && path.split("/").length === 2) ||
          path === "/agent.data";
        if (!refused || found.length) wrong.push({ path, status: response.status, found });
      }
      // Their documents cannot be added to, either.
      const form = multipart([
        { name: "documentType", value: "cv" },
        { name: "file", file: { name: "cv.pdf", bytes: PDF, type: "application/pdf" } },
      ]);
      const posted = await as(`/agent/applicants/${rows.person.id}`, {
        method: "POST",
        headers: { "content-type": form.contentType },
        body: form.body,
      });
      expect({ person: rows.person.id, status: posted.status }).toEqual({
        person: rows.person.id,
        status: 404,
      });
      await posted.body?.cancel();
      // Nor their invitation sent again.
      const resent = await as(`/agent/applicants/${rows.person.id}?resend`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "intent=resend",
      });
      expect({ person: rows.person.id, status: resent.status }).toEqual({
        person: rows.person.id,
        status: 404,
      });
      await resent.body?.cancel();
    }
    expect(wrong).toEqual([]);
    const docs = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.userId, harare.person.id));
    expect(docs.length).toBe(1);

    // Their own applicant opens.
    const page = await as(`/agent/applicants/${mine.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sibusiso Own");
  });
});
