import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, or } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changeApplicationStatus } from "~/server/applications/staff.server";
import { config, setConfig, type Config } from "~/server/config.server";
import { auditLog, mailOutbox, messages, messageThreads, profiles } from "~/server/db/schema";
import { deliverDueMail } from "~/server/mail/sender.server";
import { countWaitingThreads, replyInThread } from "~/server/messages/threads.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { registerPhoneEndpoints } from "~/server/phone/http.server";
import { loader as applicantLoader } from "~/app/routes/admin/applicant";
import { action as profileAction, loader as profileLoader } from "~/app/routes/dashboard/profile";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

// Local fakes of the two providers: they record what they were sent and answer as the real ones.
type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let refuse = false;
let provider: http.Server;
let saved: Config;
const APP_SECRET = "whatsapp-app-secret-for-tests";
const SMS_SECRET = "sms-webhook-secret-0123456789abcdef";

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.setHeader("content-type", "application/json");
      if (refuse) {
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: { message: "try later" } }));
      }
      const id = crypto.randomUUID();
      res.end(
        req.url?.endsWith("/messaging")
          ? JSON.stringify({
              SMSMessageData: { Recipients: [{ status: "Success", messageId: `ATX-${id}` }] },
            })
          : JSON.stringify({ messages: [{ id: `wamid.${id}` }] }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  saved = config();
  setConfig({
    ...saved,
    phone: {
      whatsapp: {
        token: "wa-token",
        phoneNumberId: "1234567890",
        appSecret: APP_SECRET,
        verifyToken: "verify-me",
        template: "passage_update",
        apiUrl: `${url}/v21.0`,
      },
      sms: {
        username: "passage",
        apiKey: "at-key",
        senderId: "PASSAGE",
        apiUrl: url,
        webhookSecret: SMS_SECRET,
      },
    },
  });
});
afterAll(async () => {
  setConfig(saved);
  await new Promise((resolve) => provider.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  refuse = false;
});

const app = new Hono();
registerPhoneEndpoints(app);

function whatsappPost(payload: unknown, secret = APP_SECRET) {
  const raw = JSON.stringify(payload);
  const signature = `sha256=${crypto.createHmac("sha256", secret).update(raw).digest("hex")}`;
  return app.request("/webhooks/whatsapp", {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    body: raw,
  });
}

let counter = 0;
async function applicantWithPhones(choices: { whatsapp: boolean; sms: boolean }) {
  const person = await createTestUser();
  const n = String(1_000_000 + ++counter + Math.floor(Math.random() * 8_000_000)).slice(0, 7);
  const numbers = { whatsapp: `+26377${n}`, phone: `+26371${n}` };
  await ctx.db
    .update(profiles)
    .set({
      preferredLanguage: "fr",
      whatsappNumber: numbers.whatsapp,
      phoneNumber: numbers.phone,
      whatsappOptInAt: choices.whatsapp ? new Date() : null,
      smsOptInAt: choices.sms ? new Date() : null,
    })
    .where(eq(profiles.id, person.id));
  return { person, numbers };
}

async function statusChange(person: TestUser) {
  const manager = await createTestUser({ role: "manager" });
  const applicationId = await ctx.createTestApplication(person, { status: "job_matched" });
  await changeApplicationStatus({
    actor: manager,
    applicationId,
    status: "interview_scheduled",
    interviewDate: new Date(Date.now() + 7 * 86_400_000),
  });
  return applicationId;
}

const phoneRows = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("notices on WhatsApp and by SMS", () => {
  it("a status change reaches the channels the applicant chose, in their language, once", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: true, sms: true });
    const applicationId = await statusChange(person);
    await deliverDueMail({ now: new Date(Date.now() + 1_000) });
    await deliverDueMail({ now: new Date(Date.now() + 2_000) });

    const whatsapp = received.filter((r) => r.path === "/v21.0/1234567890/messages");
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]!.headers.authorization).toBe("Bearer wa-token");
    const message = JSON.parse(whatsapp[0]!.body);
    expect(message.to).toBe(numbers.whatsapp.slice(1));
    expect(message.template.name).toBe("passage_update");
    expect(message.template.language.code).toBe("fr");
    const [body, button] = message.template.components;
    expect(body.parameters[0].text).toMatch(/entretien/i);
    expect(button.parameters[0].text).toContain("dashboard");

    const sms = received.filter((r) => r.path === "/messaging");
    expect(sms).toHaveLength(1);
    const form = new URLSearchParams(sms[0]!.body);
    expect(form.get("to")).toBe(numbers.phone);
    expect(form.get("from")).toBe("PASSAGE");
    expect(form.get("message")).toMatch(/^Passage : .+\. http.+ Répondez STOP pour arrêter\.$/);
    expect(form.get("message")).not.toContain(applicationId);

    const [sent] = await phoneRows(numbers.whatsapp);
    expect(sent).toMatchObject({ channel: "whatsapp", status: "sent" });
    expect(sent!.providerMessageId).toMatch(/^wamid\./);
  });

  it("nothing goes to a phone without the person's yes, nor on a channel that is not set up", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: false, sms: false });
    await statusChange(person);
    expect(await phoneRows(numbers.whatsapp)).toHaveLength(0);
    expect(await phoneRows(numbers.phone)).toHaveLength(0);

    const only = await applicantWithPhones({ whatsapp: true, sms: true });
    const phone = config().phone;
    setConfig({ ...config(), phone: { ...phone, sms: null } });
    try {
      await statusChange(only.person);
    } finally {
      setConfig({ ...config(), phone });
    }
    expect(await phoneRows(only.numbers.whatsapp)).toHaveLength(1);
    expect(await phoneRows(only.numbers.phone)).toHaveLength(0);
  });

  it("a provider that refuses is tried again later, and the message is sent once", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: true, sms: false });
    await statusChange(person);
    refuse = true;
    await deliverDueMail({ now: new Date(Date.now() + 1_000) });
    let [row] = await phoneRows(numbers.whatsapp);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toContain("try later");
    refuse = false;
    await deliverDueMail({ now: new Date(Date.now() + 120_000) });
    await deliverDueMail({ now: new Date(Date.now() + 240_000) });
    [row] = await phoneRows(numbers.whatsapp);
    expect(row).toMatchObject({ status: "sent" });
    const toThem = received.filter(
      (r) => r.path.endsWith("/messages") && JSON.parse(r.body).to === numbers.whatsapp.slice(1),
    );
    expect(toThem).toHaveLength(2);
  });

  it("receipts say delivered, then read, and a late one does not go back; a forged one is refused", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: true, sms: false });
    await statusChange(person);
    await deliverDueMail({ now: new Date(Date.now() + 1_000) });
    const [row] = await phoneRows(numbers.whatsapp);
    const status = (s: string) => ({
      entry: [{ changes: [{ value: { statuses: [{ id: row!.providerMessageId, status: s }] } }] }],
    });
    expect((await whatsappPost(status("delivered"))).status).toBe(200);
    expect((await whatsappPost(status("read"))).status).toBe(200);
    expect((await whatsappPost(status("delivered"))).status).toBe(200);
    expect((await whatsappPost(status("failed"), "not-the-secret")).status).toBe(401);
    const [after] = await phoneRows(numbers.whatsapp);
    expect(after!.deliveryState).toBe("read");

    // WhatsApp's subscription check answers only its own token.
    expect(
      await (
        await app.request(
          "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=42",
        )
      ).text(),
    ).toBe("42");
    expect(
      (
        await app.request(
          "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1",
        )
      ).status,
    ).toBe(403);
  });

  it("a STOP reply stops that channel for good, recorded; the other channel goes on", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: true, sms: true });
    const reply = await whatsappPost({
      entry: [
        {
          changes: [
            { value: { messages: [{ from: numbers.whatsapp.slice(1), text: { body: "Stop" } }] } },
          ],
        },
      ],
    });
    expect(reply.status).toBe(200);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(profile!.whatsappOptInAt).toBeNull();
    expect(profile!.smsOptInAt).not.toBeNull();
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, person.id), eq(auditLog.action, "profile.channel_stop")));
    expect(entry).toMatchObject({
      actorId: person.id,
      details: { channel: "whatsapp", by: "reply" },
    });

    await statusChange(person);
    expect(await phoneRows(numbers.whatsapp)).toHaveLength(0);
    expect(await phoneRows(numbers.phone)).toHaveLength(1);

    // By SMS, through the secret address only: "ARRÊT" in French stops it too.
    const smsReply = (secret: string) =>
      app.request(`/webhooks/sms/${secret}/inbound`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ from: numbers.phone, text: "ARRÊT", to: "12345" }).toString(),
      });
    expect((await smsReply("wrong-secret-wrong-secret-wrong")).status).toBe(404);
    expect((await smsReply(SMS_SECRET)).status).toBe(200);
    const [stopped] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(stopped!.smsOptInAt).toBeNull();
  });
});

