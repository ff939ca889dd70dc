import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applicantAction, loader as applicantLoader } from "~/app/routes/admin/applicant";
import { loader as adminDashboardLoader } from "~/app/routes/admin/dashboard";
import type { DashboardQueues } from "~/app/routes/admin/dashboard-queues";
import { loader as adminMessagesLoader } from "~/app/routes/admin/messages";
import { action as inboxAction, loader as inboxLoader } from "~/app/routes/dashboard/messages";
import { MAX_DOCUMENT_BYTES } from "~/domain/documents";
import type { Page } from "~/domain/pagination";
import { config, setConfig } from "~/server/config.server";
import {
  auditLog,
  documents,
  mailOutbox,
  messages,
  messageThreads,
  notifications,
  profiles,
} from "~/server/db/schema";
import { deliverDueMail } from "~/server/mail/sender.server";
import { registerInboundMailEndpoints } from "~/server/messages/inbound-mail.server";
import { THREADS_PAGE_SIZE } from "~/server/messages/threads.server";
import { countUnreadMessages } from "~/server/messages/unread.server";
import { setupEndpointTests } from "./endpoint-harness";
import { createTestUser, runAs, type TestUser } from "./harness";
import { setupTestSmtpServer } from "./smtp-test-server";

const { ctx, app } = setupEndpointTests([registerInboundMailEndpoints], { uploads: true });
const smtp = setupTestSmtpServer();

const INBOUND = { inboundDomain: "reply.passage.test", inboundSecret: "s".repeat(32) };

