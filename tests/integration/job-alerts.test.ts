import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as unsubscribeAction } from "~/app/routes/alerts-unsubscribe";
import { loader as dashboardLoader } from "~/app/routes/dashboard/home";
import { action as confirmAction, loader as confirmLoader } from "~/app/routes/jobs/alert-confirm";
import { action as authAction } from "~/app/routes/auth/auth";
import { action as jobsAction } from "~/app/routes/jobs/list";
import { auth } from "~/server/auth/auth.server";
import { action as staffJobsAction } from "~/app/routes/admin/jobs";
import { action as alertsAction, loader as alertsLoader } from "~/app/routes/dashboard/alerts";
import { jobAlertDeliveries, jobAlerts, jobs, notifications } from "~/server/db/schema";
import { saveJob } from "~/server/jobs/saved-jobs.server";
import {
  confirmVisitorAlert,
  createOwnAlert,
  runJobAlerts,
  unsubscribeByToken,
  unsubscribeToken,
} from "~/server/jobs/job-alerts.server";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

let clock = Date.parse("2030-01-01T08:00:00Z");
/** A later moment for each round, so every round sees the jobs created before it. */
const tick = () => new Date((clock += 60_000));

/** Runs a round now, so jobs created after it are "new" to the next one. */
const round = () => runJobAlerts({ now: tick() });

/** Creates a job dated just before the next round. */
const newJob = (values: Parameters<typeof ctx.createTestJob>[0]) =>
  ctx.createTestJob({ createdAt: new Date(clock + 30_000), ...values });

const mailed = async (email: string) =>
  (await ctx.mailsTo(email)).map((m) => m.text).join("\n---\n");

