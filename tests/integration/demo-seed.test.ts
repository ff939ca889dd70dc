import path from "node:path";
import { count, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_STATUSES } from "~/domain/enums";
import { refusedStatusesForStaff } from "~/server/applications/application-facts.server";
import { listAllApplicationsForStaff } from "~/server/applications/staff.server";
import { contactInquiries, documents, messageRecipients, profiles } from "~/server/db/schema";
import { seedServices } from "~/server/boot.server";
import { seedDemo } from "~/server/db/seed.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { readWorkQueuesForStaff } from "~/server/queues/work-queues.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage, storage } from "~/server/storage/storage.server";
import { EVERY_OFFICE, setupTestDatabase } from "./harness";

// `npm start` on an empty data folder shows a back-office worth looking at:
// applicants of both offices at every stage, documents waiting, messages, inquiries and
// interviews today, consistent with the facts their statuses state.

const ctx = setupTestDatabase();

beforeAll(async () => {
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
  await seedDemo(seedServices(), { password: "demo-password-123", activity: true });
}, 120_000);

const demoApplicants = () =>
  ctx.db
    .select({ id: profiles.id, office: profiles.office, role: profiles.role })
    .from(profiles)
    .where(like(profiles.email, "%@demo.passage.test"));

async function staffId(email: string) {
  const [row] = await ctx.db
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.email, email));
  return row!;
}

describe("the lived-in demo", () => {
  it("has a few dozen applicants of both offices, with applications at every stage", async () => {
    const people = await demoApplicants();
    expect(people.length).toBeGreaterThanOrEqual(30);
    expect(people.filter((p) => p.office === "Harare").length).toBeGreaterThanOrEqual(15);
    expect(people.filter((p) => p.office === "Midrand").length).toBeGreaterThanOrEqual(15);

    const list = await listAllApplicationsForStaff({
      filter: {},
      scope: EVERY_OFFICE,
      page: 1,
      pageSize: 500,
    });
    const statuses = new Set(list.items.map((a) => a.status));
    expect([...APPLICATION_STATUSES].filter((s) => !statuses.has(s))).toEqual([]);

    // No status states a fact the data does not prove (decision record 32).
    const refused = await refusedStatusesForStaff(list.items);
    const lying = list.items.filter((a) => refused.get(a.id)?.[a.status]);
    expect(lying.map((a) => [a.applicantName, a.status])).toEqual([]);
  });

  it("gives each office's manager queues to work on, and the files behind the documents", async () => {
    for (const email of ["manager@passage.test", "midrand.manager@passage.test"]) {
      const viewer = await staffId(email);
      const scope = await officeScopeFor(viewer);
      const queues = await readWorkQueuesForStaff({ viewer, scope });
      expect(queues.documents.count, email).toBeGreaterThan(0);
      expect(queues.unowned.count, email).toBeGreaterThan(0);
      expect(queues.messages.count, email).toBeGreaterThan(0);
      expect(queues.interviews.count, email).toBeGreaterThan(0);
      expect(queues.mine, email).toBeGreaterThan(0);
      const [doc] = await ctx.rowsWhere(documents, "id", queues.documents.items[0]!.id);
      expect(await storage().exists(doc!.storageKey)).toBe(true);
    }
    const [inbox] = await ctx.db.select({ n: count() }).from(messageRecipients);
    expect(inbox!.n).toBeGreaterThan(0);
    const [pending] = await ctx.db
      .select({ n: count() })
      .from(contactInquiries)
      .where(eq(contactInquiries.status, "pending"));
    expect(pending!.n).toBeGreaterThan(0);
  });

  it("is seeded once", async () => {
    const before = (await demoApplicants()).length;
    await seedDemo(seedServices(), { password: "demo-password-123", activity: true });
    expect((await demoApplicants()).length).toBe(before);
  });
});
