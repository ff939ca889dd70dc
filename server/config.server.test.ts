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

describe("DATABASE_POOL_SIZE", () => {
  it("keeps 4 connections per process unless told otherwise", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/passage" }).databasePoolSize).toBe(4);
    expect(loadConfig({ DATABASE_POOL_SIZE: "12" }).databasePoolSize).toBe(12);
  });

  it("refuses fewer than 2 (migrating needs two connections), naming the setting", () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "1" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "many" })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe("SEED_DEMO", () => {
  it("seeds the demo in development and tests when not set", () => {
    expect(loadConfig({ NODE_ENV: "development" }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).seedDemo).toBe(true);
  });

  it("seeds nothing in production unless it is chosen", () => {
    const unset = loadConfig({ NODE_ENV: "production" });
    expect(unset).toMatchObject({ seedDemo: false, seedDemoChosen: false });
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "development", SEED_DEMO: "false" }).seedDemo).toBe(false);
  });
});
