import { describe, expect, it } from "vitest";
import { publicContentChanged } from "~/server/cache/public-content.server";
import { listActiveCountries } from "~/server/jobs/listing.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { setupTestDatabase } from "./harness";
import { countQueries } from "./query-counter";

// Reference data a page reads on every request (the countries of the job filters, the site
// settings) is read from the database once, then kept until public content changes.
const ctx = setupTestDatabase();

describe("data kept until public content changes", () => {
  it("reads the countries list once, however many pages ask for it, and again after a change", async () => {
    const queries = countQueries(ctx.database);
    publicContentChanged();
    const first = await listActiveCountries();
    expect(first.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect(await listActiveCountries()).toEqual(first);
    expect(queries.count).toBe(1);

    publicContentChanged();
    expect(await listActiveCountries()).toEqual(first);
    expect(queries.count).toBe(2);
  });

  it("reads the site settings once until they change", async () => {
    const queries = countQueries(ctx.database);
    publicContentChanged();
    const first = await getSiteSettings();
    const reads = queries.count;
    expect(reads).toBeGreaterThan(0);
    expect(await getSiteSettings()).toEqual(first);
    expect(await getSiteSettings()).toEqual(first);
    expect(queries.count).toBe(reads);
  });
});