describe("job alerts", () => {
  it("match every filter an alert has (AND), and a person gets a job only once", async () => {
    const user = await createTestUser({ paid: true });
    const viewer = { id: user.id };
    await createOwnAlert({
      viewer,
      name: "Nursing in Ireland",
      frequency: "instant",
      filters: { q: "nurse", country: "IE", sector: "healthcare", type: "skilled" },
    });
    // A second alert that also matches the same job: still one e-mail line for it.
    await createOwnAlert({
      viewer,
      name: "Any nurse",
      frequency: "instant",
      filters: { q: "nurse" },
    });
    await round();

    const tag = `a${Date.now().toString(36)}`;
    const all = { sector: "healthcare", jobType: "skilled", countryCode: "IE" } as const;
    await newJob({ ...all, title: `Staff Nurse ${tag}` });
    await newJob({ ...all, title: `Porter ${tag}` }); // no "nurse"
    await newJob({ ...all, title: `Nurse in Canada ${tag}`, countryCode: "CA" });
    await newJob({ ...all, title: `Nurse, construction ${tag}`, sector: "construction" });
    await newJob({ ...all, title: `Nurse aide ${tag}`, jobType: "entry_level" });
    await round();

    const text = await mailed(user.email);
    expect(text).toContain(`Staff Nurse ${tag}`);
    expect(text).not.toContain(`Porter ${tag}`);
    // The narrow alert matched only the first; the broad one got the others (not the first again).
    const narrow = (await ctx.mailsTo(user.email)).find((m) =>
      m.subject.includes("Nursing in Ireland"),
    )!;
    expect(narrow.text).toContain(`Staff Nurse ${tag}`);
    expect(narrow.text).not.toContain("Canada");
    expect(text.match(new RegExp(`Staff Nurse ${tag}`, "g"))).toHaveLength(1);
    expect(narrow.headers).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Another round finds nothing new: nothing more is sent.
    const before = (await ctx.mailsTo(user.email)).length;
    await round();
    expect((await ctx.mailsTo(user.email)).length).toBe(before);
    // And the in-app notification was written.
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notes.some((n) => n.kind === "job_alert")).toBe(true);
  });

  it("shows premium jobs only as teasers to people who have not paid", async () => {
    const unpaid = await createTestUser();
    const paid = await createTestUser({ paid: true });
    const tag = `p${Date.now().toString(36)}`;
    for (const user of [unpaid, paid]) {
      await createOwnAlert({
        viewer: user,
        name: "Drivers",
        frequency: "instant",
        filters: { q: tag },
      });
    }
    await round();
    await newJob({ title: `Premium driver ${tag}`, isPublic: false });
    // Matched only by a premium description: never for the unpaid person.
    await newJob({ title: "Courier", description: `Hidden ${tag} words`, isPublic: false });
    await round();

    const unpaidText = await mailed(unpaid.email);
    expect(unpaidText).toContain(`Premium driver ${tag}`);
    expect(unpaidText).toContain("Premium: its details open once your registration is complete");
    expect(unpaidText).not.toContain("Courier");
    const paidText = await mailed(paid.email);
    expect(paidText).toContain("Courier");
    expect(paidText).not.toContain("Premium: its details open");
  });

  it("gathers a daily digest and sends it a day after the last one", async () => {
    const user = await createTestUser({ paid: true });
    const tag = `d${Date.now().toString(36)}`;
    await createOwnAlert({ viewer: user, name: "Daily", frequency: "daily", filters: { q: tag } });
    const alertMails = async () =>
      (await ctx.mailsTo(user.email)).filter((m) => m.subject.includes("“Daily”"));
    await round();
    await newJob({ title: `First ${tag}` });
    await round();
    expect(await alertMails()).toHaveLength(1);
    await newJob({ title: `Second ${tag}` });
    await newJob({ title: `Third ${tag}` });
    await round();
    expect(await alertMails()).toHaveLength(1); // not a day yet
    clock += 86_400_000;
    await round();
    const mails = await alertMails();
    expect(mails).toHaveLength(2);
    const digest = mails.find((m) => m.text.includes(`Second ${tag}`))!;
    expect(digest.text).toContain(`Third ${tag}`);
    expect(digest.subject).toContain("2 new jobs");
  });

  it("stops with the e-mail's unsubscribe token, without a session; a forged one does nothing", async () => {
    const user = await createTestUser();
    const id = await createOwnAlert({
      viewer: user,
      name: "Stop me",
      frequency: "instant",
      filters: {},
    });
    const token = await unsubscribeToken(id);
    expect(await unsubscribeByToken(`${id}.forged`)).toBe(false);
    expect(await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.id, id))).toHaveLength(1);
    expect(await unsubscribeByToken(token)).toBe(true);
    expect(await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.id, id))).toHaveLength(0);
  });

  it("stop from the e-mail's own link and its one-click header, signed out", async () => {
    const user = await createTestUser();
    const tag = `u${Date.now().toString(36)}`;
    const id = await createOwnAlert({
      viewer: user,
      name: "Unsub",
      frequency: "instant",
      filters: { q: tag },
    });
    await round();
    await newJob({ title: `Cook ${tag}` });
    await round();
    const mail = (await ctx.mailsTo(user.email)).find((m) => m.subject.includes("Unsub"))!;
    const header = mail.headers!["List-Unsubscribe"]!;
    const url = new URL(header.slice(1, -1));
    expect(url.pathname).toBe("/alerts/unsubscribe");
    expect(mail.text).toContain(url.href);

    // The mail provider's one-click POST: no cookie, the token in the address.
    const outcome = await runAs(null, unsubscribeAction, url.pathname + url.search, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(outcome.data).toEqual({ stopped: true });
    expect(await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.id, id))).toHaveLength(0);

    // The page's own button posts the token in the form; a wrong one is refused.
    const refused = await runAs(null, unsubscribeAction, "/alerts/unsubscribe", {
      form: { token: `${id}.nope` },
    });
    expect(refused.data).toEqual({ stopped: false });
  });

  it("are made from a /jobs search and managed on the dashboard by their owner only", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const post = async (user: typeof owner, form: Record<string, string>) =>
      runAs(user, alertsAction, "/dashboard/alerts", { form });
    const list = async (user: typeof owner) =>
      (
        (await runAs(user, alertsLoader, "/dashboard/alerts")).data as {
          alerts: { id: string; name: string; frequency: string; paused: boolean; query: string }[];
        }
      ).alerts;

    const created = await post(owner, {
      intent: "create",
      name: "Welders",
      frequency: "weekly",
      q: "welder",
      country: "ca",
      sector: "construction",
      type: "skilled",
    });
    expect(created.location).toBe("/dashboard/alerts?done=created");
    const [alert] = await list(owner);
    expect(alert).toMatchObject({ name: "Welders", frequency: "weekly", query: "welder" });
    expect(await list(other)).toEqual([]);
    expect((await post(owner, { intent: "create", name: " ", frequency: "daily" })).status).toBe(
      400,
    );

    // Someone else can neither change nor delete it.
    expect((await post(other, { intent: "delete", id: alert!.id })).status).toBe(404);
    expect((await post(other, { intent: "pause", id: alert!.id })).status).toBe(404);

    await post(owner, { intent: "update", id: alert!.id, name: "Welding", frequency: "instant" });
    await post(owner, { intent: "pause", id: alert!.id });
    expect((await list(owner))[0]).toMatchObject({
      name: "Welding",
      frequency: "instant",
      paused: true,
    });
    await post(owner, { intent: "delete", id: alert!.id });
    expect(await list(owner)).toEqual([]);
  });

  it("e-mail a job staff publish to a matching alert, linking to it, until unsubscribed", async () => {
    const applicant = await createTestUser();
    const staff = await createTestUser({ role: "manager" });
    const tag = `s${Date.now().toString(36)}`;
    await runAs(applicant, alertsAction, `/jobs?q=${tag}`, {
      form: { intent: "create", name: "Bakers", frequency: "instant", q: tag },
    });
    await round();
    const publish = async (title: string) => {
      await runAs(staff, staffJobsAction, "/admin/jobs?new=1", {
        form: { intent: "create", title, description: "Bread.", isActive: "on", isPublic: "on" },
      });
      // This file's rounds run on their own clock (ahead of now): date the job just before the next.
      await ctx.db
        .update(jobs)
        .set({ createdAt: new Date(clock + 30_000) })
        .where(eq(jobs.title, title));
      await round();
    };
    await publish(`Baker ${tag}`);

    const alertMails = async () =>
      (await ctx.mailsTo(applicant.email)).filter((m) => m.subject.includes("Bakers"));
    const [mail] = await alertMails();
    const jobLink = mail!.text.match(/https?:\/\/\S+\/jobs\/[0-9a-f-]{36}/)?.[0];
    expect(jobLink).toBeTruthy();
    const jobId = jobLink!.split("/").pop()!;
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job!.title).toBe(`Baker ${tag}`);

    const unsubscribe = new URL(mail!.headers!["List-Unsubscribe"]!.slice(1, -1));
    await runAs(null, unsubscribeAction, unsubscribe.pathname + unsubscribe.search, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    await publish(`Pastry baker ${tag}`);
    expect(await alertMails()).toHaveLength(1);
  });

  it("from a visitor wait for the e-mailed link: nothing before, each new job once after, stopped signed out", async () => {
    const email = `visitor-${Date.now().toString(36)}@example.com`;
    const tag = `v${Date.now().toString(36)}`;
    // A visitor on the French /jobs page, searching for the tag, asks for an alert.
    const created = await runAs(null, jobsAction, `/fr/jobs?q=${tag}`, {
      form: { name: "Cuisine", frequency: "instant", email: email.toUpperCase(), q: tag },
    });
    expect(created.data).toMatchObject({ sentTo: email });
    const [alert] = await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.email, email));
    expect(alert).toMatchObject({ userId: null, confirmedAt: null, query: tag, language: "fr" });
    // This file's rounds run ahead of now (2030): date the alert to its clock, or the first round
    // would take it for one left unconfirmed for more than a week.
    await ctx.db
      .update(jobAlerts)
      .set({ createdAt: new Date(clock) })
      .where(eq(jobAlerts.id, alert!.id));

    // The confirmation e-mail, in the page's language, with a link to the French confirm page.
    const [confirmation] = await ctx.mailsTo(email);
    expect(confirmation!.subject).toBe("Confirmez votre alerte emploi « Cuisine »");
    const link = new URL(
      confirmation!.text.match(/https?:\/\/\S+\/alerts\/confirm\?token=\S+/)![0],
    );
    expect(link.pathname).toBe("/fr/alerts/confirm");

    // Unconfirmed: a matching job is neither matched nor sent.
    await round();
    await newJob({ title: `Cook ${tag} before` });
    await round();
    expect(await ctx.mailsTo(email)).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(jobAlertDeliveries)
        .where(eq(jobAlertDeliveries.alertId, alert!.id)),
    ).toEqual([]);

    // Opening the link only shows the button (no session); the button confirms.
    const page = await runAs(null, confirmLoader, link.pathname + link.search);
    const token = (page.data as { token: string }).token;
    const confirmed = await runAs(null, confirmAction, link.pathname, { form: { token } });
    expect(confirmed.data).toEqual({ outcome: "confirmed" });
    // Again (a second click) is still fine.
    expect(await confirmVisitorAlert(token)).toBe("confirmed");

    // Now a new free job is sent once, a premium one only as a teaser (a visitor has not paid).
    await newJob({ title: `Cook ${tag} free`, description: "Kitchen work." });
    await newJob({ title: `Cook ${tag} premium`, isPublic: false, description: "Secret salary" });
    await round();
    await round();
    const alertMails = (await ctx.mailsTo(email)).slice(1);
    expect(alertMails).toHaveLength(1);
    const mail = alertMails[0]!;
    expect(mail.text).toContain(`Cook ${tag} free`);
    expect(mail.text).toContain(`Cook ${tag} premium`);
    expect(mail.text).toContain(
      "Premium : ses détails s’ouvrent une fois votre inscription complète",
    );
    expect(mail.text).not.toContain("Secret salary");
    expect(mail.text).not.toContain(`Cook ${tag} before`);

    // The one-click unsubscribe works without a session, and the address is gone with the alert.
    const unsubscribe = new URL(mail.headers!["List-Unsubscribe"]!.slice(1, -1));
    const stopped = await runAs(
      null,
      unsubscribeAction,
      unsubscribe.pathname + unsubscribe.search,
      {
        form: { "List-Unsubscribe": "One-Click" },
      },
    );
    expect(stopped.data).toEqual({ stopped: true });
    expect(await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.email, email))).toEqual([]);
  });

  it("refuse a forged or expired confirmation link, and delete alerts left unconfirmed", async () => {
    const ask = async (email: string) => {
      await runAs(null, jobsAction, "/jobs", { form: { name: "Any", frequency: "daily", email } });
      const [row] = await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.email, email));
      const mail = (await ctx.mailsTo(email))[0]!;
      const url = new URL(mail.text.match(/https?:\/\/\S+\/alerts\/confirm\?token=\S+/)![0]);
      expect(url.pathname).toBe("/alerts/confirm");
      return { id: row!.id, token: url.searchParams.get("token")! };
    };
    const stamp = Date.now().toString(36);
    const first = await ask(`late-${stamp}@example.com`);
    const confirm = async (token: string) =>
      (await runAs(null, confirmAction, "/alerts/confirm", { form: { token } })).data;

    // A forged token, or the alert's unsubscribe token, confirms nothing.
    expect(await confirm(`${first.id}.forged`)).toEqual({ outcome: "invalid" });
    expect(await confirm(await unsubscribeToken(first.id))).toEqual({ outcome: "invalid" });
    expect(await confirm("")).toEqual({ outcome: "invalid" });
    // Past its week, the link says it expired (and the waiting alert is deleted).
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await ctx.db
      .update(jobAlerts)
      .set({ createdAt: eightDaysAgo })
      .where(eq(jobAlerts.id, first.id));
    expect(await confirm(first.token)).toEqual({ outcome: "expired" });
    expect(await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.id, first.id))).toEqual([]);

    // A round deletes the alerts nobody confirmed in a week, but not a younger one.
    const old = await ask(`old-${stamp}@example.com`);
    const young = await ask(`young-${stamp}@example.com`);
    const now = tick();
    await ctx.db
      .update(jobAlerts)
      .set({ createdAt: new Date(now.getTime() - 8 * 86_400_000) })
      .where(eq(jobAlerts.id, old.id));
    await ctx.db
      .update(jobAlerts)
      .set({ createdAt: new Date(now.getTime() - 86_400_000) })
      .where(eq(jobAlerts.id, young.id));
    await runJobAlerts({ now });
    expect(await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.id, old.id))).toEqual([]);
    expect(await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.id, young.id))).toHaveLength(1);
    expect(await confirm(old.token)).toEqual({ outcome: "expired" });
  });

  it("from a visitor: a bot filling the hidden field is answered alike and stores nothing; a bad address is refused", async () => {
    const email = `bot-${Date.now().toString(36)}@example.com`;
    const bot = await runAs(null, jobsAction, "/jobs", {
      form: { name: "Any", frequency: "daily", email, website: "http://spam.example" },
    });
    expect(bot.data).toMatchObject({ sentTo: email });
    expect(await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.email, email))).toEqual([]);
    expect(await ctx.mailsTo(email)).toEqual([]);

    const bad = await runAs(null, jobsAction, "/jobs", {
      form: { name: "Any", frequency: "daily", email: "not-an-address" },
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ flash: { ok: false, message: "alerts.errors.email" } });
  });
});

