import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeApplicationStatus, scheduleInterview } from "~/server/applications/staff.server";
import { documents, mailOutbox, notifications } from "~/server/db/schema";
import { reviewDocument } from "~/server/documents/review.server";
import {
  enqueueApplicantMail,
  enqueueMail,
  inTransactionWithMail,
} from "~/server/mail/outbox.server";
import {
  deliverDueMail,
  getMailHealth,
  MAX_MAIL_ATTEMPTS,
  requeueFailedMail,
  retryDelaySeconds,
} from "~/server/mail/sender.server";
import { newMessageEmail } from "~/server/messages/message-mail.server";
import {
  createFileTransport,
  createSmtpTransport,
  type MailTransport,
  setMailTransport,
} from "~/server/mail/transport.server";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import { payments, profiles } from "~/server/db/schema";
import { sendMessage } from "~/server/messages/messages.server";
import { recordTestPayment } from "./payment-harness";
import { register, unregister } from "~/server/registry.server";
import {
  BASE_URL,
  FAIL_AFTER_HISTORY,
  createTestUser,
  setupTestDatabase,
  type TestUser,
} from "./harness";
import { setupTestSmtpServer } from "./smtp-test-server";

const ctx = setupTestDatabase();
// Tests here point the transport elsewhere; each starts again with this server.
const smtp = setupTestSmtpServer();
beforeEach(async () => {
  setMailTransport(createSmtpTransport(smtp.url));
  smtp.failNext(0);
  smtp.received.length = 0;
  // Each test starts with an empty queue, so counts below are this test's own.
  await ctx.db.delete(mailOutbox);
});

describe("mail outbox", () => {
  it("delivers a status-change e-mail from the real service over SMTP, text and HTML", async () => {
    const { applicant, applicationId, staff } = await applicationFor("Rudo Moyo", "Care Assistant");
    await changeApplicationStatus({ actor: staff, applicationId, status: "job_matched" });
    const [queued] = await outboxTo(applicant.email);
    const id = queued!.id;
    const report = await deliverDueMail();
    expect(report).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.to).toEqual([applicant.email]);
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
    // A second on: PostgreSQL stamps the row in microseconds, a Date in milliseconds, so "now" in
    // the same millisecond could be just before the row was due.
    const t0 = new Date(Date.now() + 1000);
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
    let now = new Date(Date.now() + 1000);
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
    // A second on, as above: PostgreSQL stamps the row in microseconds, a Date in milliseconds.
    expect(await deliverDueMail({ now: new Date(Date.now() + 1000) })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
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
    const render = () => ({ subject: "S", text: "T", html: "<p>T</p>" });
    const queued = await ctx.db.transaction(async (tx) => [
      await enqueueApplicantMail(tx, { userId: on.id, render }),
      await enqueueApplicantMail(tx, { userId: off.id, render }),
      // A receipt is a record of money paid: it goes out even so.
      await enqueueApplicantMail(tx, { userId: off.id, render, evenIfTurnedOff: true }),
    ]);
    expect(queued[0]).toEqual(expect.any(String));
    expect(queued[1]).toBeNull();
    expect(queued[2]).toEqual(expect.any(String));
    const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "S"));
    expect(rows.map((r) => r.to).sort()).toEqual([on.email, off.email].sort());
  });
});

