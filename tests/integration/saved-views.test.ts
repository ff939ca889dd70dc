import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as adminLayoutLoader } from "~/app/routes/admin/layout";
import { action as viewsAction, loader as viewsLoader } from "~/app/routes/admin/views";
import { auditLog, savedViews } from "~/server/db/schema";
import {
  deleteSavedView,
  listSavedViews,
  SavedViewError,
} from "~/server/saved-views/saved-views.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

async function post(user: TestUser | null, form: Record<string, string>) {
  return runAs(user, viewsAction, "/admin/views", { form });
}

async function viewsOf(user: TestUser) {
  const outcome = await runAs(user, viewsLoader, "/admin/views");
  return (outcome.data as { views: { id: string; name: string; query: string }[] }).views;
}

async function sidebarOf(user: TestUser) {
  const outcome = await runAs(user, adminLayoutLoader, "/admin/applications");
  return (outcome.data as { savedViews: { name: string; query: string }[] }).savedViews;
}

describe("saved views of the applications list", () => {
  it("saves the list's filters under a name, back on the list with them, in the owner's sidebar", async () => {
    const manager = await createTestUser({ role: "manager" });
    const outcome = await post(manager, {
      intent: "create",
      name: "  Interviews this week ",
      query:
        "?q=welder&status=interview_scheduled&page=4&view=00000000-0000-4000-8000-000000000000",
    });
    expect(outcome).toMatchObject({
      status: 302,
      location: "/admin/applications?q=welder&status=interview_scheduled&done=viewSaved",
    });
    const views = await viewsOf(manager);
    expect(views).toEqual([
      expect.objectContaining({
        name: "Interviews this week",
        query: "q=welder&status=interview_scheduled",
      }),
    ]);
    expect(await sidebarOf(manager)).toEqual([
      expect.objectContaining({ name: "Interviews this week" }),
    ]);
    const audit = await requestAuditOf(manager.id, "saved_view.create");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.targetId).toBe(views[0]!.id);
  });

  it("is its owner's alone: another staff member neither sees, renames nor deletes it", async () => {
    const owner = await createTestUser({ role: "manager" });
    const other = await createTestUser({ role: "admin" });
    await post(owner, { intent: "create", name: "Mine", query: "status=departed" });
    const [view] = await viewsOf(owner);

    expect(await viewsOf(other)).toEqual([]);
    expect(await sidebarOf(other)).toEqual([]);
    const rename = await post(other, { intent: "rename", viewId: view!.id, name: "Stolen" });
    expect(rename.status).toBe(404);
    const remove = await post(other, { intent: "delete", viewId: view!.id });
    expect(remove.status).toBe(404);
    await expect(deleteSavedView({ actor: other, viewId: view!.id })).rejects.toBeInstanceOf(
      SavedViewError,
    );
    expect(await listSavedViews({ viewer: owner })).toEqual([
      expect.objectContaining({ id: view!.id, name: "Mine" }),
    ]);
    // The same name is free for someone else.
    expect((await post(other, { intent: "create", name: "mine", query: "" })).status).toBe(302);
  });

  it("renames and deletes its owner's views, refusing a name they already use", async () => {
    const manager = await createTestUser({ role: "manager" });
    await post(manager, { intent: "create", name: "First", query: "kind=program" });
    await post(manager, { intent: "create", name: "Second", query: "status=departed" });
    const taken = await post(manager, { intent: "create", name: "FIRST", query: "" });
    expect(taken.status).toBe(400);
    expect((taken.data as { result: { error: { name: string[] } } }).result.error.name).toEqual([
      "errors.viewNameTaken",
    ]);

    const [first, second] = await viewsOf(manager);
    const clash = await post(manager, { intent: "rename", viewId: second!.id, name: "first" });
    expect(clash.status).toBe(400);
    expect(
      await post(manager, { intent: "rename", viewId: second!.id, name: "Departed" }),
    ).toMatchObject({ status: 302, location: "/admin/views?done=viewRenamed" });
    expect(await post(manager, { intent: "delete", viewId: first!.id })).toMatchObject({
      status: 302,
      location: "/admin/views?done=viewDeleted",
    });
    expect((await viewsOf(manager)).map((v) => [v.name, v.query])).toEqual([
      ["Departed", "status=departed"],
    ]);
    expect(await requestAuditOf(manager.id, "saved_view.rename")).toHaveLength(1);
    expect(await requestAuditOf(manager.id, "saved_view.delete")).toHaveLength(1);
  });

  it("is for staff only", async () => {
    const applicant = await createTestUser();
    const load = await runAs(applicant, viewsLoader, "/admin/views");
    expect(load.status).toBe(302);
    const save = await post(applicant, { intent: "create", name: "Mine", query: "" });
    expect(save.status).toBe(302);
    expect(save.location).not.toContain("/admin/applications");
    expect(
      await ctx.db.select().from(savedViews).where(eq(savedViews.userId, applicant.id)),
    ).toEqual([]);
    const visitor = await runAs(null, viewsLoader, "/admin/views");
    expect(visitor.status).toBe(302);
  });
});

async function requestAuditOf(actorId: string, action: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, action)));
}
