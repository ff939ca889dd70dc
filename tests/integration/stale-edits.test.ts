import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as applicationsAction } from "~/app/routes/admin/applications";
import { PostFormSchema } from "~/domain/content";
import {
  bulkChangeApplicationStatus,
  selectApplicationsForBulk,
} from "~/server/applications/bulk.server";
import {
  changeApplicationStatus,
  setDeparture,
  updateAdminComments,
} from "~/server/applications/staff.server";
import { updateCatalogueItem } from "~/server/catalogue/save.server";
import { createPost, updatePost } from "~/server/content/posts.server";
import {
  auditLog,
  blogPosts,
  jobApplications,
  jobs,
  mailOutbox,
  programs,
} from "~/server/db/schema";
import { StaleEditError } from "~/server/db/versions.server";
import { createTestUser, EVERY_OFFICE, runAs, setupTestDatabase, type TestUser } from "./harness";

// Decision record 37: an edit made on an older version of a record is refused, nothing written,
// audited or mailed, and the refusal names who changed it and when.

const ctx = setupTestDatabase();

let first: TestUser;
let second: TestUser;

beforeAll(async () => {
  first = await createTestUser({ role: "manager", fullName: "Farai First" });
  second = await createTestUser({ role: "manager", fullName: "Sipho Second" });
});

/** Everything a refused write could have left behind, for a record. */
async function traces(targetId: string, email?: string) {
  const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
  const mails = email
    ? await ctx.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(sql`${mailOutbox.to} = ${email}`)
    : [];
  return { audit: audit.length, mails: mails.length };
}

const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

type Case = {
  name: string;
  /** Creates the record; its id and its applicant's e-mail (to count mail). */
  create: () => Promise<{ id: string; email?: string }>;
  /** One staff member's edit at `version`, writing `value`. */
  edit: (actor: TestUser, id: string, version: number, value: string) => Promise<unknown>;
  /** What the record holds now (the edited field). */
  read: (id: string) => Promise<unknown>;
  values: [string, string];
};

async function newApplication() {
  const person = await createTestUser();
  const id = await ctx.createTestApplication(person, { status: "registration_pending" });
  return { id, email: person.email };
}
const appField = (field: "status" | "adminComments" | "departureDetails") => async (id: string) =>
  (await ctx.db.select().from(jobApplications).where(eq(jobApplications.id, id)))[0]![field];