// Every applicant e-mail is rendered by a template in its domain (renderMail's layout): absolute links
// from BASE_URL, times in the agency's time zone (CAT, UTC+2), an HTML body beside the text, and the
// agency's signature and contact details. These run the real services and read the queued row.
describe("applicant e-mails from the services", () => {
  const agency = DEFAULT_SITE_SETTINGS.agencyName;

  function expectAgencyMail(row: typeof mailOutbox.$inferSelect, path: string) {
    expect(row.text).toContain(`${BASE_URL}${path}`);
    expect(row.text).not.toMatch(/(^|\s)\/dashboard/);
    expect(row.html).toContain(`href="${BASE_URL}${path}"`);
    for (const body of [row.text, row.html!]) {
      expect(body).toContain("Kind regards");
      expect(body).toContain(`The ${agency} team`);
      expect(body).toContain(DEFAULT_SITE_SETTINGS.contactEmail);
    }
  }

  it("document review: the reason, an absolute link to the documents, HTML and signature", async () => {
    const applicant = await createTestUser({ fullName: "Farai Ncube" });
    const staff = await createTestUser({ role: "admin" });
    await reviewPassport(applicant, staff, "passport.pdf", {
      decision: "reject",
      reason: "The photo page is cut off",
    });
    const [row] = await outboxTo(applicant.email);
    expect(row!.subject).toBe("Action needed: please upload your Passport again");
    expect(row!.text).toContain("The photo page is cut off");
    expectAgencyMail(row!, "/dashboard/documents");
  });

  it("payment receipt: amount, reference and date in CAT, even with update e-mails off", async () => {
    const applicant = await createTestUser({ fullName: "Nyasha Banda" });
    await ctx.db
      .update(profiles)
      .set({ emailNotifications: false })
      .where(eq(profiles.id, applicant.id));
    const reference = `PAY_TEST_${applicant.id.slice(0, 8)}`;
    await recordTestPayment(ctx.db, applicant, reference);
    const [row] = await outboxTo(applicant.email);
    expect(row!.subject).toBe(`Payment received: $99.00 (${reference})`);
    expect(row!.text).toContain("Method: Credit card");
    expect(row!.text).toMatch(/Date: .* CAT/);
    // The receipt: its number, and a link to the printable page.
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.paymentReference, reference));
    expect(payment!.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
    expect(row!.text).toContain(`Receipt number: ${payment!.receiptNumber}`);
    expectAgencyMail(row!, `/receipts/${payment!.id}`);
  });

  it("a message from staff: an absolute link to the inbox", async () => {
    const applicant = await createTestUser({ fullName: "Tariro Sibanda" });
    const staff = await createTestUser({ role: "admin" });
    await sendMessage({
      actor: staff,
      input: {
        recipientType: "individual",
        recipientId: applicant.id,
        subject: "Your visa appointment",
        content: "Bring your passport.",
        attachmentUrl: undefined,
      },
    });
    const [row] = await outboxTo(applicant.email);
    expect(row).toMatchObject(
      newMessageEmail({
        settings: DEFAULT_SITE_SETTINGS,
        baseUrl: BASE_URL,
        name: "Tariro Sibanda",
        subject: "Your visa appointment",
        content: "Bring your passport.",
      }),
    );
    expectAgencyMail(row!, "/dashboard/messages");
  });
});

