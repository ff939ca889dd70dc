import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";

describe("WEB_CONCURRENCY", () => {
  it("serves from one process unless told otherwise", () => {
    expect(loadConfig({}).workers).toBe(1);
  });

  it("runs several workers on PostgreSQL", () => {
    const config = loadConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/passage" });
    expect(config.workers).toBe(4);
  });

  it("refuses several workers on the embedded database, saying why", () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: more than one process needs DATABASE_URL/,
    );
  });

  it("refuses a count that is not a positive whole number", () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
  });
});
