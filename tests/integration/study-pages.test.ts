import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as programLoader } from "~/app/routes/public/study-program";
import { loader as listLoader } from "~/app/routes/public/study";
import { buildSitemap } from "~/server/content/sitemap.server";
import { countries, programs } from "~/server/db/schema";
import { BASE_URL, createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

const ctx = setupTestDatabase();
let manager: TestUser;
let ids: { needle: string; hidden: string };

type ListData = Awaited<ReturnType<typeof listLoader>>;

async function list(query: string) {
  const outcome = await runAs(null, listLoader, `/study${query}`);
  expect(outcome.status).toBe(200);
  return (outcome.data as ListData).result;
}

beforeAll(async () => {
  manager = await createTestUser({ role: "manager" });
  const [ca] = await ctx.db.select().from(countries).where(eq(countries.code, "CA"));
  const [gb] = await ctx.db.select().from(countries).where(eq(countries.code, "GB"));
  // 10,000 programs: every third in the United Kingdom, every fifth a master's in health, every
  // seventh with a scholarship, every fourth starting in September 2031 (others in January 2031).
  await ctx.db.execute(sql`
    insert into programs (title, university, city, country_id, level, field_of_study,
      duration_months, language_of_instruction, tuition_amount, tuition_currency, intakes,
      scholarship, description, created_at)
    select 'Program ' || n, 'University ' || (n % 50), 'City ' || (n % 20),
      case when n % 3 = 0 then ${gb!.id}::int else ${ca!.id}::int end,
      (case when n % 5 = 0 then 'master' else 'bachelor' end)::program_level,
      (case when n % 5 = 0 then 'health' else 'business' end)::field_of_study,
      24, 'English', 10000 + n, 'CAD',
      case when n % 4 = 0 then array['2031-09-01'::date] else array['2031-01-10'::date] end,
      n % 7 = 0, 'Generated.', now() - n * interval '1 minute'
    from generate_series(1, 10000) as n`);
  const [needle] = await ctx.db
    .insert(programs)
    .values({
      title: "MSc Marine Biology",
      university: "Memorial University of Newfoundland",
      city: "St. John's",
      countryId: ca!.id,
      level: "master",
      fieldOfStudy: "sciences",
      durationMonths: 24,
      languageOfInstruction: "English",
      tuitionAmount: 16000,
      tuitionCurrency: "CAD",
      intakes: ["2031-09-01"],
      requiredDocuments: ["passport", "transcript"],
      description: "Fieldwork on the North Atlantic.",
    })
    .returning();
  const [hidden] = await ctx.db
    .insert(programs)
    .values({ ...needle!, id: undefined, title: "Hidden Program", isActive: false })
    .returning();
  ids = { needle: needle!.id, hidden: hidden!.id };
});

describe("/study at 10,000 programs", () => {
  it("pages the listed programs on the server, newest first", async () => {
    const first = await list("");
    expect(first.total).toBe(10_001);
    expect(first.items).toHaveLength(12);
    expect(first.items[0]!.title).toBe("MSc Marine Biology");
    const later = await list("?page=3");
    expect(later.items[0]!.title).toBe("Program 24");
  });

  it("filters by country, level, field, intake, scholarship and text, together", async () => {
    expect((await list("?country=GB")).total).toBe(3333);
    expect((await list("?level=master&field=health")).total).toBe(2000);
    expect((await list("?scholarship=1")).total).toBe(1428);
    expect((await list("?intake=2031-09")).total).toBe(2501);
    // Every 60th is in the UK, a master's, and in September: n divisible by 3, 5 and 4.
    expect((await list("?country=GB&level=master&intake=2031-09")).total).toBe(166);
    const found = await list("?q=newfoundland");
    expect(found.items.map((p) => p.title)).toEqual(["MSc Marine Biology"]);
    // Unknown values are dropped, not errors.
    expect((await list("?level=astronaut&country=zz1")).total).toBe(10_001);
  });

  it("offers only the countries and months that have listed programs", async () => {
    const outcome = await runAs(null, listLoader, "/study");
    const { options } = outcome.data as ListData;
    expect(options.countries.map((c) => c.code).sort()).toEqual(["CA", "GB"]);
    expect(options.intakeMonths).toEqual(["2031-01", "2031-09"]);
  });
});

describe("a program's page", () => {
  it("shows a listed program to everyone, with its required documents", async () => {
    const outcome = await runAs(null, programLoader, `/study/${ids.needle}`, {
      params: {
        id: ids.needle,
      },
    });
    expect(outcome.status).toBe(200);
    const { program } = outcome.data as {
      program: { requiredDocuments: string[]; listed: boolean };
    };
    expect(program.requiredDocuments).toEqual(["passport", "transcript"]);
    expect(program.listed).toBe(true);
  });

  it("is a 404 for a program off the site, except to staff; and for a malformed id", async () => {
    const student = await createTestUser({ role: "student_applicant" });
    for (const user of [null, student]) {
      const outcome = await runAs(user, programLoader, `/study/${ids.hidden}`, {
        params: {
          id: ids.hidden,
        },
      });
      expect(outcome.status).toBe(404);
    }
    const staff = await runAs(manager, programLoader, `/study/${ids.hidden}`, {
      params: {
        id: ids.hidden,
      },
    });
    expect(staff.status).toBe(200);
    const bad = await runAs(null, programLoader, "/study/not-a-uuid", {
      params: {
        id: "not-a-uuid",
      },
    });
    expect(bad.status).toBe(404);
  });

  it("is in the sitemap in every language when listed, and not when off the site", async () => {
    const xml = await buildSitemap(BASE_URL, ctx.db);
    expect(xml).toContain(`${BASE_URL}/study/${ids.needle}<`);
    expect(xml).toContain(`${BASE_URL}/fr/study/${ids.needle}<`);
    expect(xml).toContain(`${BASE_URL}/pt/study<`);
    expect(xml).not.toContain(ids.hidden);
  });
});
