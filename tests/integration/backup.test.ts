import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "~/server/backup/backup.server";
import { type Database, migrateDatabase, openDatabase } from "~/server/db/client.server";
import { lockDataFolder } from "~/server/db/data-folder-lock.server";
import { countries, incidents } from "~/server/db/schema";
import { withDatabase } from "./global-setup";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "passage-backup-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function seedRows(database: Database) {
  await database.db.insert(countries).values([
    { code: "ZW", name: "Zimbabwe" },
    { code: "PL", name: "Poland" },
  ]);
  await database.db
    .insert(incidents)
    .values({ serviceName: "mail", description: "Mail transport is down: backup test." });
}

async function readRows(database: Database) {
  return {
    countries: await database.db
      .select({ code: countries.code, name: countries.name })
      .from(countries)
      .orderBy(asc(countries.code)),
    incidents: await database.db
      .select({ id: incidents.id, description: incidents.description })
      .from(incidents),
  };
}

describe("embedded database (PGlite) backup and restore", () => {
  it("restores the same rows into an empty data directory, and refuses to overwrite", async () => {
    const source = path.join(work, "source/pgdata");
    const database = await openDatabase({ kind: "pglite", dataDir: source });
    await migrateDatabase(database);
    await seedRows(database);
    const before = await readRows(database);

    // While the server (here: this process) holds the data folder, a backup of it is refused.
    const release = lockDataFolder(path.dirname(source), "the server started with a test");
    await expect(
      backupDatabase({ pgliteDir: source }, { outDir: path.join(work, "out") }),
    ).rejects.toThrow(/in use by another Passage process \(the server started with a test/);
    expect(fs.existsSync(path.join(path.dirname(source), "passage.lock"))).toBe(true);
    release();
    await database.close();

    const file = await backupDatabase({ pgliteDir: source }, { outDir: path.join(work, "out") });
    expect(path.basename(file)).toMatch(/^passage-.+\.tar\.gz$/);

    const target = path.join(work, "restored/pgdata");
    await restoreDatabase({ pgliteDir: target }, file);
    const restored = await openDatabase({ kind: "pglite", dataDir: target });
    expect(await readRows(restored)).toEqual(before);
    await restored.close();

    await expect(restoreDatabase({ pgliteDir: target }, file)).rejects.toThrow(/not empty/);
  }, 90_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;
const hasPgDump = (() => {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

// .ci/run always sets TEST_DATABASE_URL and installs pg_dump, so this runs there; the PGlite
// run of the same suite has no PostgreSQL to dump.
describe.runIf(pgUrl && hasPgDump)("PostgreSQL backup (pg_dump) and restore", () => {
  it("restores the same rows into an empty database, and refuses a non-empty one", async () => {
    const suffix = crypto.randomBytes(4).toString("hex");
    const names = [`passage_backup_src_${suffix}`, `passage_backup_dst_${suffix}`];
    const admin = await openDatabase({ kind: "postgres", url: pgUrl!, max: 1 });
    for (const n of names) await admin.sql!.unsafe(`create database ${n}`);
    try {
      const source = await openDatabase({ kind: "postgres", url: withDatabase(pgUrl!, names[0]!) });
      await migrateDatabase(source);
      await seedRows(source);
      const before = await readRows(source);
      const file = await backupDatabase(
        { databaseUrl: withDatabase(pgUrl!, names[0]!) },
        { outDir: path.join(work, "pg") },
      );
      await source.close();
      expect(file).toMatch(/\.dump$/);

      await restoreDatabase({ databaseUrl: withDatabase(pgUrl!, names[1]!) }, file);
      const restored = await openDatabase({
        kind: "postgres",
        url: withDatabase(pgUrl!, names[1]!),
      });
      expect(await readRows(restored)).toEqual(before);
      await restored.close();

      await expect(
        restoreDatabase({ databaseUrl: withDatabase(pgUrl!, names[1]!) }, file),
      ).rejects.toThrow(/not empty/);
    } finally {
      for (const n of names) await admin.sql!.unsafe(`drop database if exists ${n} with (force)`);
      await admin.close();
    }
  }, 90_000);
});
