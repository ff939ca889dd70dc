import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "~/server/db/schema";
import { enqueueApplicantMail, enqueueMail } from "~/server/mail/outbox.server";
import {
  deliverDueMail,
  getMailHealth,
  MAX_MAIL_ATTEMPTS,
  requeueFailedMail,
  retryDelaySeconds,
} from "~/server/mail/sender.server";
import { applicationStatusChangedEmail } from "~/server/mail/templates.server";
import {
  createFileTransport,
  createSmtpTransport,
  type MailTransport,
  setMailTransport,
} from "~/server/mail/transport.server";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import { profiles } from "~/server/db/schema";
import { createTestUser, setupTestDatabase } from "./harness";
import { startTestSmtpServer } from "./smtp-test-server";

const ctx = setupTestDatabase();
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  setMailTransport(null);
  await smtp.close();
});
beforeEach(async () => {
  setMailTransport(createSmtpTransport(smtp.url));
  smtp.failNext(0);
  smtp.received.length = 0;
  // Each test starts with an empty queue, so counts below are this test's own.
  await ctx.db.delete(mailOutbox);
});

describe("mail outbox", () => {
  it("delivers a queued message over SMTP with text and HTML bodies and the agency's details", async () => {
    const mail = applicationStatusChangedEmail({
      settings: DEFAULT_SITE_SETTINGS,
      name: "Rudo Moyo",
      jobTitle: "Care Assistant",
      statusLabel: "Job Matched",
    });
    const id = await ctx.db.transaction((tx) =>
      enqueueMail(tx, { to: "rudo@example.com", ...mail }),
    );
    const report = await deliverDueMail();
    expect(report).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.to).toEqual(["rudo@example.com"]);
    expect(got.subject).toBe("Your application for Care Assistant: Job Matched");
    expect(got.raw).toMatch(/Content-Type: text\/plain/);
    expect(got.raw).toMatch(/Content-Type: text\/html/);
    expect(got.body).toContain("Hello Rudo Moyo");
    expect(got.body).toContain(DEFAULT_SITE_SETTINGS.contactEmail);

    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    // Nothing is sent twice.
    expect(await deliverDueMail()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps a message through a mail server outage, retries it with backoff, and delivers it", async () => {
    const id = await ctx.db.transaction((tx) =>
      enqueueMail(tx, { to: "later@example.com", subject: "Outage test", text: "Still here" }),
    );
    smtp.failNext(2);
    const t0 = new Date();
    expect(await deliverDueMail({ now: t0 })).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/temporarily unavailable/);
    expect(row!.nextAttemptAt.getTime()).toBe(t0.getTime() + retryDelaySeconds(1) * 1000);

    // Not due yet: nothing is tried before the backoff has passed.
    expect(await deliverDueMail({ now: t0 })).toEqual({ sent: 0, retried: 0, failed: 0 });
    const health = await getMailHealth();
    expect(health.pending).toBe(1);
    expect(health.lastError).toMatch(/temporarily unavailable/);

    const t1 = new Date(t0.getTime() + retryDelaySeconds(1) * 1000);
    expect(await deliverDueMail({ now: t1 })).toEqual({ sent: 0, retried: 1, failed: 0 });
    [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.nextAttemptAt.getTime()).toBe(t1.getTime() + retryDelaySeconds(2) * 1000);
    expect(retryDelaySeconds(2)).toBe(2 * retryDelaySeconds(1));

    const t2 = new Date(t1.getTime() + retryDelaySeconds(2) * 1000);
    expect(await deliverDueMail({ now: t2 })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual(["Outage test"]);
    [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("marks a message failed after the last attempt, and staff see it", async () => {
    await ctx.db.transaction((tx) =>
      enqueueMail(tx, { to: "never@example.com", subject: "Gives up", text: "x" }),
    );
    smtp.failNext(MAX_MAIL_ATTEMPTS);
    let now = new Date();
    for (let i = 1; i <= MAX_MAIL_ATTEMPTS; i++) {
      await deliverDueMail({ now });
      now = new Date(now.getTime() + retryDelaySeconds(i) * 1000);
    }
    const health = await getMailHealth();
    expect(health).toMatchObject({ pending: 0, failed: 1 });
    expect(health.lastError).toMatch(/temporarily unavailable/);
    expect(smtp.received).toHaveLength(0);
  });

  it("lets two senders run at once without sending any message twice", async () => {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 6; i++)
        await enqueueMail(tx, { to: `p${i}@example.com`, subject: `Parallel ${i}`, text: "x" });
    });
    const [a, b] = await Promise.all([deliverDueMail({ limit: 4 }), deliverDueMail({ limit: 4 })]);
    const c = await deliverDueMail();
    expect(a.sent + b.sent + c.sent).toBe(6);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `Parallel ${i}`),
    );
  });

  it("never hands a message that is being sent to another sender, however long the send takes", async () => {
    const id = await ctx.db.transaction((tx) =>
      enqueueMail(tx, { to: "slow@example.com", subject: "Slow send", text: "x" }),
    );
    // A mail server that takes its time: the first sender is inside send() until we let go.
    const smtpTransport = createSmtpTransport(smtp.url);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inSend = new Promise<void>((resolve) => (entered = resolve));
    const slow: MailTransport = {
      ...smtpTransport,
      async send(m) {
        entered();
        await gate;
        return smtpTransport.send(m);
      },
    };
    setMailTransport(slow);
    const first = deliverDueMail();
    await inSend;
    // The claim is committed before the send: the row already says "sending".
    const [claimed] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(claimed!.status).toBe("sending");

    // Another sender, now and long after the claim, does not send it again.
    setMailTransport(createSmtpTransport(smtp.url));
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect((await deliverDueMail()).sent).toBe(0);
    expect((await deliverDueMail({ now: later })).sent).toBe(0);
    release();
    expect(await first).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual(["Slow send"]);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.status).toBe("sent");
  });

  it("after a crash mid-send, shows the message as failed for staff to queue again; never resends it by itself", async () => {
    const id = await ctx.db.transaction((tx) =>
      enqueueMail(tx, { to: "crash@example.com", subject: "Crashed send", text: "x" }),
    );
    // A sender claimed it and the process died inside send(): the row stays "sending".
    const claimedAt = new Date(Date.now() - 60 * 60 * 1000);
    await ctx.db
      .update(mailOutbox)
      .set({ status: "sending", attempts: 1, nextAttemptAt: claimedAt })
      .where(eq(mailOutbox.id, id));

    expect(await deliverDueMail()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(0);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.status).toBe("failed");
    expect(row!.lastError).toMatch(/interrupted/i);
    expect((await getMailHealth()).failed).toBe(1);

    // Staff queue it again (Admin → inquiries, "retry failed mail"): it goes out once.
    await ctx.db.transaction((tx) => requeueFailedMail(tx));
    expect(await deliverDueMail()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await deliverDueMail()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual(["Crashed send"]);
  });

  it("writes .eml files to the outbox folder when no SMTP server is configured", async () => {
    const dir = path.join(ctx.dataDir, "outbox");
    setMailTransport(createFileTransport(dir));
    await ctx.db.transaction((tx) =>
      enqueueMail(tx, {
        to: "demo@example.com",
        subject: "Demo mail",
        text: "Hello",
        html: "<p>Hello</p>",
      }),
    );
    expect(await deliverDueMail()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    expect(eml).toMatch(/^To: demo@example.com$/m);
    expect(eml).toMatch(/^Subject: Demo mail$/m);
  });

  it("skips an applicant's notification e-mail when they turned e-mails off", async () => {
    const on = await createTestUser();
    const off = await createTestUser();
    await ctx.db.update(profiles).set({ emailNotifications: false }).where(eq(profiles.id, off.id));
    const queued = await ctx.db.transaction(async (tx) => [
      await enqueueApplicantMail(tx, on.id, { subject: "S", text: "T" }),
      await enqueueApplicantMail(tx, off.id, { subject: "S", text: "T" }),
    ]);
    expect(queued[0]).toEqual(expect.any(String));
    expect(queued[1]).toBeNull();
    const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "S"));
    expect(rows.map((r) => r.to)).toEqual([on.email]);
  });
});
