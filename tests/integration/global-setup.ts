import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "~/server/db/client.server";

// Migrate once per run; every test file then starts from a copy of this template
// (a PGlite data-dir dump, or a PostgreSQL template database).
const RUN_ID = `${process.pid}`;
export const PG_TEMPLATE_PREFIX = "passage_test_template_";

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  // Unique per run, so two runs on one machine never share a template.
  const PG_TEMPLATE = `${PG_TEMPLATE_PREFIX}${RUN_ID}`;
  const TEMPLATE_DUMP = path.resolve(`.tmp/pglite-template-${RUN_ID}.tar`);
  project.provide("templateDump", TEMPLATE_DUMP);
  project.provide("pgTemplate", PG_TEMPLATE);
  if (url) {
    const admin = await openDatabase({ kind: "postgres", url, max: 1 });
    await admin.sql!.unsafe(`drop database if exists ${PG_TEMPLATE} with (force)`);
    await admin.sql!.unsafe(`create database ${PG_TEMPLATE}`);
    await admin.close();
    const template = await openDatabase({
      kind: "postgres",
      url: withDatabase(url, PG_TEMPLATE),
      max: 3,
    });
    await migrateDatabase(template);
    await template.close();
    project.provide("dbKind", "postgres");
    return async () => {
      const a = await openDatabase({ kind: "postgres", url, max: 1 });
      await a.sql!.unsafe(`drop database if exists ${PG_TEMPLATE} with (force)`);
      await a.close();
    };
  }
  const database = await openDatabase({ kind: "pglite" });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir("none");
  fs.mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("dbKind", "pglite");
  return () => fs.rmSync(TEMPLATE_DUMP, { force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    dbKind: "pglite" | "postgres";
    templateDump: string;
    pgTemplate: string;
  }
}
