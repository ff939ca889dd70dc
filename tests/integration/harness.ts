import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, getTableColumns } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import pino from "pino";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { type ApplicationStatus, isApplicantRole, type Role } from "~/domain/enums";
import type { OfficeScope } from "~/domain/offices";
import { type AuthOptions, auth, createAuth, setAuth } from "~/server/auth/auth.server";
import { type Config, loadConfig, setConfig } from "~/server/config.server";
import {
  type Database,
  type Db,
  migrateDatabase,
  openDatabase,
  setDatabase,
} from "~/server/db/client.server";
import {
  auditLog,
  countries,
  documents,
  jobApplications,
  jobs,
  mailOutbox,
  profiles,
  programs,
} from "~/server/db/schema";
import { seedServices } from "~/server/boot.server";
import { createAccount, seedReferenceData } from "~/server/db/seed.server";
import { setLogger } from "~/server/logger.server";
import { withDatabase } from "./global-setup";

export const BASE_URL = "http://localhost:3000";
export const TEST_PASSWORD = "correct-horse-battery";

/**
 * The fixtures and queries a test runs against its file's database; a TestContext offers each
 * bound to that database: `ctx.createTestJob({ title })`, `ctx.mailsTo(email)`.
 */
const DB_FIXTURES = {
  createTestJob,
  createTestProgram,
  createTestApplication,
  rowsWhere,
  auditEntries,
  mailsTo,
  setPaid,
  verifyDocuments,
};
type BoundToDb<F> = F extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;

export type TestContext = {
  database: Database;
  db: Db;
  config: Config;
  dataDir: string;
} & {
  [K in Exclude<keyof typeof DB_FIXTURES, "rowsWhere">]: BoundToDb<(typeof DB_FIXTURES)[K]>;
} & {
  // Generic, so spelled out: BoundToDb would fix its table to PgTable.
  rowsWhere: <T extends PgTable>(
    table: T,
    column: keyof T["$inferSelect"] & string,
    value: unknown,
  ) => Promise<T["$inferSelect"][]>;
};

/**
 * The worker's one PGlite, as the template left it. Loading the 40 MB template into a new PGlite
 * took 2–10 s of a core per test file; files share their worker's modules (isolate: false), so the
 * first file loads it and keeps a copy of the few rows the migrations wrote, and each next file gets
 * it back emptied: every table truncated, those rows put back (triggers off, as in the template),
 * every sequence where the template had it.
 */
let workerPglite: Promise<Database> | undefined;
const KEPT_SCHEMA = "test_template_rows";

async function templatePglite(): Promise<Database> {
  if (!workerPglite) {
    workerPglite = (async () => {
      const dump = new Blob([fs.readFileSync(inject("templateDump"))]);
      const database = await openDatabase({ kind: "pglite", loadDataDir: dump });
      const client = database.pglite!;
      const { rows: tables } = await client.query<{ name: string }>(
        "select tablename as name from pg_tables where schemaname = 'public'",
      );
      await client.exec(`create schema ${KEPT_SCHEMA}`);
      await client.exec(
        `create table ${KEPT_SCHEMA}.sequences as select sequencename as name, last_value from pg_sequences where schemaname = 'public'`,
      );
      for (const { name } of tables) {
        const { rows } = await client.query(`select 1 from public."${name}" limit 1`);
        if (rows.length > 0) {
          await client.exec(`create table ${KEPT_SCHEMA}."${name}" as table public."${name}"`);
        }
      }
      return database;
    })();
    return workerPglite;
  }
  const database = await workerPglite;
  await resetToTemplate(database);
  return database;
}