describe("a visitor's alerts when the address gets an account", () => {
  it("become the account's once its e-mail is confirmed; unconfirmed ones stay to expire", async () => {
    const email = `joiner-${Date.now().toString(36)}@example.com`;
    const ask = async (name: string) => {
      await runAs(null, jobsAction, "/jobs", { form: { name, frequency: "daily", email } });
      const mail = (await ctx.mailsTo(email)).find((m) => m.subject.includes(name))!;
      return new URL(mail.text.match(/https?:\/\/\S+\/alerts\/confirm\?token=\S+/)![0]);
    };
    const confirmedLink = await ask("Confirmed one");
    await ask("Never confirmed");
    expect(await confirmVisitorAlert(confirmedLink.searchParams.get("token")!)).toBe("confirmed");

    const signedUp = await runAs(null, authAction, "/auth", {
      form: {
        intent: "signup",
        role: "job_seeker",
        fullName: "Rudo Moyo",
        email,
        country: "Zimbabwe",
        phoneNumber: "+263 77 123 4567",
        password: "long-enough-pw",
        confirmPassword: "long-enough-pw",
        acceptPolicies: "on",
      },
    });
    expect(signedUp.status).toBe(302);
    const alertsOf = async () =>
      (await ctx.db.select().from(jobAlerts).where(eq(jobAlerts.email, email))).map((a) => ({
        name: a.name,
        owned: a.userId !== null,
      }));
    // Signing up alone proves nothing about the address: nothing is attached yet.
    expect(await alertsOf()).toEqual(
      expect.arrayContaining([
        { name: "Confirmed one", owned: false },
        { name: "Never confirmed", owned: false },
      ]),
    );
    const verify = (await ctx.mailsTo(email))
      .map((m) => m.text.match(/https?:\/\/\S+verify-email\S+/)?.[0])
      .find(Boolean)!;
    await auth().handler(new Request(verify.replace(/[).,]+$/, "")));
    expect(await alertsOf()).toEqual(
      expect.arrayContaining([
        { name: "Confirmed one", owned: true },
        { name: "Never confirmed", owned: false },
      ]),
    );
  });
});