describe("messages from the applicant's phone", () => {
  const whatsappMessage = (from: string, body: string, id = `wamid.${crypto.randomUUID()}`) => ({
    entry: [
      {
        changes: [
          { value: { messages: [{ id, from: from.slice(1), type: "text", text: { body } }] } },
        ],
      },
    ],
  });
  const smsInbound = (fields: Record<string, string>, secret = SMS_SECRET) =>
    app.request(`/webhooks/sms/${secret}/inbound`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ to: "12345", ...fields }).toString(),
    });
  const threadOf = (person: TestUser) =>
    ctx.db
      .select({
        subject: messages.subject,
        content: messages.content,
        senderId: messages.senderId,
        fromApplicant: messages.fromApplicant,
        via: messages.via,
        providerMessageId: messages.providerMessageId,
        answeredAt: messages.answeredAt,
      })
      .from(messages)
      .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
      .where(eq(messageThreads.applicantId, person.id))
      .orderBy(messages.sentAt);

  it("a WhatsApp message lands once in the applicant's conversation, waiting, shown to staff by WhatsApp", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: true, sms: false });
    await statusChange(person);
    const [notice] = await phoneRows(numbers.whatsapp);
    const manager = await createTestUser({ role: "manager" });
    const scope = await officeScopeFor(manager);
    const waitingBefore = await countWaitingThreads(scope);

    // WhatsApp delivers the same message again when our answer did not reach it: it lands once.
    const message = whatsappMessage(numbers.whatsapp, "Is the interview in Harare?");
    expect((await whatsappPost(message)).status).toBe(200);
    expect((await whatsappPost(message)).status).toBe(200);
    const thread = await threadOf(person);
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      subject: `Re: ${notice!.subject}`,
      content: "Is the interview in Harare?",
      senderId: person.id,
      fromApplicant: true,
      via: "whatsapp",
      providerMessageId: message.entry[0]!.changes[0]!.value.messages[0]!.id,
      answeredAt: null,
    });
    expect(await countWaitingThreads(scope)).toBe(waitingBefore + 1);

    const page = await runAs(manager, applicantLoader, `/admin/applicants/${person.id}`, {
      params: { id: person.id },
    });
    const shown = (page.data as { record: { messages: { content: string; via: string }[] } }).record
      .messages;
    expect(shown).toEqual([
      expect.objectContaining({ content: "Is the interview in Harare?", via: "whatsapp" }),
    ]);

    // Staff's answer goes the way it always did (their messages, and e-mail) and answers it.
    await replyInThread({
      actor: manager,
      input: { applicantId: person.id, subject: undefined, content: "Yes, at our Harare office." },
    });
    const [theirs] = await threadOf(person);
    expect(theirs!.answeredAt).not.toBeNull();
    expect(await countWaitingThreads(scope)).toBe(waitingBefore);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    const mailed = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, profile!.email), eq(mailOutbox.channel, "email")));
    expect(mailed.some((m) => m.text.includes("Yes, at our Harare office."))).toBe(true);
  });

  it("an SMS lands once through the secret address only, named by its channel when it answers no notice", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: false, sms: true });
    const sms = { from: numbers.phone, text: "I have sent my passport copy.", id: "ATXid_1a2b3c" };
    expect((await smsInbound(sms, "wrong-secret-wrong-secret-wrong")).status).toBe(404);
    expect(await threadOf(person)).toHaveLength(0);
    expect((await smsInbound(sms)).status).toBe(200);
    expect((await smsInbound(sms)).status).toBe(200);
    expect(await threadOf(person)).toEqual([
      expect.objectContaining({
        subject: "SMS",
        content: "I have sent my passport copy.",
        via: "sms",
        fromApplicant: true,
        answeredAt: null,
      }),
    ]);
    // A message without the provider's id could not be told from its retry: refused.
    expect((await smsInbound({ from: numbers.phone, text: "Hello" })).status).toBe(400);
    expect(await threadOf(person)).toHaveLength(1);
  });

  it("STOP still stops the channel and writes no message, by WhatsApp and by SMS", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: true, sms: true });
    expect((await whatsappPost(whatsappMessage(numbers.whatsapp, "STOP"))).status).toBe(200);
    expect(
      (await smsInbound({ from: numbers.phone, text: "Parar", id: "ATXid_stop" })).status,
    ).toBe(200);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(profile!.whatsappOptInAt).toBeNull();
    expect(profile!.smsOptInAt).toBeNull();
    expect(await threadOf(person)).toHaveLength(0);
  });

  it("a number no applicant has, or two share, is dropped: no message, no account", async () => {
    const stranger = `+26378${String(Date.now()).slice(-7)}`;
    const message = whatsappMessage(stranger, "Do you have jobs in Dubai?");
    expect((await whatsappPost(message)).status).toBe(200);
    expect((await smsInbound({ from: stranger, text: "Jobs?", id: "ATXid_stranger" })).status).toBe(
      200,
    );
    const id = message.entry[0]!.changes[0]!.value.messages[0]!.id;
    expect(
      await ctx.db
        .select()
        .from(messages)
        .where(
          or(eq(messages.providerMessageId, id), eq(messages.providerMessageId, "ATXid_stranger")),
        ),
    ).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(profiles)
        .where(or(eq(profiles.phoneNumber, stranger), eq(profiles.whatsappNumber, stranger))),
    ).toHaveLength(0);

    // Two applicants on one number: who wrote cannot be told, so it goes to neither.
    const first = await applicantWithPhones({ whatsapp: true, sms: false });
    const second = await applicantWithPhones({ whatsapp: true, sms: false });
    await ctx.db
      .update(profiles)
      .set({ whatsappNumber: first.numbers.whatsapp })
      .where(eq(profiles.id, second.person.id));
    expect((await whatsappPost(whatsappMessage(first.numbers.whatsapp, "Hello"))).status).toBe(200);
    expect(await threadOf(first.person)).toHaveLength(0);
    expect(await threadOf(second.person)).toHaveLength(0);
  });

  it("a message with a forged signature is refused and writes nothing", async () => {
    const { person, numbers } = await applicantWithPhones({ whatsapp: true, sms: false });
    const forged = whatsappMessage(numbers.whatsapp, "Send my fee back to this number");
    expect((await whatsappPost(forged, "not-the-secret")).status).toBe(401);
    expect(await threadOf(person)).toHaveLength(0);
  });
});