const CASES: Case[] = [
  {
    name: "an application's status",
    create: newApplication,
    edit: (actor, applicationId, version, status) =>
      changeApplicationStatus({
        actor,
        applicationId,
        status: status as "withdrawn" | "job_matched",
        expectedVersion: version,
      }),
    read: appField("status"),
    values: ["job_matched", "withdrawn"],
  },
  {
    name: "an application's comments",
    create: newApplication,
    edit: (actor, applicationId, version, text) =>
      updateAdminComments({ actor, applicationId, adminComments: text, expectedVersion: version }),
    read: appField("adminComments"),
    values: ["Bring your passport on Monday.", "Bring your CV on Tuesday."],
  },
  {
    name: "an application's departure",
    create: newApplication,
    edit: (actor, applicationId, version, details) =>
      setDeparture({
        actor,
        applicationId,
        departureDate: future(),
        details,
        expectedVersion: version,
      }),
    read: appField("departureDetails"),
    values: ["Flight EK 714", "Flight ET 872"],
  },
  {
    name: "a job",
    create: async () => ({ id: (await ctx.createTestJob({ title: "Welder" })).id }),
    edit: (actor, id, version, title) =>
      ctx.db.transaction((tx) =>
        updateCatalogueItem(tx, {
          kind: "job",
          id,
          values: { title } as never,
          actorId: actor.id,
          version,
        }),
      ),
    read: async (id) => (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!.title,
    values: ["Senior welder", "Junior welder"],
  },
  {
    name: "a study program",
    create: async () => ({ id: (await ctx.createTestProgram({ title: "BSc Nursing" })).id }),
    edit: (actor, id, version, title) =>
      ctx.db.transaction((tx) =>
        updateCatalogueItem(tx, {
          kind: "program",
          id,
          values: { title } as never,
          actorId: actor.id,
          version,
        }),
      ),
    read: async (id) => (await ctx.db.select().from(programs).where(eq(programs.id, id)))[0]!.title,
    values: ["MSc Nursing", "BSc Midwifery"],
  },
  {
    name: "a post",
    create: async () => {
      const form = PostFormSchema.parse({
        title: "Intake news",
        category: "news",
        status: "draft",
      });
      return { id: (await createPost({ actor: first, form }))!.id };
    },
    edit: (actor, id, version, title) =>
      updatePost({
        actor,
        id,
        version,
        form: PostFormSchema.parse({ title, category: "news", status: "draft" }),
      }),
    read: async (id) =>
      (await ctx.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!.title,
    values: ["Intake news: March", "Intake news: April"],
  },
];

describe.each(CASES)("a stale edit of $name", ({ create, edit, read, values }) => {
  it("is refused, naming who changed it and when, and writes, audits and mails nothing", async () => {
    const { id, email } = await create();
    // Both opened version 1; the first saves.
    await edit(first, id, 1, values[0]);
    expect(await read(id)).toBe(values[0]);
    const before = await traces(id, email);

    const refused = await edit(second, id, 1, values[1]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StaleEditError);
    expect((refused as StaleEditError).stale).toMatchObject({ by: "Farai First" });
    expect(Date.parse((refused as StaleEditError).stale.at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await read(id)).toBe(values[0]);
    expect(await traces(id, email)).toEqual(before);

    // Made again on the version it holds now, the edit goes through.
    await edit(second, id, 2, values[1]);
    expect(await read(id)).toBe(values[1]);
  });

  it("of two edits made at once on the same version, exactly one wins", async () => {
    const { id } = await create();
    const outcomes = await Promise.allSettled([
      edit(first, id, 1, values[0]),
      edit(second, id, 1, values[1]),
    ]);
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o) => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(StaleEditError);
    expect(await read(id)).toBe(values[outcomes.indexOf(won[0]!)]);
  });
});

describe("the staff screens", () => {
  it("answer a stale status change with who changed it, when and the status it has now", async () => {
    const { id, email } = await newApplication();
    await changeApplicationStatus({
      actor: first,
      applicationId: id,
      status: "withdrawn",
      expectedVersion: 1,
    });
    const before = await traces(id, email);
    const outcome = await runAs(second, applicationsAction, "/admin/applications", {
      form: { intent: "status", applicationId: id, status: "job_matched", version: "1" },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      flash: {
        ok: false,
        stale: {
          by: "Farai First",
          currentKey: "common:labels.applicationStatus.withdrawn.label",
        },
      },
    });
    expect(await appField("status")(id)).toBe("withdrawn");
    expect(await traces(id, email)).toEqual(before);
  });

  it("keep the comment a refused save carried, and show the one saved", async () => {
    const { id } = await newApplication();
    await updateAdminComments({
      actor: first,
      applicationId: id,
      adminComments: "Seen on Monday.",
      expectedVersion: 1,
    });
    const outcome = await runAs(second, applicationsAction, "/admin/applications", {
      form: { intent: "comments", applicationId: id, adminComments: "Call back.", version: "1" },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      kept: { adminComments: "Call back." },
      flash: { stale: { by: "Farai First", current: "Seen on Monday." } },
    });
    expect(await appField("adminComments")(id)).toBe("Seen on Monday.");
  });

  it("refuse in a bulk move only the row changed since the list was opened", async () => {
    const a = await newApplication();
    const b = await newApplication();
    // Someone puts b on hold after the list was read (at version 1 for both).
    const applications = await selectApplicationsForBulk({
      selection: "selected",
      ids: [a.id, b.id],
      filter: {},
      scope: EVERY_OFFICE,
    });
    await changeApplicationStatus({ actor: first, applicationId: b.id, status: "withdrawn" });
    const before = await traces(b.id, b.email);
    const summary = await bulkChangeApplicationStatus({
      actor: second,
      applications,
      to: "job_matched",
    });
    expect(summary.changed).toBe(1);
    expect(summary.refused).toMatchObject([
      { id: b.id, reason: "changedMeanwhile", stale: { by: "Farai First" } },
    ]);
    expect(await appField("status")(a.id)).toBe("job_matched");
    expect(await appField("status")(b.id)).toBe("withdrawn");
    expect(await traces(b.id, b.email)).toEqual(before);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, b.id), eq(auditLog.actorId, second.id))),
    ).toEqual([]);
  });
});
