import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  action as composeAction,
  loader as adminMessagesLoader,
} from "~/app/routes/admin/messages";
import { action as inboxAction, loader as inboxLoader } from "~/app/routes/dashboard/messages";
import { messageRecipients, messages } from "~/server/db/schema";
import { SENT_PAGE_SIZE } from "~/server/messages/messages.server";
import { countUnreadMessages } from "~/server/messages/unread.server";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

async function compose(
  sender: Awaited<ReturnType<typeof createTestUser>>,
  form: Record<string, string>,
) {
  return runAs(sender, composeAction, "/admin/messages", { form });
}

/** The messages sent with this subject (each test uses its own). */
function messagesTitled(subject: string) {
  return ctx.db.select().from(messages).where(eq(messages.subject, subject));
}

describe("in-app messages", () => {
  it("a group message to paid_users reaches exactly the paid users, each unread", async () => {
    const admin = await createTestUser({ role: "admin" });
    const paidA = await createTestUser({ paid: true });
    const paidB = await createTestUser({ role: "student_applicant", paid: true });
    const unpaid = await createTestUser();
    const paidStaff = await createTestUser({ role: "manager", paid: true });

    const outcome = await compose(admin, {
      recipientType: "group",
      recipientGroup: "paid_users",
      subject: "Premium jobs this week",
      content: "Ten new sponsored roles in Canada.",
    });
    expect(outcome.data).toMatchObject({
      intent: "compose",
      flash: { ok: true, message: "admin.sentTo", count: 2 },
    });

    const [message] = await messagesTitled("Premium jobs this week");
    expect(message).toMatchObject({
      recipientGroup: "paid_users",
      recipientId: null,
      senderId: admin.id,
    });
    const recipients = await ctx.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, message!.id));
    expect(recipients.map((r) => r.userId).sort()).toEqual([paidA.id, paidB.id].sort());
    expect(recipients.every((r) => r.readAt === null)).toBe(true);

    expect(await countUnreadMessages(paidA.id)).toBe(1);
    expect(await countUnreadMessages(unpaid.id)).toBe(0);
    expect(await countUnreadMessages(paidStaff.id)).toBe(0);

    // Opening it marks only paidA's copy read.
    const open = await runAs(paidA, inboxAction, "/dashboard/messages", {
      form: { id: message!.id },
    });
    expect(open.status).toBe(302);
    expect(open.location).toBe(`/dashboard/messages?id=${message!.id}`);
    expect(await countUnreadMessages(paidA.id)).toBe(0);
    expect(await countUnreadMessages(paidB.id)).toBe(1);

    // The sender's list shows it with its read count; a later member does not receive it.
    const sent = await runAs(admin, adminMessagesLoader, "/admin/messages");
    const data = sent.data as {
      sent: { items: { subject: string; recipients: number; read: number }[] };
      stats: { total: number; group: number; thisWeek: number; read: number };
    };
    expect(data.sent.items[0]).toMatchObject({
      subject: "Premium jobs this week",
      recipients: 2,
      read: 1,
    });
    expect(data.stats).toMatchObject({ total: 1, group: 1, thisWeek: 1, read: 0 });
  });

  it("an applicant cannot read or mark another applicant's message", async () => {
    const manager = await createTestUser({ role: "manager" });
    const owner = await createTestUser();
    const other = await createTestUser();
    const outcome = await compose(manager, {
      recipientType: "individual",
      recipientId: owner.id,
      subject: "Your interview",
      content: "Private details for you only.",
    });
    expect(outcome.data).toMatchObject({ flash: { ok: true, count: 1 } });
    const [message] = await messagesTitled("Your interview");

    const peek = await runAs(other, inboxLoader, `/dashboard/messages?id=${message!.id}`);
    expect(peek.status).toBe(404);
    expect(JSON.stringify(peek.data)).not.toContain("Private details");

    const mark = await runAs(other, inboxAction, "/dashboard/messages", {
      form: { id: message!.id },
    });
    expect(mark.status).toBe(404);
    expect(await countUnreadMessages(owner.id)).toBe(1);

    const otherInbox = await runAs(other, inboxLoader, "/dashboard/messages");
    expect((otherInbox.data as { inbox: { items: unknown[] } }).inbox.items).toHaveLength(0);

    const own = await runAs(owner, inboxLoader, `/dashboard/messages?id=${message!.id}`);
    expect(own.data).toMatchObject({
      view: "detail",
      message: { content: "Private details for you only." },
    });
    expect(await countUnreadMessages(owner.id)).toBe(0);
  });

  it("refuses to send without subject or content, or with a non-https attachment", async () => {
    const admin = await createTestUser({ role: "admin" });
    const outcome = await compose(admin, {
      recipientType: "group",
      recipientGroup: "all_users",
      subject: "",
      content: " ",
      attachmentUrl: "javascript:alert(1)",
    });
    expect(outcome.status).toBe(400);
    const errors = (outcome.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.subject).toEqual(["errors.subjectRequired"]);
    expect(errors.content).toEqual(["errors.contentRequired"]);
    expect(errors.attachmentUrl?.[0]).toBe("errors.attachmentInvalid");
  });

  it("only staff can send messages", async () => {
    const seeker = await createTestUser();
    const outcome = await compose(seeker, {
      recipientType: "group",
      recipientGroup: "all_users",
      subject: "Spam",
      content: "Spam",
    });
    expect(outcome.status).toBe(302);
    const rows = await messagesTitled("Spam");
    expect(rows).toHaveLength(0);
  });
  it("a sent list that exactly fills its page offers no Next page", async () => {
    const admin = await createTestUser({ role: "admin" });
    const reader = await createTestUser();
    for (let i = 0; i < SENT_PAGE_SIZE; i++) {
      const outcome = await compose(admin, {
        recipientType: "individual",
        recipientId: reader.id,
        subject: `Note ${i}`,
        content: "Hello.",
      });
      expect(outcome.data).toMatchObject({ flash: { ok: true } });
    }
    const page = async (path: string) =>
      (
        (await runAs(admin, adminMessagesLoader, path)).data as {
          sent: { items: unknown[]; hasNext: boolean; pageCount: number };
        }
      ).sent;
    expect(await page("/admin/messages")).toMatchObject({ hasNext: false, pageCount: 1 });
    expect((await page("/admin/messages")).items).toHaveLength(SENT_PAGE_SIZE);
    // A page past the end shows the last page, not an empty list.
    expect((await page("/admin/messages?page=2")).items).toHaveLength(SENT_PAGE_SIZE);
  });
});
