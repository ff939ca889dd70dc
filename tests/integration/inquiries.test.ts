import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
// One module serves both back-office inboxes; the request's path says which.
import { action as inboxAction, loader as inboxLoader } from "~/app/routes/admin/inquiries";
import { action as contactAction } from "~/app/routes/public/contact";
import { action as outsourcingAction } from "~/app/routes/public/outsourcing";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import {
  auditLog,
  contactInquiries,
  contactInquiryReplies,
  mailOutbox,
  outsourcingInquiries,
  outsourcingInquiryReplies,
} from "~/server/db/schema";
import { deliverDueMail } from "~/server/mail/sender.server";
import {
  createTestUser,
  expectSentToDashboard,
  requestAs,
  runAs,
  runRoute,
  setupTestDatabase,
} from "./harness";
import { setupTestSmtpServer } from "./smtp-test-server";

const ctx = setupTestDatabase();
const smtp = setupTestSmtpServer();

let n = 0;
function contactForm(overrides: Record<string, string> = {}) {
  n++;
  return {
    name: "Farai Dube",
    email: `farai-${n}-${Date.now()}@example.com`,
    phone: "+263 77 111 2222",
    subject: `Visa question ${n}`,
    message: "How long does a Canadian work visa take?",
    website: "",
    ...overrides,
  };
}

/** A visitor sends the contact form; the inquiry it stored. */
async function sendContactForm(form: ReturnType<typeof contactForm>) {
  await runAs(null, contactAction, "/contact", { form });
  const [inquiry] = await ctx.rowsWhere(contactInquiries, "email", form.email);
  return inquiry!;
}

async function contactInquiryById(id: string) {
  const [inquiry] = await ctx.rowsWhere(contactInquiries, "id", id);
  return inquiry!;
}

function repliesTo(inquiryId: string) {
  return ctx.db
    .select()
    .from(contactInquiryReplies)
    .where(eq(contactInquiryReplies.inquiryId, inquiryId));
}

function formErrors(outcome: { data: unknown }) {
  return (outcome.data as { result: { error?: Record<string, string[]> } }).result.error ?? {};
}

