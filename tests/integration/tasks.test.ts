import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as applicantAction, loader as applicantLoader } from "~/app/routes/admin/applicant";
import { action as homeAction, loader as homeLoader } from "~/app/routes/dashboard/home";
import { addDays } from "~/domain/checklists";
import { applicantTasks, documents, notifications, profiles } from "~/server/db/schema";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { readWorkQueuesForStaff } from "~/server/queues/work-queues.server";
import { createTask, runTaskReminderRound } from "~/server/tasks/tasks.server";
import { setupEndpointTests } from "./endpoint-harness";
import { createTestUser, EVERY_OFFICE, fetchAs, runAs, type TestUser } from "./harness";

// Tasks staff give an applicant (decision record 51): given and cancelled from the applicant's
// page by staff of the applicant's offices, audited; completed by the applicant alone on their
// dashboard (an upload through the document rules); told when given and once when overdue, however
// many rounds run; overdue ones in their owner's work queue.

const { ctx, app } = setupEndpointTests([registerDocumentEndpoints], { uploads: true });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

let harare: TestUser; // manager of Harare only
let midrand: TestUser; // manager of Midrand only
let rudo: TestUser; // Harare's applicant, owned by the Harare manager
let other: TestUser; // another Harare applicant, owned by nobody

const today = agencyToday();

function giveTask(staff: TestUser, applicant: TestUser, form: Record<string, string>) {
  return runAs(staff, applicantAction, `/admin/applicants/${applicant.id}`, {
    params: { id: applicant.id },
    form: { intent: "taskCreate", applicantId: applicant.id, ...form },
  });
}

function tasksOf(applicant: TestUser) {
  return ctx.db.select().from(applicantTasks).where(eq(applicantTasks.applicantId, applicant.id));
}

async function taskTitled(applicant: TestUser, title: string) {
  const [task] = await ctx.db
    .select()
    .from(applicantTasks)
    .where(and(eq(applicantTasks.applicantId, applicant.id), eq(applicantTasks.title, title)));
  return task!;
}

beforeAll(async () => {
  harare = await createTestUser({ role: "manager", office: "Harare" });
  midrand = await createTestUser({ role: "manager", office: "Midrand" });
  rudo = await createTestUser({ fullName: "Rudo Task", office: "Harare" });
  other = await createTestUser({ fullName: "Tendai Task", office: "Harare" });
  await ctx.db.update(profiles).set({ ownerId: harare.id }).where(eq(profiles.id, rudo.id));
});

describe("giving a task", () => {
  it("is checked, written with its audit entry, and tells the applicant in-app and by e-mail", async () => {
    const refused = await giveTask(harare, rudo, {
      kind: "upload",
      title: "Police clearance",
      instructions: "Upload your police clearance.",
      dueOn: addDays(today, 7),
    });
    // An upload task names the document it asks for.
    expect(refused.status).toBe(400);
    expect(await tasksOf(rudo)).toHaveLength(0);

    const given = await giveTask(harare, rudo, {
      kind: "upload",
      title: "Police clearance",
      instructions: "Upload your police clearance.",
      dueOn: addDays(today, 7),
      documentType: "passport",
    });
    expect(given.status).toBe(302);
    expect(given.location).toContain("done=taskCreated");
    const task = await taskTitled(rudo, "Police clearance");
    expect(task).toMatchObject({ status: "open", kind: "upload", documentType: "passport" });
    expect(task.createdBy).toBe(harare.id);
    const audit = await ctx.auditEntries(rudo.id, "task.create");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(harare.id);
    expect(audit[0]!.details).toMatchObject({ taskId: task.id, title: "Police clearance" });
    const notes = await ctx.rowsWhere(notifications, "userId", rudo.id);
    expect(notes.filter((n) => n.kind === "task_assigned")).toHaveLength(1);
    const mails = await ctx.mailsTo(rudo.email);
    expect(mails.map((m) => m.subject)).toContain("A new task for you: Police clearance");

    // The staff page lists it.
    const page = await runAs(harare, applicantLoader, `/admin/applicants/${rudo.id}`, {
      params: { id: rudo.id },
    });
    const { record } = page.data as { record: { tasks: { title: string }[] } };
    expect(record.tasks.map((t) => t.title)).toEqual(["Police clearance"]);
  });

  it("is refused for another office's applicant, and so is cancelling their task", async () => {
    const outcome = await giveTask(midrand, rudo, {
      kind: "answer",
      title: "Your last employer",
      instructions: "Who was your last employer?",
      dueOn: addDays(today, 3),
    });
    expect(outcome.status).toBe(404);
    expect((await tasksOf(rudo)).some((t) => t.title === "Your last employer")).toBe(false);

    const task = await taskTitled(rudo, "Police clearance");
    const cancel = await runAs(midrand, applicantAction, `/admin/applicants/${rudo.id}`, {
      params: { id: rudo.id },
      form: { intent: "taskCancel", taskId: task.id },
    });
    expect(cancel.status).toBe(404);
    expect((await taskTitled(rudo, "Police clearance")).status).toBe("open");
    // An applicant is no staff: the page sends them to their dashboard.
    const asApplicant = await giveTask(rudo, rudo, {
      kind: "answer",
      title: "Self-given",
      instructions: "x",
      dueOn: today,
    });
    expect(asApplicant.status).toBe(302);
    expect((await tasksOf(rudo)).some((t) => t.title === "Self-given")).toBe(false);
  });

  it("is cancelled by staff of the office, audited, and no longer offered to the applicant", async () => {
    await giveTask(harare, rudo, {
      kind: "acknowledge",
      title: "Old notice",
      instructions: "Read this.",
      dueOn: addDays(today, 2),
    });
    const task = await taskTitled(rudo, "Old notice");
    const cancel = await runAs(harare, applicantAction, `/admin/applicants/${rudo.id}`, {
      params: { id: rudo.id },
      form: { intent: "taskCancel", taskId: task.id },
    });
    expect(cancel.location).toContain("done=taskCancelled");
    expect((await taskTitled(rudo, "Old notice")).status).toBe("cancelled");
    expect(await ctx.auditEntries(rudo.id, "task.cancel")).toHaveLength(1);
    const ack = await runAs(rudo, homeAction, "/dashboard?index", {
      form: { intent: "taskAcknowledge", taskId: task.id },
    });
    expect(ack.status).toBe(409);
    expect((await taskTitled(rudo, "Old notice")).status).toBe("cancelled");
  });
});