describe("the applicant's choices on their profile", () => {
  const choose = (person: TestUser, fields: Record<string, string>) =>
    runAs(person, profileAction, "/dashboard/profile", {
      method: "POST",
      form: { intent: "phone-channels", ...fields },
    });

  it("are given and withdrawn by the applicant, recorded, and need a number in international format", async () => {
    const person = await createTestUser();
    await ctx.db
      .update(profiles)
      .set({ phoneNumber: "call me maybe", whatsappNumber: null })
      .where(eq(profiles.id, person.id));
    const refused = await choose(person, { whatsapp: "on" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("profile.channels.noNumber");

    await ctx.db
      .update(profiles)
      .set({ whatsappNumber: "+263771239876" })
      .where(eq(profiles.id, person.id));
    const page = await runAs(person, profileLoader, "/dashboard/profile");
    expect(JSON.stringify(page.data)).toContain('"number":"+263771239876"');
    expect((await choose(person, { whatsapp: "on", sms: "on" })).status).toBe(302);
    let [p] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(p!.whatsappOptInAt).not.toBeNull();
    expect(p!.smsOptInAt).not.toBeNull();

    expect((await choose(person, { sms: "on" })).status).toBe(302);
    [p] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(p!.whatsappOptInAt).toBeNull();
    const entries = await ctx.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, person.id));
    expect(entries.map((e) => e.action).filter((a) => a.startsWith("profile.channel"))).toEqual(
      expect.arrayContaining(["profile.channel_optin", "profile.channel_stop"]),
    );
  });

  it("cannot turn on a channel the agency has not set up, and staff have none", async () => {
    const person = await createTestUser();
    await ctx.db
      .update(profiles)
      .set({ whatsappNumber: "+263771239877" })
      .where(eq(profiles.id, person.id));
    const phone = config().phone;
    setConfig({ ...config(), phone: { ...phone, whatsapp: null } });
    try {
      const refused = await choose(person, { whatsapp: "on" });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toContain("profile.channels.unavailableRefused");
    } finally {
      setConfig({ ...config(), phone });
    }
    const manager = await createTestUser({ role: "manager" });
    expect((await choose(manager, { whatsapp: "on" })).status).toBe(403);
  });
});
