import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applicantAction, loader as applicantLoader } from "~/app/routes/admin/applicant";
import { loader as adminMessagesLoader } from "~/app/routes/admin/messages";
import { action as inboxAction, loader as inboxLoader } from "~/app/routes/dashboard/messages";
import { config, setConfig } from "~/server/config.server";
import {
  auditLog,
  documents,
  mailOutbox,
  messages,
  notifications,
  profiles,
} from "~/server/db/schema";
import { deliverDueMail } from "~/server/mail/sender.server";
import { registerInboundMailEndpoints } from "~/server/messages/inbound-mail.server";
import { countUnreadMessages } from "~/server/messages/unread.server";
import { setupEndpointTests } from "./endpoint-harness";
import { createTestUser, runAs, type TestUser } from "./harness";
import { setupTestSmtpServer } from "./smtp-test-server";

const { ctx, app } = setupEndpointTests([registerInboundMailEndpoints]);
const smtp = setupTestSmtpServer();

const INBOUND = { inboundDomain: "reply.passage.test", inboundSecret: "s".repeat(32) };

async function write(applicant: TestUser, form: Record<string, string>) {
  return runAs(applicant, inboxAction, "/dashboard/messages", {
    form: { intent: "send", ...form },
  });
}

async function answer(staff: TestUser, applicant: TestUser, content: string) {
  return runAs(staff, applicantAction, `/admin/applicants/${applicant.id}`, {
    params: { id: applicant.id },
    form: { intent: "reply", applicantId: applicant.id, content },
  });
}

function threadOf(applicant: TestUser) {
  return ctx.db
    .select()
    .from(messages)
    .where(eq(messages.senderId, applicant.id))
    .orderBy(desc(messages.sentAt));
}

describe("conversations", () => {
  it("an applicant writes to their owner, staff of their office see it waiting and answer in the thread", async () => {
    const owner = await createTestUser({ role: "manager", office: "Harare" });
    const midrand = await createTestUser({ role: "manager", office: "Midrand" });
    const applicant = await createTestUser({ office: "Harare" });
    await ctx.db.update(profiles).set({ ownerId: owner.id }).where(eq(profiles.id, applicant.id));

    // The form names whom it goes to; a message without text is refused and keeps the subject.
    const page = await runAs(applicant, inboxLoader, "/dashboard/messages");
    expect(page.data).toMatchObject({ addressee: { ownerName: owner.fullName } });
    const refused = await write(applicant, { subject: "My passport", content: "  " });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("errors.contentRequired");
    expect(JSON.stringify(refused.data)).toContain("My passport");
    expect(await threadOf(applicant)).toHaveLength(0);

    const sent = await write(applicant, {
      subject: "My passport",
      content: "It expires in May. Should I renew it first?",
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/dashboard/messages?done=sent");
    const [mine] = await threadOf(applicant);
    expect(mine).toMatchObject({ fromApplicant: true, answeredAt: null, subject: "My passport" });
    // Their owner is told, with a link to the conversation.
    const [told] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    expect(told?.link).toBe(`/admin/applicants/${applicant.id}#applicant-messages`);

    // Staff of the applicant's office see the conversation waiting; another office does not.
    const inbox = await runAs(owner, adminMessagesLoader, "/admin/messages");
    const threads = (inbox.data as { threads: { applicantId: string; waiting: number }[] }).threads;
    expect(threads.find((t) => t.applicantId === applicant.id)?.waiting).toBe(1);
    const elsewhere = await runAs(midrand, adminMessagesLoader, "/admin/messages");
    const theirs = (elsewhere.data as { threads: { applicantId: string }[] }).threads;
    expect(theirs.some((t) => t.applicantId === applicant.id)).toBe(false);
    expect((await answer(midrand, applicant, "Not mine to answer")).status).toBe(404);

    // The owner answers in the thread: audited, the applicant's message answered, their inbox
    // has it unread, and its e-mail replies to their office (inbound mail is not set up here).
    const answered = await answer(owner, applicant, "Yes, please renew it first.");
    expect(answered.status).toBe(302);
    expect(answered.location).toContain("done=replySent");
    const [reply] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, owner.id), eq(messages.recipientId, applicant.id)));
    expect(reply).toMatchObject({ subject: "Re: My passport", threadId: mine!.threadId });
    const [after] = await threadOf(applicant);
    expect(after!.answeredAt).not.toBeNull();
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "message.reply"), eq(auditLog.targetId, reply!.id)));
    expect(audit?.actorId).toBe(owner.id);
    expect(await countUnreadMessages(applicant.id)).toBe(1);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, applicant.email))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail?.replyTo).toBe("harare@passage.example");

    // The applicant replies to it from the dashboard; the thread shows both, with who wrote.
    const back = await runAs(applicant, inboxAction, "/dashboard/messages", {
      form: { intent: "reply", replyTo: reply!.id, content: "Thank you, I will." },
    });
    expect(back.location).toBe(`/dashboard/messages?id=${reply!.id}&done=sent`);
    const detail = await runAs(applicant, inboxLoader, `/dashboard/messages?id=${reply!.id}`);
    const conversation = (
      detail.data as { thread: { content: string; senderName: string | null }[] }
    ).thread;
    expect(conversation.map((m) => m.content)).toEqual([
      "It expires in May. Should I renew it first?",
      "Yes, please renew it first.",
      "Thank you, I will.",
    ]);
    expect(conversation[1]!.senderName).toBe(owner.fullName);

    // Someone else's message cannot be replied to.
    const stranger = await createTestUser();
    const forged = await runAs(stranger, inboxAction, "/dashboard/messages", {
      form: { intent: "reply", replyTo: reply!.id, content: "Hello" },
    });
    expect(forged.status).toBe(404);
  });
});