async function write(applicant: TestUser, form: Record<string, string | Blob>) {
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

type ThreadsPage = {
  threads: Page<{ id: string; applicantId: string; waiting: number; waitingSince: Date | null }>;
  waiting: number;
};

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
    const threads = (inbox.data as ThreadsPage).threads.items;
    expect(threads.find((t) => t.applicantId === applicant.id)?.waiting).toBe(1);
    const elsewhere = await runAs(midrand, adminMessagesLoader, "/admin/messages");
    const theirs = (elsewhere.data as ThreadsPage).threads.items;
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

describe("the staff conversations list", () => {
  // Applicants straight in the tables (no sign-in needed), each with a conversation: Harare's
  // more than a page, three of them waiting; Midrand's two, both waiting.
  const HOUR = 3_600_000;
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
  let harare: TestUser; // Harare only
  let midrand: TestUser; // Midrand only
  let admin: TestUser;
  const harareIds: string[] = [];
  const midrandIds: string[] = [];
  const HARARE_THREADS = THREADS_PAGE_SIZE + 3;

  async function applicantWithThread(office: string, n: number, waitingSince: Date | null) {
    const id = crypto.randomUUID();
    await ctx.db.insert(profiles).values({
      id,
      fullName: `Paged ${office} ${n}`,
      email: `paged-${id}@test.passage`,
      office,
    });
    const [thread] = await ctx.db
      .insert(messageThreads)
      .values({ applicantId: id, lastMessageAt: waitingSince ?? ago(100 + n) })
      .returning({ id: messageThreads.id });
    await ctx.db.insert(messages).values({
      subject: `Question ${n}`,
      content: "When is my interview?",
      senderId: id,
      threadId: thread!.id,
      fromApplicant: true,
      sentAt: waitingSince ?? ago(100 + n),
      answeredAt: waitingSince ? null : ago(99),
    });
    return id;
  }

  async function threadsOf(user: TestUser, search = "") {
    const out = await runAs(user, adminMessagesLoader, `/admin/messages${search}`);
    expect(out.status).toBe(200);
    return out.data as ThreadsPage;
  }

  async function everyPage(user: TestUser, search: string) {
    const first = await threadsOf(user, `?${search}`);
    const items = [...first.threads.items];
    for (let p = 2; p <= first.threads.pageCount!; p++) {
      items.push(...(await threadsOf(user, `?${search}&threadsPage=${p}`)).threads.items);
    }
    return { first, items };
  }

  beforeAll(async () => {
    harare = await createTestUser({ role: "manager", office: "Harare" });
    midrand = await createTestUser({ role: "manager", office: "Midrand" });
    admin = await createTestUser({ role: "admin" });
    for (let n = 0; n < HARARE_THREADS; n++) {
      const waiting = n < 3 ? ago(30 - n * 10) : null; // 30, 20 and 10 hours
      harareIds.push(await applicantWithThread("Harare", n, waiting));
    }
    midrandIds.push(await applicantWithThread("Midrand", 0, ago(5)));
    midrandIds.push(await applicantWithThread("Midrand", 1, ago(50)));
  });

  it("pages through the viewer's offices' conversations only, the total what the pages hold", async () => {
    const { first, items } = await everyPage(harare, "");
    expect(first.threads.items).toHaveLength(THREADS_PAGE_SIZE);
    expect(first.threads.pageCount).toBeGreaterThanOrEqual(2);
    const ids = items.map((t) => t.applicantId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(first.threads.total);
    expect(ids).toEqual(expect.arrayContaining(harareIds));
    expect(ids.some((id) => midrandIds.includes(id))).toBe(false);
    // Those waiting first.
    const waitingFlags = items.map((t) => t.waiting > 0);
    expect(waitingFlags).toEqual([...waitingFlags].sort((a, b) => Number(b) - Number(a)));
    // A page past the end is the last page.
    const far = await threadsOf(harare, "?threadsPage=999");
    expect(far.threads.page).toBe(first.threads.pageCount);

    // A Midrand manager never sees Harare's, even asking for Harare.
    for (const search of ["", "office=Harare", "office=Harare&threads=waiting"]) {
      const theirs = (await everyPage(midrand, search)).items.map((t) => t.applicantId);
      expect(theirs).toEqual(expect.arrayContaining(midrandIds));
      expect(theirs.some((id) => harareIds.includes(id))).toBe(false);
    }
    // An admin sees both offices, or the one asked for.
    const both = (await everyPage(admin, "")).items.map((t) => t.applicantId);
    expect(both).toEqual(expect.arrayContaining([...harareIds, ...midrandIds]));
    const one = (await everyPage(admin, "office=Midrand")).items.map((t) => t.applicantId);
    expect(one).toEqual(expect.arrayContaining(midrandIds));
    expect(one.some((id) => harareIds.includes(id))).toBe(false);
  });

  it("waiting for a reply: the filter, its count and the dashboard's queue agree, the longest waiting first", async () => {
    const queueOf = async (user: TestUser) =>
      ((await runAs(user, adminDashboardLoader, "/admin")).data as { queues: DashboardQueues })
        .queues.replies;
    const check = async (user: TestUser) => {
      const { first, items } = await everyPage(user, "threads=waiting");
      expect(items.every((t) => t.waiting > 0)).toBe(true);
      const since = items.map((t) => new Date(t.waitingSince!).getTime());
      expect(since).toEqual([...since].sort((a, b) => a - b));
      expect(first.threads.total).toBe(items.length);
      expect(first.waiting).toBe(items.length);
      const queue = await queueOf(user);
      expect(queue.count).toBe(items.length);
      expect(queue.items.map((q) => q.id)).toEqual(items.slice(0, 5).map((t) => t.id));
      return items.map((t) => t.applicantId);
    };
    const harareWaiting = await check(harare);
    expect(harareWaiting).toEqual(expect.arrayContaining(harareIds.slice(0, 3)));
    expect(harareWaiting.some((id) => harareIds.slice(3).includes(id))).toBe(false);
    expect(harareWaiting.some((id) => midrandIds.includes(id))).toBe(false);
    // Midrand's: the one waiting 50 hours before the one waiting 5.
    const midrandWaiting = await check(midrand);
    expect(midrandWaiting.filter((id) => midrandIds.includes(id))).toEqual([
      midrandIds[1],
      midrandIds[0],
    ]);
    expect(midrandWaiting.some((id) => harareIds.includes(id))).toBe(false);
    await check(admin);

    // An answer takes the conversation out of the filter and the queue.
    const before = (await queueOf(harare)).count;
    const waited = { id: harareIds[0]! } as TestUser;
    expect((await answer(harare, waited, "Next Tuesday at ten.")).status).toBe(302);
    expect((await queueOf(harare)).count).toBe(before - 1);
    expect(await check(harare)).not.toContain(harareIds[0]);
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

describe("a new file sent with a message", () => {
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");
  const file = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name);

  function documentsOf(user: TestUser) {
    return ctx.db.select().from(documents).where(eq(documents.userId, user.id));
  }
  function filesOf(user: TestUser) {
    const dir = path.join(ctx.dataDir, "uploads", "documents", user.id);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }
  /** What the form shows under each field, and the text it gives back. */
  function formAnswer(outcome: { data: unknown }) {
    return (
      outcome.data as {
        result: { error: Record<string, string[]>; initialValue: Record<string, string> };
      }
    ).result;
  }

  it("is stored as one of their documents through the document rules and attached to the message", async () => {
    const applicant = await createTestUser({ office: "Harare" });
    const sent = await write(applicant, {
      subject: "My CV",
      content: "Here is my CV.",
      documentType: "cv",
      file: file(PDF, "My CV.pdf"),
    });
    expect(sent.status).toBe(302);
    const [document] = await documentsOf(applicant);
    expect(document).toMatchObject({
      documentType: "cv",
      fileName: "My CV.pdf",
      contentType: "application/pdf",
      status: "pending",
      fileSize: PDF.length,
    });
    expect(filesOf(applicant)).toHaveLength(1);
    const [message] = await threadOf(applicant);
    expect(message!.documentId).toBe(document!.id);

    // Staff see it in the thread as any attachment.
    const staff = await createTestUser({ role: "manager", office: "Harare" });
    const record = await runAs(staff, applicantLoader, `/admin/applicants/${applicant.id}`, {
      params: { id: applicant.id },
    });
    const thread = (record.data as { record: { messages: { documentName: string | null }[] } })
      .record.messages;
    expect(thread.map((m) => m.documentName)).toEqual(["My CV.pdf"]);
  });

  it("a refused file keeps nothing, says why on the file field and gives the text back", async () => {
    const applicant = await createTestUser({ office: "Harare" });
    const text = { subject: "Papers", content: "Please see the file." };

    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510)]);
    const wrongType = await write(applicant, {
      ...text,
      documentType: "cv",
      file: file(exe, "cv.pdf"),
    });
    expect(wrongType.status).toBe(400);
    expect(formAnswer(wrongType).error).toEqual({ file: ["upload.wrongType"] });
    expect(formAnswer(wrongType).initialValue).toMatchObject(text);

    const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    const tooLarge = await write(applicant, {
      ...text,
      documentType: "cv",
      file: file(big, "cv.pdf"),
    });
    expect(tooLarge.status).toBe(400);
    expect(formAnswer(tooLarge).error).toEqual({ file: ["upload.tooLarge"] });
    expect(formAnswer(tooLarge).initialValue).toMatchObject(text);

    // A file without the kind of document it is.
    const noKind = await write(applicant, { ...text, file: file(PDF, "cv.pdf") });
    expect(formAnswer(noKind).error).toEqual({ documentType: ["upload.badDocumentType"] });

    expect(await documentsOf(applicant)).toHaveLength(0);
    expect(await threadOf(applicant)).toHaveLength(0);
    expect(filesOf(applicant)).toHaveLength(0);
  });

  it("a message that cannot be sent leaves no document behind", async () => {
    const applicant = await createTestUser({ office: "Harare" });
    const refused = await runAs(applicant, inboxAction, "/dashboard/messages", {
      form: {
        intent: "reply",
        replyTo: crypto.randomUUID(),
        content: "An answer to nothing.",
        documentType: "cv",
        file: file(PDF, "cv.pdf"),
      },
    });
    expect(refused.status).toBe(404);
    expect(await documentsOf(applicant)).toHaveLength(0);
    expect(await threadOf(applicant)).toHaveLength(0);
    expect(filesOf(applicant)).toHaveLength(0);
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

    // The e-mail as a mail server receives it carries the thread's Reply-To (after the earlier
    // tests' mail, more than one batch).
    await deliverDueMail({ limit: 1000 });
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
      via: "email",
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