describe("contact form", () => {
  it("stores exactly one pending inquiry and queues exactly one e-mail to the agency inbox", async () => {
    const form = contactForm();
    const outcome = await runAs(null, contactAction, "/contact", { form });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({
      intent: "contact",
      sent: { name: "Farai Dube", email: form.email },
    });

    const rows = await ctx.rowsWhere(contactInquiries, "email", form.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Farai Dube",
      phone: "+263 77 111 2222",
      subject: form.subject,
      status: "pending",
    });
    const mails = await ctx.rowsWhere(mailOutbox, "replyTo", form.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: DEFAULT_SITE_SETTINGS.inboxEmail, status: "pending" });
    expect(mails[0]!.text).toContain("How long does a Canadian work visa take?");
  });

  it("refuses missing fields and a malformed e-mail with clear messages, storing nothing", async () => {
    const form = contactForm({ name: "", email: "not-an-email", subject: "", message: " " });
    const outcome = await runAs(null, contactAction, "/contact", { form });
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toMatchObject({
      name: ["errors.nameRequired"],
      email: ["errors.emailInvalid"],
      subject: ["errors.subjectRequired"],
      message: ["errors.messageRequired"],
    });
    const rows = await ctx.rowsWhere(contactInquiries, "email", "not-an-email");
    expect(rows).toHaveLength(0);
  });

  it("pretends to accept a bot that fills the honeypot, but stores nothing", async () => {
    const form = contactForm({ website: "http://spam.example" });
    const outcome = await runAs(null, contactAction, "/contact", { form });
    expect(outcome.data).toMatchObject({ sent: { email: form.email } });
    const rows = await ctx.rowsWhere(contactInquiries, "email", form.email);
    expect(rows).toHaveLength(0);
  });

  it("limits how many messages one address can send", async () => {
    const email = `flood-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const outcome = await runAs(null, contactAction, "/contact", {
        form: contactForm({ email }),
      });
      statuses.push(outcome.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const rows = await ctx.rowsWhere(contactInquiries, "email", email);
    expect(rows).toHaveLength(5);
  });
});

describe("admin contact inquiries", () => {
  it("is closed to applicants", async () => {
    const seeker = await createTestUser();
    await expectSentToDashboard(
      seeker,
      { loader: inboxLoader, action: inboxAction },
      "/admin/inquiries",
      { intent: "status", id: crypto.randomUUID(), status: "closed" },
    );
  });

  it("a reply is stored on the inquiry, moves it to in progress, and reaches the sender by e-mail", async () => {
    const admin = await createTestUser({ role: "admin" });
    const form = contactForm({ subject: "Documents for Poland" });
    const inquiry = await sendContactForm(form);

    const list = await runAs(
      admin,
      inboxLoader,
      `/admin/inquiries?q=${encodeURIComponent(form.email)}`,
    );
    const listed = list.data as { list: { items: { id: string }[] } };
    expect(listed.list.items.map((r) => r.id)).toEqual([inquiry.id]);

    const reply = await runAs(admin, inboxAction, `/admin/inquiries?id=${inquiry.id}`, {
      form: { intent: "reply", id: inquiry.id, body: "You need a police clearance too." },
    });
    // Back to the open inquiry with its confirmation, so a reload does not send the reply again.
    expect(reply).toMatchObject({
      status: 302,
      location: `/admin/inquiries?id=${inquiry.id}&done=replySent`,
    });

    const after = await contactInquiryById(inquiry.id);
    expect(after).toMatchObject({ status: "in_progress", assignedTo: admin.id });
    const replies = await repliesTo(inquiry.id);
    expect(replies.map((r) => r.body)).toEqual(["You need a police clearance too."]);

    smtp.received.length = 0;
    await deliverDueMail();
    const toSender = smtp.received.filter((m) => m.to.includes(form.email));
    expect(toSender).toHaveLength(1);
    expect(toSender[0]!.subject).toBe("Re: Documents for Poland");
    expect(toSender[0]!.body).toContain("You need a police clearance too.");

    const [audit] = await ctx.auditEntries(inquiry.id).orderBy(desc(auditLog.createdAt));
    expect(audit).toMatchObject({ action: "inquiry.reply", actorId: admin.id });
  });

  it("a blank reply is refused and nothing is stored or sent", async () => {
    const manager = await createTestUser({ role: "manager" });
    const form = contactForm();
    const inquiry = await sendContactForm(form);
    const outcome = await runAs(manager, inboxAction, "/admin/inquiries", {
      form: { intent: "reply", id: inquiry.id, body: "   " },
    });
    expect(outcome).toMatchObject({
      status: 400,
      data: { id: inquiry.id, flash: { ok: false, message: "replyRequired" } },
    });
    const replies = await repliesTo(inquiry.id);
    expect(replies).toHaveLength(0);
    const after = await contactInquiryById(inquiry.id);
    expect(after.status).toBe("pending");
  });

  it("a status change records the acting staff member, and resolving stamps resolved_at", async () => {
    const manager = await createTestUser({ role: "manager" });
    const form = contactForm();
    const inquiry = await sendContactForm(form);
    const change = (status: string) =>
      requestAs(manager, "/admin/inquiries", {
        form: { intent: "status", id: inquiry.id, status },
      });

    const resolved = await runRoute(inboxAction, await change("resolved"));
    expect(resolved.data).toMatchObject({
      id: inquiry.id,
      flash: { ok: true, message: "kinds.contact.statusUpdated" },
    });
    let row = await contactInquiryById(inquiry.id);
    expect(row).toMatchObject({ status: "resolved", assignedTo: manager.id });
    expect(row.resolvedAt).toBeInstanceOf(Date);

    await runRoute(inboxAction, await change("in_progress"));
    row = await contactInquiryById(inquiry.id);
    expect(row).toMatchObject({ status: "in_progress", resolvedAt: null });
  });
});

describe("mail delivery problems", () => {
  it("staff see failed e-mail with its error and can queue it again", async () => {
    const admin = await createTestUser({ role: "admin" });
    const [failed] = await ctx.db
      .insert(mailOutbox)
      .values({
        to: "bounce@example.com",
        subject: "Stuck",
        text: "x",
        status: "failed",
        attempts: 8,
        lastError: "Connection refused",
      })
      .returning();
    const view = await runAs(admin, inboxLoader, "/admin/inquiries");
    expect((view.data as { mail: unknown }).mail).toMatchObject({
      failed: 1,
      lastError: "Connection refused",
    });

    const retry = await runAs(admin, inboxAction, "/admin/inquiries", {
      form: { intent: "retry-mail" },
    });
    expect(retry.data).toMatchObject({ flash: { ok: true, message: "mail.requeued", count: 1 } });
    const [row] = await ctx.rowsWhere(mailOutbox, "id", failed!.id);
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    const audits = await ctx.rowsWhere(auditLog, "action", "mail.requeue_failed");
    expect(audits.map((a) => a.actorId)).toEqual([admin.id]);
  });
});

describe("outsourcing quote requests", () => {
  function quoteForm(overrides: Record<string, string | string[]> = {}) {
    return {
      name: "Lerato Khumalo",
      company: `Khumalo Logistics ${Date.now()}-${Math.random()}`,
      email: "lerato@khumalo.example",
      services: ["Virtual Assistants", "Call Centre Solutions"],
      budget: "",
      message: "",
      website: "",
      ...overrides,
    };
  }

  it("stores the request as new and e-mails the agency", async () => {
    const form = quoteForm();
    const outcome = await runAs(null, outsourcingAction, "/outsourcing", { form });
    expect(outcome.data).toMatchObject({
      intent: "outsourcing",
      flash: { ok: true, message: "form.success" },
    });
    const rows = await ctx.rowsWhere(outsourcingInquiries, "company", form.company as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "new",
      services: ["Virtual Assistants", "Call Centre Solutions"],
      budget: null,
    });
    const mails = await ctx.rowsWhere(
      mailOutbox,
      "subject",
      `New outsourcing quote request: ${form.company}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(DEFAULT_SITE_SETTINGS.inboxEmail);
  });

  it("confirms the request to the business by e-mail, with what it asked for", async () => {
    const email = `quote-${Date.now()}@business.example`;
    const form = quoteForm({
      email,
      services: ["BPO & Staff Leasing"],
      budget: "USD 4,000 a month",
      message: "Six agents for a night shift.",
    });
    await runAs(null, outsourcingAction, "/outsourcing", { form });
    const queued = await ctx.rowsWhere(mailOutbox, "to", email);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.replyTo).toBe(DEFAULT_SITE_SETTINGS.contactEmail);
    expect(queued[0]!.subject).toBe(`We received your quote request (${form.company})`);

    smtp.received.length = 0;
    await deliverDueMail();
    const toBusiness = smtp.received.filter((m) => m.to.includes(email));
    expect(toBusiness).toHaveLength(1);
    expect(toBusiness[0]!.subject).toMatch(/^We received your quote request/);
    for (const asked of [
      "Hello Lerato Khumalo",
      form.company as string,
      "BPO & Staff Leasing",
      "USD 4,000 a month",
      "Six agents for a night shift.",
      "within 24 hours",
    ]) {
      expect(toBusiness[0]!.body).toContain(asked);
    }
  });

  it("a staff reply is stored on the request, e-mailed to the business, moves it to in progress and is audited", async () => {
    const manager = await createTestUser({ role: "manager" });
    const email = `reply-${Date.now()}@business.example`;
    const form = quoteForm({ email, message: "Can you start in March?" });
    await runAs(null, outsourcingAction, "/outsourcing", { form });
    const [inquiry] = await ctx.rowsWhere(outsourcingInquiries, "email", email);

    const blank = await runAs(manager, inboxAction, "/admin/outsourcing", {
      form: { intent: "reply", id: inquiry!.id, body: "  " },
    });
    expect(blank.status).toBe(400);

    const reply = await runAs(manager, inboxAction, `/admin/outsourcing?id=${inquiry!.id}`, {
      form: { intent: "reply", id: inquiry!.id, body: "Yes: two assistants from 3 March." },
    });
    expect(reply.location).toBe(`/admin/outsourcing?id=${inquiry!.id}&done=replySent`);

    const replies = await ctx.rowsWhere(outsourcingInquiryReplies, "inquiryId", inquiry!.id);
    expect(replies.map((r) => [r.body, r.authorId])).toEqual([
      ["Yes: two assistants from 3 March.", manager.id],
    ]);
    const [after] = await ctx.rowsWhere(outsourcingInquiries, "id", inquiry!.id);
    expect(after!.status).toBe("in_progress");

    const opened = await runAs(manager, inboxLoader, `/admin/outsourcing?id=${inquiry!.id}`);
    expect((opened.data as { detail: unknown }).detail).toMatchObject({
      company: form.company,
      message: "Can you start in March?",
      replies: [{ body: "Yes: two assistants from 3 March." }],
    });

    smtp.received.length = 0;
    await deliverDueMail();
    const sent = smtp.received.filter(
      (m) => m.to.includes(email) && m.subject.startsWith("Re: Your quote request"),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("Yes: two assistants from 3 March.");
    expect(sent[0]!.body).toContain("Can you start in March?");

    const audits = await ctx.auditEntries(inquiry!.id);
    expect(audits.map((a) => [a.action, a.actorId, a.targetType])).toEqual([
      ["outsourcing_inquiry.reply", manager.id, "outsourcing_inquiry"],
    ]);
  });

  it("refuses a request without any service", async () => {
    const form = quoteForm({ services: [] });
    const outcome = await runAs(null, outsourcingAction, "/outsourcing", { form });
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome).services).toEqual(["errors.servicesRequired"]);
    const rows = await ctx.rowsWhere(outsourcingInquiries, "company", form.company as string);
    expect(rows).toHaveLength(0);
  });

  it("staff find it by company and change its status; applicants cannot", async () => {
    const admin = await createTestUser({ role: "admin" });
    const seeker = await createTestUser();
    const form = quoteForm();
    await runAs(null, outsourcingAction, "/outsourcing", { form });
    const found = await runAs(
      admin,
      inboxLoader,
      `/admin/outsourcing?q=${encodeURIComponent(form.company as string)}`,
    );
    const rows = (found.data as { list: { items: { id: string; status: string }[] } }).list.items;
    expect(rows).toHaveLength(1);

    const denied = await runAs(seeker, inboxAction, "/admin/outsourcing", {
      form: { intent: "status", id: rows[0]!.id, status: "completed" },
    });
    expect(denied.status).toBe(302);

    const changed = await runAs(admin, inboxAction, "/admin/outsourcing", {
      form: { intent: "status", id: rows[0]!.id, status: "in_progress" },
    });
    expect(changed.data).toMatchObject({
      flash: { ok: true, message: "kinds.outsourcing.statusUpdated" },
    });
    const [row] = await ctx.rowsWhere(outsourcingInquiries, "id", rows[0]!.id);
    expect(row!.status).toBe("in_progress");
    const [audit] = await ctx.auditEntries(rows[0]!.id);
    expect(audit).toMatchObject({
      action: "outsourcing_inquiry.status_change",
      actorId: admin.id,
      details: { from: "new", to: "in_progress" },
    });
  });
});