async function resetToTemplate(database: Database) {
  const client = database.pglite!;
  const { rows: tables } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public'",
  );
  const { rows: kept } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = '${KEPT_SCHEMA}' and tablename <> 'sequences'`,
  );
  const { rows: sequences } = await client.query<{ name: string; last_value: string | null }>(
    `select name, last_value::text from ${KEPT_SCHEMA}.sequences`,
  );
  await client.transaction(async (tx) => {
    await tx.exec("set local session_replication_role = replica");
    await tx.exec(
      `truncate ${tables.map(({ name }) => `public."${name}"`).join(", ")} restart identity cascade`,
    );
    for (const { name } of kept) {
      await tx.exec(
        `insert into public."${name}" overriding system value select * from ${KEPT_SCHEMA}."${name}"`,
      );
    }
    for (const { name, last_value } of sequences) {
      await tx.exec(
        last_value === null
          ? `alter sequence public."${name}" restart`
          : `select setval('public."${name}"', ${Number(last_value)}, true)`,
      );
    }
  });
}

/**
 * Gives this test file its own database (a copy of the migrated template) with the countries
 * seeded, and registers it, auth and config as the server would. Call once at the top of a file.
 */
export function setupTestDatabase(): TestContext {
  const ctx = {} as TestContext;
  for (const [name, fixture] of Object.entries(DB_FIXTURES)) {
    const run = fixture as (db: Db, ...args: unknown[]) => unknown;
    Object.assign(ctx, { [name]: (...args: unknown[]) => run(ctx.db, ...args) });
  }
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-test-"));
    const config: Config = {
      ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false" }),
      baseUrl: BASE_URL,
    };
    let database: Database;
    if (inject("dbKind") === "postgres") {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `passage_test_${crypto.randomBytes(5).toString("hex")}`;
      const admin = await openDatabase({ kind: "postgres", url, max: 1 });
      await admin.sql!.unsafe(`create database ${name} template ${inject("pgTemplate")}`);
      await admin.close();
      database = await openDatabase({ kind: "postgres", url: withDatabase(url, name), max: 5 });
      dropDatabase = async () => {
        const a = await openDatabase({ kind: "postgres", url, max: 1 });
        await a.sql!.unsafe(`drop database if exists ${name} with (force)`);
        await a.close();
      };
    } else {
      database = await templatePglite();
    }
    await migrateDatabase(database); // no-op on the template; keeps a stale template honest
    setConfig(config);
    setLogger(pino({ level: "silent" }));
    setDatabase(database);
    setAuth(createAuth(database.db, TEST_AUTH_OPTIONS));
    await seedReferenceData();
    Object.assign(ctx, { database, db: database.db, config, dataDir });
  });

  afterAll(async () => {
    // The worker's PGlite stays open for the next file (templatePglite).
    if (ctx.database?.kind === "postgres") await ctx.database.close();
    await dropDatabase?.();
    if (ctx.dataDir) fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  });

  return ctx;
}

/**
 * The tests' auth: better-auth as the server configures it, but with scrypt at N=2^10 instead of
 * 2^14 (salt:key as better-auth writes it). The suite makes and signs in thousands of accounts;
 * at the real cost that was minutes of CI's two cores spent on hashing.
 */
export const TEST_AUTH_OPTIONS = {
  baseUrl: BASE_URL,
  secret: "x".repeat(40),
  secureCookies: false,
  passwordHasher: {
    hash: async (password: string) => {
      const salt = crypto.randomBytes(16).toString("hex");
      return `${salt}:${(await cheapScrypt(password, salt)).toString("hex")}`;
    },
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      const [salt, key] = hash.split(":");
      if (!salt || !key) return false;
      const derived = await cheapScrypt(password, salt);
      return crypto.timingSafeEqual(derived, Buffer.from(key, "hex"));
    },
  },
} satisfies AuthOptions;

function cheapScrypt(password: string, salt: string) {
  return new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(password.normalize("NFKC"), salt, 64, { N: 1024, r: 16, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export type TestUser = {
  id: string;
  email: string;
  password: string;
  role: Role;
  fullName: string;
};

let userCounter = 0;

/** A new account with a unique e-mail, created through better-auth like a real sign-up. */
export async function createTestUser(
  options: {
    role?: Role;
    paid?: boolean;
    fullName?: string;
    country?: string;
    email?: string;
    /** A staff member's office; without one, staff see every office (Harare with Midrand). */
    office?: string;
    extraOffices?: string[];
  } = {},
): Promise<TestUser> {
  const role = options.role ?? "job_seeker";
  const email =
    options.email ??
    `${role}-${Date.now().toString(36)}-${++userCounter}-${crypto.randomBytes(3).toString("hex")}@test.passage`;
  const fullName = options.fullName ?? `Test ${role.replace("_", " ")} ${userCounter}`;
  const id = await createAccount(seedServices(), {
    email,
    fullName,
    role,
    paid: options.paid,
    country: options.country ?? "Zimbabwe",
    password: TEST_PASSWORD,
    // Tests written before offices act across both; a test about offices names the office.
    ...(isApplicantRole(role)
      ? { office: options.office }
      : options.office
        ? { office: options.office, extraOffices: options.extraOffices ?? [] }
        : { office: "Harare", extraOffices: ["Midrand"] }),
  });
  return { id, email, password: TEST_PASSWORD, role, fullName };
}

const cookieCache = new Map<string, string>();

/** The Cookie header of a fresh session for `user` (signed in through better-auth). */
export async function sessionCookie(user: TestUser): Promise<string> {
  const cached = cookieCache.get(user.id);
  if (cached) return cached;
  const cookie = await newSessionCookie(user);
  cookieCache.set(user.id, cookie);
  return cookie;
}

/** Signs in afresh (another session than sessionCookie's kept one) and returns its cookie header. */
export async function newSessionCookie(user: Pick<TestUser, "email" | "password">) {
  const response = await auth().api.signInEmail({
    body: { email: user.email, password: user.password },
    asResponse: true,
  });
  if (!response.ok) throw new Error(`sign-in failed for ${user.email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A Request as the given user would send it (null: a visitor). */
export async function requestAs(
  user: TestUser | null,
  pathname: string,
  init: RequestInit & { form?: Record<string, string | string[] | Blob> } = {},
): Promise<Request> {
  const headers = new Headers(init.headers);
  if (user) headers.set("cookie", await sessionCookie(user));
  let body = init.body;
  let method = init.method;
  if (init.form) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(init.form)) {
      for (const item of Array.isArray(v) ? v : [v]) fd.append(k, item);
    }
    body = fd;
    method = method ?? "POST";
  }
  return new Request(new URL(pathname, BASE_URL), {
    ...init,
    method: method ?? "GET",
    headers,
    body,
  });
}