describe("in the recipient's language", () => {
  async function speaks(userId: string, lng: "en" | "fr" | "pt") {
    await ctx.db.update(profiles).set({ preferredLanguage: lng }).where(eq(profiles.id, userId));
  }

  /** An application by `name` for `job`, from an applicant who reads `lng`. */
  async function applicationIn(c: { name: string; job: string; lng: "en" | "fr" | "pt" }) {
    const made = await applicationFor(c.name, c.job);
    await speaks(made.applicant.id, c.lng);
    return made;
  }

  /** The template's frame in the recipient's words: the link, an HTML body, the signature. */
  function expectFrame(
    row: typeof mailOutbox.$inferSelect,
    { lng, closing, team }: { lng: string; closing: string; team: string },
  ) {
    expect(row.text).toContain(`${BASE_URL}/dashboard/applications`);
    expect(row.text).not.toMatch(/(^|\s)\/dashboard/);
    expect(row.html).toContain(`href="${BASE_URL}/dashboard/applications"`);
    expect(row.html).toContain(`<html lang="${lng}">`);
    for (const body of [row.text, row.html!]) {
      expect(body).toContain(closing);
      expect(body).toContain(team.replace("{{agency}}", DEFAULT_SITE_SETTINGS.agencyName));
      expect(body).toContain(DEFAULT_SITE_SETTINGS.contactEmail);
      if (lng !== "en") expect(body).not.toMatch(/Your application|Kind regards|Interview/);
    }
  }

  async function notificationOf(userId: string) {
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return note!;
  }

  it.each([
    {
      lng: "en",
      name: "Tendai Moyo",
      job: "Welder",
      subject: "Your application for Welder: Offer Received",
      hello: "Hello Tendai Moyo,",
      closing: "Kind regards,",
      team: "The {{agency}} team",
      title: "Application status: Offer Received",
      body: "Your application for Welder is now at “Offer Received”.",
    },
    {
      lng: "fr",
      name: "Aline Mbuyi",
      job: "Soudeur",
      subject: "Votre candidature pour Soudeur : Offre reçue",
      hello: "Bonjour Aline Mbuyi,",
      closing: "Cordialement,",
      team: "L’équipe {{agency}}",
      title: "Statut de la candidature : Offre reçue",
      body: "Votre candidature pour Soudeur en est maintenant à l’étape « Offre reçue ».",
    },
  ] as const)(
    "status change ($lng): the template's words, an absolute link, HTML and signature",
    async (c) => {
      const { applicant, applicationId, staff } = await applicationIn(c);
      await changeApplicationStatus({ actor: staff, applicationId, status: "offer_received" });
      const [row] = await outboxTo(applicant.email);
      expect(row!.subject).toBe(c.subject);
      expect(row!.text).toContain(c.hello);
      expectFrame(row!, c);
      expect(await notificationOf(applicant.id)).toMatchObject({ title: c.title, body: c.body });
    },
  );

  // The interview's time is the agency's, named CAT in every language, written the recipient's way.
  it.each([
    {
      lng: "en",
      name: "Chipo Dube",
      job: "Chef",
      place: "Harare office, 3rd floor",
      subject: "Interview scheduled: Chef",
      when: "Monday, 2 March 2026 at 10:30 CAT",
      where: "Where: Harare office, 3rd floor",
      closing: "Kind regards,",
      team: "The {{agency}} team",
      title: "Interview scheduled",
    },
    {
      lng: "pt",
      name: "Rosa Machava",
      job: "Cozinheiro",
      place: "Escritório de Maputo",
      subject: "Entrevista marcada: Cozinheiro",
      // The zone has one name in every language (Intl would write "GMT+2" here).
      when: "segunda-feira, 2 de março de 2026 às 10:30 CAT",
      where: "Local: Escritório de Maputo",
      closing: "Com os melhores cumprimentos,",
      team: "A equipa {{agency}}",
      title: "Entrevista marcada",
    },
  ] as const)(
    "interview ($lng): the time in the agency's time zone, in the e-mail and the notification",
    async (c) => {
      const { applicant, applicationId, staff } = await applicationIn(c);
      await scheduleInterview({
        actor: staff,
        applicationId,
        interviewDate: new Date("2026-03-02T08:30:00Z"),
        interviewLocation: c.place,
      });
      const [row] = await outboxTo(applicant.email);
      expect(row!.subject).toBe(c.subject);
      expect(row!.text).toContain(c.when);
      expect(row!.html).toContain(c.when);
      expect(row!.text).not.toContain("08:30");
      expect(row!.text).toContain(c.where);
      expectFrame(row!, c);
      const note = await notificationOf(applicant.id);
      expect(note.title).toBe(c.title);
      expect(note.body).toContain(c.when);
      expect(note.body).not.toContain("08:30");
    },
  );

  it("a payment receipt and a document review follow the applicant's language too", async () => {
    const applicant = await createTestUser({ fullName: "Jean Kabila" });
    const staff = await createTestUser({ role: "admin" });
    await speaks(applicant.id, "fr");
    const reference = `PAY_FR_${applicant.id.slice(0, 8)}`;
    await recordTestPayment(ctx.db, applicant, reference, { method: "mobile_money" });
    await reviewPassport(applicant, staff, "passeport.pdf", { decision: "verify" });
    // French writes money with no-break spaces ("99,00 $US").
    const subjects = (await outboxTo(applicant.email))
      .map((r) => r.subject.replace(/[\u00a0\u202f]/g, " "))
      .sort();
    expect(subjects).toEqual([
      "Document vérifié : Passeport",
      `Paiement reçu : 99,00 $US (${reference})`,
    ]);
    const titles = (
      await ctx.db.select().from(notifications).where(eq(notifications.userId, applicant.id))
    )
      .map((n) => n.title)
      .sort();
    expect(titles).toEqual(["Frais d’inscription reçus", "Passeport : document vérifié"]);
  });
});

