import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as adminApplicationsAction } from "~/app/routes/admin/applications";
import { loader as adminApplicationsLoader } from "~/app/routes/admin/applications";
import { loader as dashboardApplicationsLoader } from "~/app/routes/dashboard/applications";
import { loader as dashboardHomeLoader } from "~/app/routes/dashboard/home";
import { addApplicationNote, NoteNotAllowedError } from "~/server/applications/notes.server";
import { changeApplicationStatus } from "~/server/applications/staff.server";
import { applicationNoteMentions, applicationNotes, notifications } from "~/server/db/schema";
import { collectPersonalData } from "~/server/privacy/data-export.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

async function applicationOf(user: TestUser) {
  // The offer stage waits for the passport and CV (decision record 44).
  await ctx.verifyDocuments(user);
  return ctx.createTestApplication(user, {
    status: "job_matched",
    job: { title: "Care Assistant" },
  });
}

function postNote(user: TestUser, applicationId: string, body: string) {
  return runAs(user, adminApplicationsAction, `/admin/applications?view=${applicationId}`, {
    form: { intent: "note", applicationId, body },
  });
}

const notesOf = (applicationId: string) =>
  ctx.db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, applicationId));

const mentionNotifications = (userId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "mention")));

describe("staff notes on an application", () => {
  it("a mention notifies the colleague once (in the app and by e-mail), and the note is in the staff history", async () => {
    const applicant = await createTestUser({ fullName: "Nyasha Applicant" });
    const id = await applicationOf(applicant);
    const writer = await createTestUser({ role: "manager", fullName: "Farai Writer" });
    const colleague = await createTestUser({ role: "admin", fullName: "Rumbidzai Mentioned" });

    const outcome = await postNote(
      writer,
      id,
      `@Rumbidzai Mentioned please call her. @${colleague.email} — and again @rumbidzai mentioned. Me: @Farai Writer`,
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/admin/applications?view=${id}&done=noteAdded`);

    const [note] = await notesOf(id);
    expect(note).toMatchObject({ authorId: writer.id });
    const mentions = await ctx.db
      .select()
      .from(applicationNoteMentions)
      .where(eq(applicationNoteMentions.noteId, note!.id));
    expect(mentions.map((m) => m.userId).sort()).toEqual([colleague.id, writer.id].sort());

    // The colleague: one notification, one e-mail; the writer is not told about their own note.
    const told = await mentionNotifications(colleague.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe("Farai Writer mentioned you");
    expect(told[0]!.link).toBe(`/admin/applications?view=${id}`);
    expect(await mentionNotifications(writer.id)).toHaveLength(0);
    const mails = (await ctx.mailsTo(colleague.email)).filter((m) =>
      m.subject.includes("mentioned you"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Farai Writer mentioned you");
    // The note's words stay in the back-office: the e-mail only points to it.
    expect(mails[0]!.text).not.toContain("please call her");
    const toWriter = await ctx.mailsTo(writer.email);
    expect(toWriter.filter((m) => m.subject.includes("mentioned you"))).toHaveLength(0);

    const audit = await ctx.auditEntries(id, "application.note");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(writer.id);

    // Staff see it in the application's history, with whom it mentions.
    const page = await runAs(writer, adminApplicationsLoader, `/admin/applications?view=${id}`);
    const details = (page.data as { details: { notes: { body: string; mentions: string[] }[] } })
      .details;
    expect(details.notes).toHaveLength(1);
    expect(details.notes[0]!.body).toContain("please call her");
    expect(details.notes[0]!.mentions.sort()).toEqual(
      ["Farai Writer", "Rumbidzai Mentioned"].sort(),
    );
  });

  it("never reaches what the applicant sees: dashboard, applications, notifications, e-mails", async () => {
    const applicant = await createTestUser({ fullName: "Tatenda Private" });
    const id = await applicationOf(applicant);
    const staff = await createTestUser({ role: "manager" });
    const secret = "SECRET-NOTE-do-not-show-7f3a";
    expect((await postNote(staff, id, `${secret} (credit check pending)`)).status).toBe(302);
    // A status change afterwards sends the applicant a notification and an e-mail of their own.
    await changeApplicationStatus({ actor: staff, applicationId: id, status: "offer_received" });

    const home = await runAs(applicant, dashboardHomeLoader, "/dashboard");
    const list = await runAs(applicant, dashboardApplicationsLoader, "/dashboard/applications");
    expect(home.status).toBe(200);
    expect(list.status).toBe(200);
    expect(JSON.stringify(home.data)).not.toContain("SECRET-NOTE");
    expect(JSON.stringify(list.data)).not.toContain("SECRET-NOTE");

    const theirs = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, applicant.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(JSON.stringify(theirs)).not.toContain("SECRET-NOTE");
    const mails = await ctx.mailsTo(applicant.email);
    expect(mails.length).toBeGreaterThan(0);
    expect(JSON.stringify(mails)).not.toContain("SECRET-NOTE");

    // Their data export holds it (notes about a person are theirs to read: decision record 23),
    // by the writer's role, never the writer's name.
    const exported = await collectPersonalData(applicant.id);
    expect(exported.staffNotes).toEqual([
      expect.objectContaining({ applicationId: id, authorRole: "manager" }),
    ]);
    expect(JSON.stringify(exported.staffNotes)).not.toContain(staff.fullName);
    // The writer's own archive does not take what they wrote about someone else.
    expect(JSON.stringify(await collectPersonalData(staff.id))).not.toContain("SECRET-NOTE");
  });

  it("refuses a note by someone who is not staff", async () => {
    const applicant = await createTestUser();
    const id = await applicationOf(applicant);
    const agent = await createTestUser({ role: "agent" });

    for (const outsider of [applicant, agent]) {
      const outcome = await postNote(outsider, id, "I would like to add this");
      expect(outcome.status).not.toBe(200);
      expect([302, 403]).toContain(outcome.status);
      if (outcome.status === 302) expect(outcome.location).not.toContain("done=noteAdded");
      await expect(
        addApplicationNote({ actor: outsider, applicationId: id, body: "Sneaky" }),
      ).rejects.toBeInstanceOf(NoteNotAllowedError);
    }
    expect(await notesOf(id)).toHaveLength(0);
  });

  it("refuses a mention that names nobody, or more than one colleague, saying whom it could be", async () => {
    const applicant = await createTestUser();
    const id = await applicationOf(applicant);
    const writer = await createTestUser({ role: "manager" });
    const first = await createTestUser({ role: "admin", fullName: "Kudzai Twin" });
    const second = await createTestUser({ role: "manager", fullName: "Kudzai Other" });

    const ambiguous = await postNote(writer, id, "@Kudzai can you look?");
    expect(ambiguous.status).toBe(400);
    const errors = (ambiguous.data as { result: { error: { body: string[] } } }).result.error.body;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^errors\.mentionAmbiguous\|@Kudzai: /);
    expect(errors[0]).toContain(`Kudzai Twin (${first.email})`);
    expect(errors[0]).toContain(`Kudzai Other (${second.email})`);

    const unknown = await postNote(writer, id, "@Nobody Here please");
    expect((unknown.data as { result: { error: { body: string[] } } }).result.error.body).toEqual([
      "errors.mentionUnknown|@Nobody",
    ]);
    expect(await notesOf(id)).toHaveLength(0);
    expect(await mentionNotifications(first.id)).toHaveLength(0);

    // Written out in full, it goes through.
    expect((await postNote(writer, id, "@Kudzai Twin can you look?")).status).toBe(302);
    expect(await mentionNotifications(first.id)).toHaveLength(1);
    expect(await mentionNotifications(second.id)).toHaveLength(0);
  });
  it("stays within the writer's offices, and mentions only colleagues who can open the application", async () => {
    const applicant = await createTestUser({ country: "Zimbabwe" }); // Harare's
    const id = await applicationOf(applicant);
    const midrand = await createTestUser({ role: "manager", office: "Midrand" });
    const harare = await createTestUser({ role: "manager", office: "Harare" });
    const elsewhere = await createTestUser({
      role: "manager",
      office: "Midrand",
      fullName: "Zodwa Elsewhere",
    });
    const admin = await createTestUser({ role: "admin", fullName: "Alice Everywhere" });

    expect((await postNote(midrand, id, "Not my office")).status).toBe(404);
    const refused = await postNote(harare, id, "@Zodwa Elsewhere please look");
    expect(refused.status).toBe(400);
    expect((refused.data as { result: { error: { body: string[] } } }).result.error.body).toEqual([
      `errors.mentionOutOfOffice|Zodwa Elsewhere (${elsewhere.email})`,
    ]);
    expect(await notesOf(id)).toHaveLength(0);
    expect(await mentionNotifications(elsewhere.id)).toHaveLength(0);

    expect((await postNote(harare, id, "@Alice Everywhere please look")).status).toBe(302);
    expect(await mentionNotifications(admin.id)).toHaveLength(1);
  });
});