/** What `app` (the plain endpoints under test: downloads, exports) answers the request `user` sends. */
export async function fetchAs(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  ...request: Parameters<typeof requestAs>
): Promise<Response> {
  return app.fetch(await requestAs(...request));
}

export type RouteOutcome = {
  status: number;
  location: string | null;
  data: unknown;
  headers: Headers;
};

/**
 * Runs a route module's loader or action (runRoute) on the request `user` sends to `pathname`
 * (requestAs, null: a visitor); `params` are the route's URL parameters.
 */
export async function runAs(
  user: TestUser | null,
  fn: unknown,
  pathname: string,
  { params, ...init }: Parameters<typeof requestAs>[2] & { params?: Record<string, string> } = {},
): Promise<RouteOutcome> {
  return runRoute(fn, await requestAs(user, pathname, init), params);
}

/**
 * A staff screen turning away someone it is not for: its page and a form posted to it both send
 * them to their dashboard.
 */
export async function expectSentToDashboard(
  user: TestUser,
  route: { loader: unknown; action: unknown },
  pathname: string,
  form: Record<string, string>,
) {
  expect(await runAs(user, route.loader, pathname)).toMatchObject({
    status: 302,
    location: "/dashboard",
  });
  expect(await runAs(user, route.action, pathname, { form })).toMatchObject({
    status: 302,
    location: "/dashboard",
  });
}

type RouteFn = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/**
 * Runs a route module's loader or action the way React Router does, and reports what a browser
 * would see: a redirect (status + location), an error status, or data.
 */
export async function runRoute(
  fn: unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteOutcome> {
  const args = {
    request,
    params,
    context: { requestId: "test", clientIp: "127.0.0.1" },
    unstable_pattern: "",
  } as unknown as LoaderFunctionArgs;
  try {
    return toOutcome(await (fn as RouteFn)(args));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return toOutcome(thrown);
    throw thrown;
  }
}

function isDataWithInit(
  v: unknown,
): v is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return (
    typeof v === "object" && v !== null && (v as { type?: string }).type === "DataWithResponseInit"
  );
}

async function toOutcome(value: unknown): Promise<RouteOutcome> {
  if (value instanceof Response) {
    const type = value.headers.get("content-type") ?? "";
    const data = type.includes("json") ? await value.clone().json() : await value.clone().text();
    return {
      status: value.status,
      location: value.headers.get("location"),
      data,
      headers: value.headers,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      location: headers.get("location"),
      data: value.data,
      headers,
    };
  }
  return { status: 200, location: null, data: value, headers: new Headers() };
}