describe("dashboard recommendations", () => {
  it("count the sectors and countries of saved jobs and the words of alerts as preferences", async () => {
    const user = await createTestUser();
    const tag = `r${Date.now().toString(36)}`;
    // Newer than every other job of this file (whose clock is 2030), oldest first.
    let at = Date.parse("2040-01-01T00:00:00Z");
    const job = (values: Parameters<typeof ctx.createTestJob>[0]) =>
      ctx.createTestJob({ createdAt: new Date((at += 60_000)), ...values });
    const saved = await job({ title: `Saved ${tag}`, sector: "agriculture", countryCode: "LT" });
    const sameSector = await job({
      title: `Farm ${tag}`,
      sector: "agriculture",
      countryCode: "ZW",
    });
    const sameCountry = await job({
      title: `Driver ${tag}`,
      sector: "logistics",
      countryCode: "LT",
    });
    const word = `welder${tag}`;
    const byWord = await job({ title: `Senior ${word}`, sector: "construction" });
    // The newest jobs match nothing the person has shown they want.
    for (let i = 0; i < 5; i++) {
      await job({ title: `Other ${tag} ${i}`, sector: "healthcare", countryCode: "CA" });
    }

    const recommended = async () => {
      const outcome = await runAs(user, dashboardLoader, "/dashboard");
      return (outcome.data as { recommended: { basis: string; jobs: { title: string }[] } })
        .recommended;
    };
    // Nothing shown yet: the newest jobs.
    expect((await recommended()).basis).toBe("newest");

    await saveJob({ viewer: user, jobId: saved.id });
    await createOwnAlert({
      viewer: user,
      name: "Welding",
      frequency: "weekly",
      filters: { q: word.toUpperCase() },
    });
    const after = await recommended();
    expect(after.basis).toBe("preferences");
    expect(after.jobs.map((j) => j.title).sort()).toEqual(
      [saved.title, sameSector.title, sameCountry.title, byWord.title].sort(),
    );
  });
});