describe("completing a task", () => {
  it("shows the applicant their open tasks first, and they answer and acknowledge their own only", async () => {
    await giveTask(harare, rudo, {
      kind: "answer",
      title: "Your last employer",
      instructions: "Who was your last employer?",
      dueOn: addDays(today, 3),
    });
    await giveTask(harare, rudo, {
      kind: "acknowledge",
      title: "Your rights abroad",
      instructions: "You may keep your passport yourself.",
      dueOn: addDays(today, 1),
    });
    const home = await runAs(rudo, homeLoader, "/dashboard");
    const { tasks } = home.data as { tasks: { open: { title: string }[] } };
    // Soonest due first.
    expect(tasks.open.map((t) => t.title)).toEqual([
      "Your rights abroad",
      "Your last employer",
      "Police clearance",
    ]);

    const question = await taskTitled(rudo, "Your last employer");
    // Another applicant cannot answer it.
    const intruder = await runAs(other, homeAction, "/dashboard?index", {
      form: { intent: "taskAnswer", taskId: question.id, answer: "Not me" },
    });
    expect(intruder.status).toBe(409);
    expect((await taskTitled(rudo, "Your last employer")).status).toBe("open");
    // An empty answer is refused by the schema.
    const empty = await runAs(rudo, homeAction, "/dashboard?index", {
      form: { intent: "taskAnswer", taskId: question.id, answer: "  " },
    });
    expect(empty.status).toBe(400);

    const answered = await runAs(rudo, homeAction, "/dashboard?index", {
      form: { intent: "taskAnswer", taskId: question.id, answer: "Harare Clinic" },
    });
    expect(answered.status).toBe(302);
    expect(answered.location).toBe("/dashboard?done=taskDone");
    expect(await taskTitled(rudo, "Your last employer")).toMatchObject({
      status: "done",
      answer: "Harare Clinic",
    });
    // Done once: a second answer changes nothing.
    const again = await runAs(rudo, homeAction, "/dashboard?index", {
      form: { intent: "taskAnswer", taskId: question.id, answer: "Something else" },
    });
    expect(again.status).toBe(409);
    expect((await taskTitled(rudo, "Your last employer")).answer).toBe("Harare Clinic");

    const notice = await taskTitled(rudo, "Your rights abroad");
    const ack = await runAs(rudo, homeAction, "/dashboard?index", {
      form: { intent: "taskAcknowledge", taskId: notice.id },
    });
    expect(ack.status).toBe(302);
    expect((await taskTitled(rudo, "Your rights abroad")).status).toBe("done");

    // The notification list's "seen" post still works on the same page.
    const [note] = await ctx.rowsWhere(notifications, "userId", rudo.id);
    const seen = await runAs(rudo, homeAction, "/dashboard?index", {
      form: { intent: "mark-notifications-read", newestSeenId: note!.id },
    });
    expect(seen.data).toMatchObject({ marked: expect.any(Number) });
  });

  it("completes an upload task by an upload through the document rules, its own only", async () => {
    const task = await taskTitled(rudo, "Police clearance");
    const file = () => new File([new Uint8Array(PDF)], "clearance.pdf");

    // Another applicant's upload naming it: refused before anything is stored.
    const intruder = await fetchAs(app, other, "/api/documents", {
      form: { documentType: "passport", taskId: task.id, file: file() },
    });
    expect(await intruder.json()).toMatchObject({ ok: false, error: "taskClosed" });
    expect(await ctx.rowsWhere(documents, "userId", other.id)).toHaveLength(0);
    // A type the task does not ask for: refused too.
    const wrongType = await fetchAs(app, rudo, "/api/documents", {
      form: { documentType: "cv", taskId: task.id, file: file() },
    });
    expect(await wrongType.json()).toMatchObject({ ok: false, error: "taskClosed" });
    // The document rules hold: a file that is not what it says is refused, the task stays open.
    const notPdf = await runAs(rudo, homeAction, `/dashboard?index&task=${task.id}`, {
      form: {
        documentType: "passport",
        taskId: task.id,
        file: new File([new Uint8Array(Buffer.from("plain text"))], "x.pdf"),
      },
    });
    expect(notPdf.status).toBe(400);
    expect(notPdf.data).toMatchObject({ intent: `task-${task.id}`, flash: { ok: false } });
    expect((await taskTitled(rudo, "Police clearance")).status).toBe("open");

    // Without JavaScript: the form posts to the dashboard, which uploads as the documents page does.
    const uploaded = await runAs(rudo, homeAction, `/dashboard?index&task=${task.id}`, {
      form: { documentType: "passport", taskId: task.id, file: file() },
    });
    expect(uploaded.status).toBe(302);
    expect(uploaded.location).toBe("/dashboard?done=taskDone");
    const done = await taskTitled(rudo, "Police clearance");
    expect(done.status).toBe("done");
    const [doc] = await ctx.rowsWhere(documents, "userId", rudo.id);
    expect(doc).toMatchObject({ documentType: "passport", status: "pending" });
    expect(done.documentId).toBe(doc!.id);
  });
});