describe("attachments", () => {
  async function documentOf(user: TestUser, fileName: string) {
    const [doc] = await ctx.db
      .insert(documents)
      .values({
        userId: user.id,
        documentType: "passport",
        fileName,
        fileSize: 100,
        contentType: "application/pdf",
        storageKey: `documents/${user.id}/${crypto.randomUUID()}`,
      })
      .returning({ id: documents.id });
    return doc!.id;
  }

  it("a message carries one of the applicant's own documents, never someone else's", async () => {
    const applicant = await createTestUser({ office: "Harare" });
    const other = await createTestUser({ office: "Harare" });
    const mine = await documentOf(applicant, "passport-scan.pdf");
    const theirs = await documentOf(other, "not-yours.pdf");

    const page = await runAs(applicant, inboxLoader, "/dashboard/messages");
    const offered = (page.data as { attachable: { id: string; fileName: string }[] }).attachable;
    expect(offered.map((d) => d.id)).toEqual([mine]);

    const refused = await write(applicant, {
      subject: "Passport",
      content: "Here it is.",
      documentId: theirs,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("errors.attachmentNotFound");
    expect(await threadOf(applicant)).toHaveLength(0);

    expect(
      (await write(applicant, { subject: "Passport", content: "Here it is.", documentId: mine }))
        .status,
    ).toBe(302);
    const [sent] = await threadOf(applicant);
    expect(sent!.documentId).toBe(mine);
    const staff = await createTestUser({ role: "manager", office: "Harare" });
    const record = await runAs(staff, applicantLoader, `/admin/applicants/${applicant.id}`, {
      params: { id: applicant.id },
    });
    const thread = (record.data as { record: { messages: { documentName: string | null }[] } })
      .record.messages;
    expect(thread.map((m) => m.documentName)).toEqual(["passport-scan.pdf"]);
  });
});

describe("replies by e-mail", () => {
  let saved: ReturnType<typeof config>;
  beforeAll(() => {
    saved = config();
    setConfig({ ...saved, mail: { ...saved.mail, ...INBOUND } });
  });
  afterAll(() => setConfig(saved));

  function post(body: unknown, secret = INBOUND.inboundSecret) {
    return app.request("/webhooks/inbound-mail", {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  it("an inbound reply lands in its thread; a forged address or another sender does not", async () => {
    const staff = await createTestUser({ role: "manager", office: "Harare" });
    const applicant = await createTestUser({ office: "Harare" });
    const first = await runAs(staff, applicantAction, `/admin/applicants/${applicant.id}`, {
      params: { id: applicant.id },
      form: { intent: "reply", applicantId: applicant.id, content: "Your interview is on Monday." },
    });
    // A conversation staff start needs a subject.
    expect(JSON.stringify(first.data)).toContain("errors.subjectRequired");
    const started = await runAs(staff, applicantAction, `/admin/applicants/${applicant.id}`, {
      params: { id: applicant.id },
      form: {
        intent: "reply",
        applicantId: applicant.id,
        subject: "Your interview",
        content: "Your interview is on Monday.",
      },
    });
    expect(started.status).toBe(302);

    // The e-mail as a mail server receives it carries the thread's Reply-To.
    await deliverDueMail();
    // (Their account's own e-mails carry none.)
    const received = smtp.received.find(
      (m) => m.to.includes(applicant.email) && /^Reply-To:/im.test(m.raw),
    );
    const headers = received!.raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
    const replyTo = /^Reply-To: (.+)$/im.exec(headers)?.[1]?.trim() ?? "";
    expect(replyTo).toMatch(/^reply\+[0-9a-f]{32}\.[0-9a-f]{20}@reply\.passage\.test$/);
    // It quotes the message and says a reply by e-mail reaches the conversation.
    expect(received!.body).toContain("Your interview is on Monday.");
    expect(received!.body).toContain("You can answer by replying to this e-mail");

    const text = [
      "Monday is fine, thank you.",
      "",
      "On Mon, 30 Nov 2026 at 09:00, Passage <no-reply@passage.example> wrote:",
      "> Your interview is on Monday.",
    ].join("\r\n");
    const from = `${applicant.fullName} <${applicant.email.toUpperCase()}>`;
    const subject = "Re: Your interview";

    // Refused: a wrong secret, a forged signature, someone else's address as sender.
    expect((await post({ to: replyTo, from, subject, text }, "x".repeat(32))).status).toBe(401);
    const forged = replyTo.replace(/\.([0-9a-f])/, (_, c: string) => `.${c === "0" ? "1" : "0"}`);
    expect((await post({ to: forged, from, subject, text })).status).toBe(404);
    expect((await post({ to: replyTo, from: "someone@else.example", subject, text })).status).toBe(
      403,
    );
    expect(await threadOf(applicant)).toHaveLength(0);

    const landed = await post({ to: [`Passage <${replyTo}>`], from, subject, text });
    expect(landed.status).toBe(200);
    // The provider's retry of the same reply is answered alike and lands once.
    const again = await post({ to: [`Passage <${replyTo}>`], from, subject, text });
    expect(await again.json()).toEqual(await landed.json());
    expect(await threadOf(applicant)).toHaveLength(1);
    const [reply] = await threadOf(applicant);
    expect(reply).toMatchObject({
      content: "Monday is fine, thank you.",
      subject: "Re: Your interview",
      fromApplicant: true,
      viaEmail: true,
      answeredAt: null,
    });
    const [staffMessage] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.recipientId, applicant.id));
    expect(reply!.threadId).toBe(staffMessage!.threadId);
  });

  it("is not there when inbound mail is not set up", async () => {
    setConfig({ ...saved, mail: { ...saved.mail, inboundSecret: undefined } });
    try {
      expect((await post({ to: "x", from: "y", text: "z" })).status).toBe(404);
    } finally {
      setConfig({ ...saved, mail: { ...saved.mail, ...INBOUND } });
    }
  });
});
