import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "~/server/db/client.server";

// Migrate once per run; every test file then starts from a copy of this template
// (a PGlite data-dir dump, or a PostgreSQL template database).
export const TEMPLATE_DUMP = path.resolve(".tmp/pglite-template.tar");
export const PG_TEMPLATE = "passage_test_template";

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
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
    return;
  }
  const database = await openDatabase({ kind: "pglite" });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir("none");
  fs.mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("dbKind", "pglite");
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    dbKind: "pglite" | "postgres";
  }
}
