import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as dashboardAction, loader as dashboardLoader } from "~/app/routes/dashboard/home";
import { notifications } from "~/server/db/schema";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();

type Dashboard = {
  stats: { unreadNotifications: number };
  notifications: { id: string; title: string; read: boolean }[];
};

async function notify(user: TestUser, title: string, createdAt: Date) {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId: user.id, kind: "application_status", title, body: title, createdAt })
    .returning({ id: notifications.id });
  return row!.id;
}

async function dashboard(user: TestUser) {
  const outcome = await runAs(user, dashboardLoader, "/dashboard");
  expect(outcome.status).toBe(200);
  return outcome.data as Dashboard;
}

function markSeen(user: TestUser | null, newestSeenId: string) {
  return runAs(user, dashboardAction, "/dashboard?index", {
    form: { intent: "mark-notifications-read", newestSeenId },
  });
}

describe("notifications", () => {
  it("stay new while only loaded, and are read once the applicant has seen the list", async () => {
    const rudo = await createTestUser();
    const t0 = Date.now() - 60_000;
    await notify(rudo, "Older", new Date(t0));
    const newest = await notify(rudo, "Newest", new Date(t0 + 1000));

    // Loading the page (as a prefetch would) reads nothing.
    for (let i = 0; i < 2; i++) {
      const d = await dashboard(rudo);
      expect(d.stats.unreadNotifications).toBe(2);
      expect(d.notifications.map((n) => [n.title, n.read])).toEqual([
        ["Newest", false],
        ["Older", false],
      ]);
    }

    // A notification that arrives after the list was shown is not covered by "seen".
    await notify(rudo, "Arrived later", new Date(t0 + 2000));
    const seen = await markSeen(rudo, newest);
    expect(seen.data).toEqual({ marked: 2 });

    const after = await dashboard(rudo);
    expect(after.stats.unreadNotifications).toBe(1);
    expect(after.notifications.map((n) => [n.title, n.read])).toEqual([
      ["Arrived later", false],
      ["Newest", true],
      ["Older", true],
    ]);
  });

  it("another person's notification id marks nothing, and a visitor is sent to sign in", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const id = await notify(owner, "Private", new Date());
    await notify(other, "Mine", new Date());

    const outcome = await markSeen(other, id);
    expect(outcome.data).toEqual({ marked: 0 });
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row!.readAt).toBeNull();
    expect((await dashboard(other)).stats.unreadNotifications).toBe(1);

    const visitor = await markSeen(null, id);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth/);

    const broken = await markSeen(other, "not-an-id");
    expect(broken.status).toBe(400);
  });
});
