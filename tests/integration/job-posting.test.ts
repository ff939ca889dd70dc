import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as jobsAction } from "~/app/routes/admin/jobs";
import { countries, employers, jobs } from "~/server/db/schema";
import { createHttpApp } from "~/server/http";
import { createTestUser, fetchAs, runAs, setupTestDatabase, type TestUser } from "./harness";

// The schema.org JobPosting of a public job page (decision record 43), read from
// the page as a search engine gets it: the real app, rendered by React Router through the Hono app
// (the server build comes from Vite, so no `npm run build` is needed).

const ctx = setupTestDatabase();
let vite: ViteDevServer;
let app: ReturnType<typeof createHttpApp>;
let manager: TestUser;
let irelandId: number;

beforeAll(async () => {
  vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  app = createHttpApp({ mode: "test", trustProxy: false, getBuild: async () => build });
  manager = await createTestUser({ role: "manager", office: "Harare" });
  const [ireland] = await ctx.db.select().from(countries).where(eq(countries.code, "IE"));
  irelandId = ireland!.id;
}, 240_000);

afterAll(async () => {
  await vite?.close();
});

/** A job saved from the staff form, as staff add one; its id. */
async function addJob(title: string, fields: Record<string, string> = {}) {
  const saved = await runAs(manager, jobsAction, "/admin/jobs", {
    form: {
      intent: "create",
      title,
      description: `${title}: caring for patients on a busy surgical ward, day and night shifts.`,
      sector: "healthcare",
      employmentType: "full_time",
      countryId: String(irelandId),
      isActive: "on",
      isPublic: "on",
      ...fields,
    },
  });
  expect(saved.location, title).toContain("done=");
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.title, title));
  return job!.id;
}

async function addEmployer(name: string, website: string | null) {
  const [row] = await ctx.db
    .insert(employers)
    .values({ name, website, office: "Harare" })
    .returning({ id: employers.id });
  return row!.id;
}

/** The job page's HTML as `user` (null: a visitor, as a search engine) gets it. */
async function jobPage(id: string, user: TestUser | null = null) {
  const response = await fetchAs(app, user, `/jobs/${id}`, { redirect: "manual" });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
  };
}

/** What a reader sees of a page: its text, without scripts or markup. */
const visibleText = (html: string) =>
  html
    .replace(/<script[^>]*>.*?<\/script>/gs, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");

/** The JSON-LD blocks of a page. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/** The page's one JobPosting. */
async function postingOf(id: string) {
  const page = await jobPage(id);
  expect(page.status).toBe(200);
  const postings = jsonLdOf(page.html).filter((ld) => ld["@type"] === "JobPosting");
  expect(postings).toHaveLength(1);
  return { posting: postings[0]!, html: page.html };
}

/**
 * What Google's job posting guidelines ask of a posting, as a list of faults (empty: none).
 * Required: title, description, datePosted, hiringOrganization (with a name), and jobLocation
 * with an address country (or, for a remote job, applicantLocationRequirements with
 * jobLocationType TELECOMMUTE); validThrough when the job has an end (an ISO 8601 date-time).
 * Recommended, which Passage always fills: employmentType, identifier, directApply.
 */
function googleFaults(ld: Record<string, unknown>): string[] {
  const faults: string[] = [];
  const text = (key: string) => {
    if (typeof ld[key] !== "string" || !(ld[key] as string).trim()) faults.push(`${key} missing`);
  };
  if (ld["@context"] !== "https://schema.org/" || ld["@type"] !== "JobPosting") {
    faults.push("not a schema.org JobPosting");
  }
  text("title");
  text("description");
  if (!/^\d{4}-\d{2}-\d{2}/.test(String(ld.datePosted))) faults.push("datePosted not ISO 8601");
  const org = ld.hiringOrganization as Record<string, unknown> | undefined;
  if (org?.["@type"] !== "Organization" || typeof org.name !== "string" || !org.name) {
    faults.push("hiringOrganization without a name");
  }
  for (const key of ["sameAs", "logo"]) {
    if (org?.[key] !== undefined && !/^https?:\/\/\S+$/.test(String(org[key]))) {
      faults.push(`hiringOrganization.${key} not a URL`);
    }
  }
  const place = ld.jobLocation as { "@type"?: string; address?: Record<string, unknown> };
  const remote =
    ld.jobLocationType === "TELECOMMUTE" && ld.applicantLocationRequirements !== undefined;
  if (!remote) {
    if (place?.["@type"] !== "Place" || place.address?.["@type"] !== "PostalAddress") {
      faults.push("jobLocation without a PostalAddress");
    } else if (!/^[A-Z]{2}$/.test(String(place.address.addressCountry))) {
      faults.push("jobLocation without an ISO country code");
    }
  }
  if (
    ld.validThrough !== undefined &&
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/.test(String(ld.validThrough))
  ) {
    faults.push("validThrough not an ISO 8601 date-time");
  }
  const employment = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "VOLUNTEER"];
  if (![...employment, "PER_DIEM", "OTHER"].includes(String(ld.employmentType))) {
    faults.push("employmentType not one of Google's");
  }
  const id = ld.identifier as Record<string, unknown> | undefined;
  if (id?.["@type"] !== "PropertyValue" || !id.name || !id.value) {
    faults.push("identifier not a PropertyValue with a name and value");
  }
  if (ld.directApply !== true) faults.push("directApply not true");
  const salary = ld.baseSalary as
    | { currency?: string; value?: { minValue?: number; maxValue?: number; unitText?: string } }
    | undefined;
  if (salary) {
    if (!/^[A-Z]{3}$/.test(String(salary.currency))) faults.push("baseSalary without a currency");
    if (salary.value?.minValue === undefined && salary.value?.maxValue === undefined) {
      faults.push("baseSalary without an amount");
    }
    if (!["HOUR", "DAY", "WEEK", "MONTH", "YEAR", undefined].includes(salary.value?.unitText)) {
      faults.push("baseSalary unitText not one of Google's");
    }
  }
  return faults;
}

