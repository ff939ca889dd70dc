import { beforeAll, describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import { loader as detailLoader } from "~/app/routes/jobs/detail";
import { loader as listLoader } from "~/app/routes/jobs/list";
import { loader as homeLoader } from "~/app/routes/public/home";
import { JOBS_COUNT_CAP } from "~/domain/jobs";
import { db } from "~/server/db/client.server";
import { jobs } from "~/server/db/schema";
import { toggleJobFlag } from "~/server/jobs/admin.server";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

type ListData = {
  search: { page: number };
  result: {
    items: { id: string; title: string; locked: boolean }[];
    total: number;
    capped: boolean;
    page: number;
    pageCount: number | null;
    hasNext: boolean;
    counts: { public: number; premium: number } | null;
  };
};

async function list(user: Awaited<ReturnType<typeof createTestUser>> | null, query: string) {
  const outcome = await runAs(user, listLoader, `/jobs${query}`);
  expect(outcome.status).toBe(200);
  return outcome.data as ListData;
}

describe("premium jobs stay on the server", () => {
  const secret = {
    title: "Premium Welder Zeta",
    description: "SECRET-DESCRIPTION-7f3 weld pipelines in Gdansk",
    requirements: ["SECRET-REQUIREMENT-7f3"],
    benefits: ["SECRET-BENEFIT-7f3"],
    salaryRange: "SECRET-SALARY-7f3",
    salaryMin: 987654,
    salaryMax: 987655,
    salaryCurrency: "PLN",
    isPublic: false,
    countryCode: "PL",
  };
  const leaks = (data: unknown) =>
    [
      "SECRET-DESCRIPTION",
      "SECRET-REQUIREMENT",
      "SECRET-BENEFIT",
      "SECRET-SALARY",
      "987654",
    ].filter((s) => JSON.stringify(data).includes(s));

  it("list data for a visitor and an unpaid user carries only the teaser of a premium job", async () => {
    const job = await ctx.createTestJob({ ...secret });
    const unpaid = await createTestUser();
    for (const user of [null, unpaid]) {
      const data = await list(user, "?q=Welder%20Zeta");
      const card = data.result.items.find((i) => i.id === job.id);
      expect(card).toMatchObject({ title: secret.title, locked: true });
      expect(leaks(data)).toEqual([]);

      const home = await runAs(user, homeLoader, "/?country=PL");
      expect(JSON.stringify(home.data)).toContain(secret.title);
      expect(leaks(home.data)).toEqual([]);
    }
  });

  it("the detail of a premium job redirects a visitor to sign in and an unpaid user to payment", async () => {
    const job = await ctx.createTestJob({ ...secret, title: "Premium Welder Eta" });
    const visitor = await runAs(null, detailLoader, `/jobs/${job.id}`, {
      params: {
        id: job.id,
      },
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/jobs/${job.id}`)}`);
    expect(leaks(visitor.data)).toEqual([]);
    // From the French page, to the French sign-in page (which returns to /fr/jobs/…).
    const french = await runAs(null, detailLoader, `/fr/jobs/${job.id}`, {
      params: {
        id: job.id,
      },
    });
    expect(french.location).toBe(`/fr/auth?redirectTo=${encodeURIComponent(`/jobs/${job.id}`)}`);

    const unpaid = await createTestUser();
    const outcome = await runAs(unpaid, detailLoader, `/jobs/${job.id}`, {
      params: {
        id: job.id,
      },
    });
    expect(outcome.status).toBe(302);
    // Back to the job once paid.
    expect(outcome.location).toBe(
      `/dashboard/payment?notice=payment-required&redirectTo=%2Fjobs%2F${job.id}`,
    );
    expect(leaks(outcome.data)).toEqual([]);
  });

  it("paid applicants and staff see everything", async () => {
    const job = await ctx.createTestJob({ ...secret, title: "Premium Welder Theta" });
    for (const user of [
      await createTestUser({ paid: true }),
      await createTestUser({ role: "manager" }),
    ]) {
      const detail = await runAs(user, detailLoader, `/jobs/${job.id}`, {
        params: {
          id: job.id,
        },
      });
      expect(detail.status).toBe(200);
      expect(JSON.stringify(detail.data)).toContain("SECRET-REQUIREMENT-7f3");
      const data = await list(user, "?q=Welder%20Theta");
      expect(data.result.items[0]).toMatchObject({ id: job.id, locked: false });
      expect(JSON.stringify(data)).toContain("SECRET-SALARY-7f3");
    }
  });

  it("searching a premium job's description does not reveal it to a locked viewer", async () => {
    await ctx.createTestJob({
      ...secret,
      title: "Premium Welder Iota",
      description: "uniqueword-q9x",
    });
    const unpaid = await createTestUser();
    expect((await list(unpaid, "?q=uniqueword-q9x")).result.total).toBe(0);
    const paid = await createTestUser({ paid: true });
    expect((await list(paid, "?q=uniqueword-q9x")).result.total).toBe(1);
  });
});

describe("searches kept in memory until a job changes", () => {
  it("never gives a locked viewer the page a paid applicant saw, nor the other way round", async () => {
    const job = await ctx.createTestJob({
      title: "Kept Search Welder",
      description: "KEPT-SECRET-4k1 the full description",
      salaryRange: "KEPT-SALARY-4k1",
      isPublic: false,
    });
    const paid = await createTestUser({ paid: true });
    const unpaid = await createTestUser();
    for (const [user, locked] of [
      [paid, false],
      [unpaid, true],
      [null, true],
      [paid, false],
    ] as const) {
      const data = await list(user, "?q=Kept%20Search%20Welder");
      expect(data.result.items).toEqual([expect.objectContaining({ id: job.id, locked })]);
      expect(JSON.stringify(data).includes("KEPT-SALARY-4k1")).toBe(!locked);
    }
  });

  it("shows a staff member's change to a job on the very next search, to every viewer", async () => {
    const admin = await createTestUser({ role: "admin" });
    const job = await ctx.createTestJob({ title: "Kept Search Cook", isPublic: true });
    const paid = await createTestUser({ paid: true });
    expect((await list(paid, "?q=Kept%20Search%20Cook")).result.total).toBe(1);
    expect((await list(null, "?q=Kept%20Search%20Cook")).result.total).toBe(1);

    await toggleJobFlag({ actor: admin, jobId: job.id, flag: "isActive" });
    expect((await list(paid, "?q=Kept%20Search%20Cook")).result.total).toBe(0);
    expect((await list(null, "?q=Kept%20Search%20Cook")).result.total).toBe(0);

    await toggleJobFlag({ actor: admin, jobId: job.id, flag: "isActive" });
    const again = await list(null, "?q=Kept%20Search%20Cook");
    expect(again.result.items).toEqual([expect.objectContaining({ id: job.id, locked: false })]);
  });
});

describe("job detail", () => {
  it("answers 404 'Job not found' for a missing, inactive or archived job", async () => {
    const inactive = await ctx.createTestJob({ isActive: false });
    const archived = await ctx.createTestJob({ archivedAt: new Date() });
    const user = await createTestUser({ paid: true });
    for (const id of [
      inactive.id,
      archived.id,
      "6f1c1a52-8a4b-4c1e-9a55-000000000000",
      "not-a-uuid",
    ]) {
      const outcome = await runAs(user, detailLoader, `/jobs/${id}`, { params: { id } });
      expect(outcome.status, id).toBe(404);
      expect((outcome.data as { job: unknown }).job).toBeNull();
    }
  });

  it("shows a public job to a visitor, with its lists and salary", async () => {
    const job = await ctx.createTestJob({
      title: "Farm Hand Lambda",
      requirements: ["Tractor licence"],
      benefits: ["Housing"],
      salaryRange: "AUD 30 / hour",
      countryCode: "AU",
    });
    const outcome = await runAs(null, detailLoader, `/jobs/${job.id}`, {
      params: {
        id: job.id,
      },
    });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({
      job: {
        title: "Farm Hand Lambda",
        requirements: ["Tractor licence"],
        benefits: ["Housing"],
        salaryRange: "AUD 30 / hour",
        countryName: "Australia",
      },
      applied: null,
    });
  });
});

describe("job search", () => {
  it("matches title, description and country name case-insensitively, AND-combining filters", async () => {
    const a = await ctx.createTestJob({
      title: "Kappa Orchard Picker",
      sector: "agriculture",
      jobType: "entry_level",
      countryCode: "CA",
    });
    const b = await ctx.createTestJob({
      title: "Kappa Driver",
      description: "Deliver ORCHARD fruit",
      sector: "logistics",
      jobType: "skilled",
      countryCode: "CA",
    });
    const c = await ctx.createTestJob({
      title: "Kappa Nurse",
      sector: "healthcare",
      jobType: "skilled",
      countryCode: "IE",
    });
    const ids = async (q: string) => (await list(null, q)).result.items.map((i) => i.id).sort();

    expect(await ids("?q=kappa%20orchard")).toEqual([a.id]);
    expect(await ids("?q=orchard")).toEqual(expect.arrayContaining([a.id, b.id].sort()));
    expect(await ids("?q=kappa&country=CA")).toEqual([a.id, b.id].sort());
    expect(await ids("?q=kappa&country=CA&type=skilled")).toEqual([b.id]);
    expect(await ids("?q=kappa&sector=healthcare&country=all&type=")).toEqual([c.id]);
    // Country name search: "irel" finds the Irish job among the Kappa jobs.
    const irish = (await list(null, "?q=irel")).result.items.map((i) => i.id);
    expect(irish).toContain(c.id);
    expect(irish).not.toContain(a.id);
  });

  it("treats LIKE wildcards in the search text literally", async () => {
    await ctx.createTestJob({ title: "Wildcard Mu" });
    expect((await list(null, "?q=%25")).result.total).toBe(0);
    expect((await list(null, "?q=Wildcard_Mu")).result.total).toBe(0);
  });

  it("counts free and premium jobs of the filtered set", async () => {
    await ctx.createTestJob({ title: "Sigma Count A", isPublic: true });
    await ctx.createTestJob({ title: "Sigma Count B", isPublic: false });
    await ctx.createTestJob({ title: "Sigma Count C", isPublic: false });
    await ctx.createTestJob({ title: "Sigma Count D", isActive: false });
    const data = await list(null, "?q=Sigma%20Count");
    expect(data.result.total).toBe(3);
    expect(data.result.counts).toEqual({ public: 1, premium: 2 });
  });
});

describe("paging", () => {
  it("returns stable, complete pages: every job once, newest first", async () => {
    const base = Date.now() - 86_400_000;
    const created: string[] = [];
    for (let i = 0; i < 60; i++) {
      // Pairs share a timestamp so the order has to break ties by id.
      const job = await ctx.createTestJob({
        title: `Pagewalk ${i}`,
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      });
      created.push(job.id);
    }
    const first = await list(null, "?q=Pagewalk");
    expect(first.result.total).toBe(60);
    expect(first.result.pageCount).toBe(5);

    const seen: string[] = [];
    for (let page = 1; page <= first.result.pageCount!; page++) {
      const data = await list(null, `?q=Pagewalk&page=${page}`);
      expect(data.result.page).toBe(page);
      seen.push(...data.result.items.map((i) => i.id));
      // Asking again gives the same page.
      const again = await list(null, `?q=Pagewalk&page=${page}`);
      expect(again.result.items.map((i) => i.id)).toEqual(data.result.items.map((i) => i.id));
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect([...seen].sort()).toEqual([...created].sort());
    // Newest first: the last-created pair leads.
    expect(seen.slice(0, 2).sort()).toEqual(created.slice(58).sort());
  });

  it("the home page's latest jobs are the board's newest, for a visitor and a paid applicant", async () => {
    for (let i = 0; i < 5; i++) await ctx.createTestJob({ title: `Latest ${i}` });
    const paid = await createTestUser({ paid: true });
    for (const user of [null, paid]) {
      const board = await list(user, "");
      const home = await runAs(user, homeLoader, "/");
      const latest = (home.data as { latest: { id: string }[] }).latest.map((j) => j.id);
      expect(latest).toHaveLength(3);
      expect(latest).toEqual(board.result.items.slice(0, 3).map((j) => j.id));
    }
  });

  it("clamps a page past the end to the last page", async () => {
    const data = await list(null, "?q=Pagewalk&page=99");
    expect(data.result.page).toBe(5);
    expect(data.result.items).toHaveLength(12);
  });
});

describe("a broad search", () => {
  // One more than the board counts (JOBS_COUNT_CAP), in one insert; every other one premium.
  beforeAll(async () => {
    const base = Date.now() - 2 * 86_400_000;
    const rows = Array.from({ length: JOBS_COUNT_CAP + 1 }, (_, i) => ({
      title: `Broadword ${String(i).padStart(4, "0")}`,
      description: "A plain job description.",
      isPublic: i % 2 === 0,
      createdAt: new Date(base + i * 1000),
    }));
    await db().transaction((tx) => tx.insert(jobs).values(rows));
  });

  it("says 'more than 1,000' instead of counting every match, and pages on with Next", async () => {
    const first = await list(null, "?q=broadword");
    expect(first.result).toMatchObject({
      total: JOBS_COUNT_CAP,
      capped: true,
      counts: null,
      pageCount: null,
      page: 1,
      hasNext: true,
    });
    // Newest first, as on any page.
    expect(first.result.items.map((i) => i.title).slice(0, 2)).toEqual([
      "Broadword 1000",
      "Broadword 0999",
    ]);

    // The last page: 1,001 jobs make 84 pages of 12, the 84th with 5 jobs and no Next.
    const last = await list(null, "?q=broadword&page=84");
    expect(last.result.items.map((i) => i.title)).toEqual([
      "Broadword 0004",
      "Broadword 0003",
      "Broadword 0002",
      "Broadword 0001",
      "Broadword 0000",
    ]);
    expect(last.result.hasNext).toBe(false);
    // Past the end: the last page, as for an exact count.
    const past = await list(null, "?q=broadword&page=500");
    expect(past.result.page).toBe(84);
    expect(past.result.items).toHaveLength(5);
  });

  it("stops at the page that holds the 1,000th match, however deep a URL asks, and says to narrow the search", async () => {
    // 12 more than the last page holds: page 84 is full, and matches are left beyond it.
    const base = Date.now() - 3 * 86_400_000;
    await db().transaction((tx) =>
      tx.insert(jobs).values(
        Array.from({ length: 17 }, (_, i) => ({
          title: `Broadword extra ${i}`,
          description: "A plain job description.",
          isPublic: true,
          createdAt: new Date(base - i * 1000),
        })),
      ),
    );
    for (const page of [84, 85, 99_999]) {
      const deep = await list(null, `?q=broadword&page=${page}`);
      expect(deep.result).toMatchObject({ page: 84, hasNext: false, limited: true });
      expect(deep.search.page).toBe(84);
      expect(deep.result.items).toHaveLength(12);
    }
    await db().transaction((tx) => tx.delete(jobs).where(like(jobs.title, "Broadword extra%")));
  });

  it("the home page's 'See all' link says 'more than 1,000' too, for a visitor and a paid applicant", async () => {
    const paid = await createTestUser({ paid: true });
    for (const user of [null, paid]) {
      const home = await runAs(user, homeLoader, "/");
      expect(home.data).toMatchObject({ total: JOBS_COUNT_CAP, totalCapped: true });
    }
  });

  it("counts exactly, free and premium, once a filter narrows it to 1,000 or fewer", async () => {
    const paid = await createTestUser({ paid: true });
    const narrow = await list(paid, "?q=broadword%2009");
    // Broadword 0900–0999: 100 jobs, half of them free.
    expect(narrow.result).toMatchObject({
      total: 100,
      capped: false,
      pageCount: 9,
      hasNext: true,
      counts: { public: 50, premium: 50 },
    });
    expect(narrow.result.items[0]!.title).toBe("Broadword 0999");
  });
});