describe("documents verified within minutes", () => {
  /** A pending upload of `type` for the applicant; returns its id. */
  async function upload(applicant: TestUser, type: "passport" | "cv" | "education") {
    const [doc] = await ctx.db
      .insert(documents)
      .values({
        userId: applicant.id,
        documentType: type,
        fileName: `${type}.pdf`,
        storageKey: `test/${applicant.id}/${type}.pdf`,
        fileSize: 1000,
        contentType: "application/pdf",
      })
      .returning({ id: documents.id });
    return doc!.id;
  }

  it("go out as one e-mail that names them all, after a short wait", async () => {
    const applicant = await createTestUser({ fullName: "Nyasha Dube" });
    const staff = await createTestUser({ role: "admin" });
    const actor = { id: staff.id, role: staff.role };
    await deliverDueMail(); // their sign-up mails
    smtp.received.length = 0;
    const ids = [
      await upload(applicant, "passport"),
      await upload(applicant, "cv"),
      await upload(applicant, "education"),
    ];
    for (const documentId of ids) await reviewDocument({ actor, documentId, decision: "verify" });
    // A second click on Verify changes nothing and sends nothing.
    await reviewDocument({ actor, documentId: ids[0]!, decision: "verify" });

    const queued = await outboxTo(applicant.email);
    expect(queued.map((r) => r.subject)).toEqual(["3 documents verified"]);
    expect(queued[0]!.text).toContain("Your Passport, CV/Resume, and Education Certificate have");

    // Held for a few minutes so later verifications can join it; then sent, without our mark.
    expect(await deliverDueMail()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const later = new Date(Date.now() + 4 * 60_000);
    expect(await deliverDueMail({ now: later })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe("3 documents verified");
    expect(smtp.received[0]!.raw).not.toMatch(/X-Passage-Digest/i);
  });

  it("leave out one rejected while the e-mail waited; the rejection goes out at once", async () => {
    const applicant = await createTestUser();
    const staff = await createTestUser({ role: "manager" });
    const actor = { id: staff.id, role: staff.role };
    const passport = await upload(applicant, "passport");
    const cv = await upload(applicant, "cv");
    await reviewDocument({ actor, documentId: passport, decision: "verify" });
    await reviewDocument({ actor, documentId: cv, decision: "verify" });
    await reviewDocument({
      actor,
      documentId: cv,
      decision: "reject",
      reason: "This is someone else's CV.",
    });
    const subjects = (await outboxTo(applicant.email)).map((r) => r.subject).sort();
    expect(subjects).toEqual([
      "Action needed: please upload your CV/Resume again",
      "Document verified: Passport",
    ]);
    // Only the rejection is due now.
    await deliverDueMail();
    const sent = smtp.received.map((m) => m.subject).filter((m) => !m.startsWith("Confirm"));
    expect(sent).toEqual(["Action needed: please upload your CV/Resume again"]);
  });
});

describe("waking the sender", () => {
  let kicks = 0;
  beforeEach(() => {
    kicks = 0;
    register("mailSender", { kick: () => kicks++, stop: async () => {} });
  });
  afterEach(() => unregister("mailSender"));

  it("wakes it once the change has committed, and not when it rolled back", async () => {
    const { applicationId, staff } = await applicationFor("Kuda Phiri", "Driver");
    kicks = 0; // creating the accounts queued (and woke the sender for) their confirmations
    await changeApplicationStatus({ actor: staff, applicationId, status: "visa_approved" });
    expect(kicks).toBe(1);

    await expect(
      changeApplicationStatus(
        { actor: staff, applicationId, status: "departed" },
        FAIL_AFTER_HISTORY,
      ),
    ).rejects.toThrow("boom");
    expect(kicks).toBe(1);

    await expect(
      inTransactionWithMail(async (tx) => {
        await enqueueMail(tx, { to: "x@example.com", subject: "Rolled back", text: "x" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(kicks).toBe(1);
    expect(
      await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Rolled back")),
    ).toEqual([]);
  });
});

/** `staff` decide on the passport `applicant` uploaded as `fileName`. */
async function reviewPassport(
  applicant: TestUser,
  staff: TestUser,
  fileName: string,
  review: Pick<Parameters<typeof reviewDocument>[0], "decision" | "reason">,
) {
  const [doc] = await ctx.db
    .insert(documents)
    .values({
      userId: applicant.id,
      documentType: "passport",
      fileName,
      storageKey: `test/${applicant.id}/${fileName}`,
      fileSize: 1000,
      contentType: "application/pdf",
    })
    .returning({ id: documents.id });
  await reviewDocument({
    actor: { id: staff.id, role: staff.role },
    documentId: doc!.id,
    ...review,
  });
}

async function applicationFor(fullName: string, jobTitle: string) {
  const applicant: TestUser = await createTestUser({ fullName });
  const staff = await createTestUser({ role: "manager" });
  const applicationId = await ctx.createTestApplication(applicant, {
    status: "documents_uploaded",
    job: { title: jobTitle, description: "Work" },
  });
  // The offer and visa stages wait for the passport and CV (decision record 44).
  await ctx.verifyDocuments(applicant);
  // Sign-up queued a confirmation e-mail to each account; each test reads only the mail it causes.
  await ctx.db.delete(mailOutbox);
  return { applicant, applicationId, staff };
}

/** The mail queued to `to`, but for the confirmation e-mail an account gets at sign-up. */
async function outboxTo(to: string) {
  const rows = await ctx.mailsTo(to);
  return rows.filter((r) => !r.subject.startsWith("Confirm your e-mail"));
}