describe("overdue tasks", () => {
  it("tell the applicant once, however many rounds run, and wait in their owner's queue", async () => {
    const yesterday = addDays(today, -1);
    const late = await createTask({
      actor: harare,
      input: {
        applicantId: rudo.id,
        kind: "answer",
        title: "Late answer",
        instructions: "Tell us.",
        dueOn: yesterday,
      },
    });
    const unowned = await createTask({
      actor: harare,
      input: {
        applicantId: other.id,
        kind: "acknowledge",
        title: "Unowned late",
        instructions: "Read.",
        dueOn: yesterday,
      },
    });
    // Due today is not overdue yet.
    await createTask({
      actor: harare,
      input: {
        applicantId: rudo.id,
        kind: "answer",
        title: "Due today",
        instructions: "Tell us today.",
        dueOn: today,
      },
    });

    await Promise.all([runTaskReminderRound(), runTaskReminderRound()]);
    await runTaskReminderRound();
    const overdueMails = async (user: TestUser) =>
      (await ctx.mailsTo(user.email)).filter((m) => m.subject.startsWith("Overdue:"));
    expect((await overdueMails(rudo)).map((m) => m.subject)).toEqual(["Overdue: Late answer"]);
    expect((await overdueMails(other)).map((m) => m.subject)).toEqual(["Overdue: Unowned late"]);
    const notes = await ctx.rowsWhere(notifications, "userId", rudo.id);
    expect(notes.filter((n) => n.kind === "task_overdue")).toHaveLength(1);
    // A later day's round: still once.
    await runTaskReminderRound({ now: new Date(Date.now() + 3 * 86_400_000) });
    const lateMails = (await overdueMails(rudo)).filter((m) => m.subject.endsWith("Late answer"));
    expect(lateMails).toHaveLength(1);

    // The owner's queue: their applicant's overdue task, and the unowned applicant's one they gave.
    const mine = await readWorkQueuesForStaff({ viewer: harare, scope: EVERY_OFFICE });
    expect(mine.tasks.items.map((t) => t.id).sort()).toEqual([late.id, unowned.id].sort());
    expect(mine.tasks.count).toBe(2);
    // Someone else's queue does not hold them.
    const colleague = await createTestUser({ role: "manager", office: "Harare" });
    const theirs = await readWorkQueuesForStaff({ viewer: colleague, scope: EVERY_OFFICE });
    expect(theirs.tasks.count).toBe(0);

    // Done, it leaves the queue.
    await runAs(rudo, homeAction, "/dashboard?index", {
      form: { intent: "taskAnswer", taskId: late.id, answer: "Sorry, here it is." },
    });
    const after = await readWorkQueuesForStaff({ viewer: harare, scope: EVERY_OFFICE });
    expect(after.tasks.items.map((t) => t.id)).toEqual([unowned.id]);
  });
});