describe("a public job page's JobPosting data", () => {
  it("names the employer the job names, with the deadline, salary, identifier and location", async () => {
    const employerId = await addEmployer("Cork University Hospital", "https://cuh.example.ie");
    const id = await addJob("Staff Nurse, Cork", {
      employerId,
      applicationDeadline: "2030-12-31",
      salaryMin: "42000",
      salaryMax: "51000",
      salaryCurrency: "EUR",
      salaryPeriod: "year",
    });
    const { posting, html } = await postingOf(id);
    expect(googleFaults(posting)).toEqual([]);
    expect(posting).toMatchObject({
      title: "Staff Nurse, Cork",
      description: expect.stringContaining("surgical ward"),
      employmentType: "FULL_TIME",
      hiringOrganization: {
        "@type": "Organization",
        name: "Cork University Hospital",
        sameAs: "https://cuh.example.ie",
      },
      jobLocation: {
        "@type": "Place",
        address: { "@type": "PostalAddress", addressCountry: "IE" },
      },
      // Applications close at the end of the deadline day, in the agency's zone (UTC+2).
      validThrough: "2030-12-31T23:59:59+02:00",
      identifier: { "@type": "PropertyValue", name: "Passage", value: id },
      directApply: true,
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "EUR",
        value: { "@type": "QuantitativeValue", minValue: 42000, maxValue: 51000, unitText: "YEAR" },
      },
      url: expect.stringMatching(new RegExp(`/jobs/${id}$`)),
    });
    // The employer has no logo in Passage: none is claimed for it.
    expect(posting.hiringOrganization).not.toHaveProperty("logo");
    // What the data says, the page says too: the deadline and the employer are on the page.
    expect(visibleText(html)).toContain("Apply by December 31, 2030");
    expect(visibleText(html)).toContain("Cork University Hospital");
  });

  it("is the agency's, with its logo, when the job has no employer, deadline or salary", async () => {
    const id = await addJob("Care Assistant, Galway");
    const { posting, html } = await postingOf(id);
    expect(googleFaults(posting)).toEqual([]);
    expect(posting.hiringOrganization).toEqual({
      "@type": "Organization",
      name: "Passage",
      sameAs: expect.stringMatching(/^https?:\/\//),
      logo: expect.stringMatching(/^https?:\/\/.+\/favicon\.svg$/),
    });
    expect(posting).not.toHaveProperty("validThrough");
    expect(posting).not.toHaveProperty("baseSalary");
    expect(visibleText(html)).not.toContain("Apply by");
  });

  it("keeps a described employer's name and website out of the page: the agency hires", async () => {
    const employerId = await addEmployer("Mercy Private Clinic", "https://mercy-clinic.example.ie");
    const id = await addJob("Theatre Nurse, Munster", {
      employerId,
      employerShownAs: "A private hospital in Munster",
    });
    const { posting, html } = await postingOf(id);
    expect(googleFaults(posting)).toEqual([]);
    expect(posting.hiringOrganization).toMatchObject({ name: "Passage" });
    expect(visibleText(html)).toContain("A private hospital in Munster");
    expect(html).not.toContain("Mercy Private Clinic");
    expect(html).not.toContain("mercy-clinic");
  });

  it("is left out where it would be wrong: a job with no country, a premium job", async () => {
    // No country: no location to give, and a posting without one is invalid.
    const nowhere = await addJob("Cook, location to be confirmed", { countryId: "" });
    const page = await jobPage(nowhere);
    expect(page.status).toBe(200);
    expect(jsonLdOf(page.html)).toEqual([]);

    const premium = await addJob("Registered Midwife, Dublin", {
      isPublic: "",
      applicationDeadline: "2030-06-30",
    });
    // A visitor (a search engine) is sent to sign in, and gets none of the job's content.
    const locked = await jobPage(premium);
    expect(locked.status).toBe(302);
    expect(locked.location).toContain("/auth");
    expect(locked.html).not.toContain("busy surgical ward");
    // A paying applicant reads it, with no data for search engines in their page.
    const paid = await createTestUser({ paid: true });
    const open = await jobPage(premium, paid);
    expect(open.status).toBe(200);
    expect(open.html).toContain("Registered Midwife, Dublin");
    expect(jsonLdOf(open.html)).toEqual([]);
  });
});