/** The e-mail queued in the outbox to this address. */
function mailsTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** The audit entries about `targetId` (only those of `action` when it is named). */
function auditEntries(db: Db, targetId: string, action?: string) {
  const about = eq(auditLog.targetId, targetId);
  return db
    .select()
    .from(auditLog)
    .where(action ? and(about, eq(auditLog.action, action)) : about);
}

async function setPaid(db: Db, userId: string, paid = true) {
  await db.update(profiles).set({ registrationFeePaid: paid }).where(eq(profiles.id, userId));
}

let jobCounter = 0;

/** A new job with a unique title; `countryCode` links it to that seeded country. */
async function createTestJob(
  db: Db,
  values: Partial<typeof jobs.$inferInsert> & { countryCode?: string } = {},
) {
  const { countryCode, ...rest } = values;
  let countryId: number | null = null;
  if (countryCode) {
    const [c] = await db.select().from(countries).where(eq(countries.code, countryCode));
    countryId = c!.id;
  }
  const [job] = await db
    .insert(jobs)
    .values({
      title: `Job ${++jobCounter}`,
      description: "A plain job description.",
      countryId,
      ...rest,
    })
    .returning();
  return job!;
}

/**
 * What to pass as changeApplicationStatus's second argument to make the change fail half-way,
 * once its status history row is written (the error says "boom").
 */
export const FAIL_AFTER_HISTORY = {
  afterHistory: () => {
    throw new Error("boom after the history insert");
  },
};

/**
 * Verified documents of `types` for `user` (a job's passport and CV unless named), as staff would
 * have verified them: what a gated stage waits for (decision record 44).
 */
async function verifyDocuments(
  db: Db,
  user: Pick<TestUser, "id">,
  types: readonly string[] = ["passport", "cv"],
) {
  await db.insert(documents).values(
    types.map((documentType) => ({
      userId: user.id,
      documentType,
      fileName: `${documentType}.pdf`,
      storageKey: `test/${user.id}/${documentType}/${crypto.randomUUID()}`,
      fileSize: 100,
      contentType: "application/pdf",
      status: "verified" as const,
      reviewedAt: new Date(),
    })),
  );
}

/** The rows of `table` whose `column` holds `value`: `ctx.rowsWhere(documents, "userId", id)`. */
function rowsWhere<T extends PgTable>(
  db: Db,
  table: T,
  column: keyof T["$inferSelect"] & string,
  value: unknown,
) {
  const where = eq(getTableColumns(table)[column] as PgColumn, value);
  return db
    .select()
    .from(table as PgTable)
    .where(where) as unknown as Promise<T["$inferSelect"][]>;
}

let programCounter = 0;

/**
 * A new study program with a unique title: a two-year bachelor's in health, taught in English
 * for 12,000 EUR, in `countryCode` (a seeded country; Ireland unless named).
 */
async function createTestProgram(
  db: Db,
  values: Partial<typeof programs.$inferInsert> & { countryCode?: string } = {},
) {
  const { countryCode = "IE", ...rest } = values;
  const [country] = await db.select().from(countries).where(eq(countries.code, countryCode));
  const [program] = await db
    .insert(programs)
    .values({
      title: `Program ${++programCounter}`,
      university: "Test University",
      city: "Dublin",
      countryId: country!.id,
      level: "bachelor",
      fieldOfStudy: "health",
      durationMonths: 24,
      languageOfInstruction: "English",
      tuitionAmount: 12000,
      tuitionCurrency: "EUR",
      description: "A plain program description.",
      ...rest,
    })
    .returning();
  return program!;
}

/**
 * A job application of `user` (the table's first status unless `status` is named), to `jobId` or
 * else to a new job (createTestJob with `job`'s values). Returns the application's id.
 */
async function createTestApplication(
  db: Db,
  user: Pick<TestUser, "id">,
  options: {
    status?: ApplicationStatus;
    jobId?: string;
    job?: Parameters<typeof createTestJob>[1];
  } = {},
): Promise<string> {
  const jobId = options.jobId ?? (await createTestJob(db, options.job)).id;
  const [row] = await db
    .insert(jobApplications)
    .values({ userId: user.id, jobId, status: options.status })
    .returning({ id: jobApplications.id });
  return row!.id;
}

/** The scope of an admin (every office), for tests that call the staff services directly. */
export const EVERY_OFFICE: OfficeScope = { all: true, offices: ["Harare", "Midrand"] };
