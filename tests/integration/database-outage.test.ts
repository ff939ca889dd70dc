import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAuth, setAuth } from "~/server/auth/auth.server";
import { type Database, openDatabase, setDatabase } from "~/server/db/client.server";
import { isDatabaseUnreachable } from "~/server/db/unreachable.server";
import { createHttpApp } from "~/server/http";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import {
  BASE_URL,
  createTestUser,
  sessionCookie,
  setupTestDatabase,
  TEST_AUTH_OPTIONS,
} from "./harness";

// While PostgreSQL cannot be reached, every kind of answer says so with a 503 and Retry-After, in
// the time it takes to find out, instead of a 500 (or a request left hanging): pages, the data
// requests of pages already open, form posts, resource routes and plain endpoints. The real app
// (built by Vite, as in development) against a PostgreSQL address where nothing answers.
const ctx = setupTestDatabase();
let vite: ViteDevServer;
let app: ReturnType<typeof createHttpApp>;
let member: string;
const opened: Database[] = [];
const servers: net.Server[] = [];

beforeAll(async () => {
  vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  app = createHttpApp({ mode: "test", trustProxy: false, getBuild: async () => build });
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
  member = await sessionCookie(await createTestUser());
}, 240_000);

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  for (const server of servers) server.close();
  await vite?.close();
});

/** A port on this machine where nothing listens: the connection is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A port that accepts the connection and never says a word, as a stuck database server would. */
async function silentPort(): Promise<number> {
  const server = net.createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return (server.address() as net.AddressInfo).port;
}

/** Makes `port` the app's database, as if PostgreSQL had gone away behind DATABASE_URL. */
async function useDatabaseAt(port: number) {
  const database = await openDatabase({
    kind: "postgres",
    url: `postgres://passage@127.0.0.1:${port}/passage`,
    connectTimeoutMs: 500,
    statementTimeoutMs: 30_000,
  });
  opened.push(database);
  setDatabase(database);
  setAuth(createAuth(database.db, TEST_AUTH_OPTIONS));
}

const request = (pathname: string, init: RequestInit = {}) =>
  app.request(new URL(pathname, BASE_URL).href, init);

const formPost = (pathname: string, fields: Record<string, string>) =>
  request(pathname, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(BASE_URL).origin,
    },
    body: new URLSearchParams(fields).toString(),
  });

async function expectUnavailable(response: Response, label: string) {
  expect(response.status, label).toBe(503);
  expect(response.headers.get("retry-after"), label).toBe("60");
  return response.text();
}

describe("what counts as the database being unreachable", () => {
  it("a closed embedded database does; a query's own error does not", async () => {
    const own = await ctx.db.execute(sql`select 1 / 0`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(own).not.toBeNull();
    expect(isDatabaseUnreachable(own)).toBe(false);
    // (As a server shutting down leaves it for a request still running.) From the migrated
    // template when there is one: quicker than a new database's initdb.
    const embedded = await openDatabase(
      inject("dbKind") === "pglite"
        ? { kind: "pglite", loadDataDir: new Blob([fs.readFileSync(inject("templateDump"))]) }
        : { kind: "pglite" },
    );
    await embedded.close();
    const closed = await embedded.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnreachable(closed)).toBe(true);
  });
});

describe.runIf(inject("dbKind") === "postgres")("time limits on PostgreSQL", () => {
  it("a statement past the limit is cancelled, and that is a server error, not an outage", async () => {
    const database = await openDatabase({
      kind: "postgres",
      url: process.env.TEST_DATABASE_URL!,
      max: 1,
      statementTimeoutMs: 200,
    });
    opened.push(database);
    const [row] = await database.sql!`show idle_in_transaction_session_timeout`;
    expect(row).toEqual({ idle_in_transaction_session_timeout: "200ms" });
    const error = await database.sql!`select pg_sleep(2)`.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "57014" });
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

describe("while the database cannot be reached", () => {
  beforeAll(async () => useDatabaseAt(await closedPort()));

  it("a page answers 503 with Retry-After and a friendly page in its language", async () => {
    const page = await expectUnavailable(await request("/jobs"), "GET /jobs");
    expect(page).toContain("We can&#x27;t reach our records right now");
    expect(page).toContain("has not been saved");
    const french = await expectUnavailable(await request("/fr/jobs"), "GET /fr/jobs");
    expect(french).toContain("Nous ne pouvons pas accéder à nos dossiers pour le moment");

    const signedIn = await expectUnavailable(
      await request("/dashboard", { headers: { cookie: member } }),
      "GET /dashboard",
    );
    expect(signedIn).toContain("We can&#x27;t reach our records right now");
  });

  it("a data request of an open page answers 503 with Retry-After", async () => {
    await expectUnavailable(await request("/jobs.data"), "GET /jobs.data");
  });

  it("a form post answers 503 with Retry-After and says it was not saved", async () => {
    const fields = { intent: "signin", email: "someone@example.com", password: "a-long-password" };
    const page = await expectUnavailable(await formPost("/auth", fields), "POST /auth");
    expect(page).toContain("has not been saved");
    await expectUnavailable(await formPost("/auth.data", fields), "POST /auth.data");
  });

  it("a resource route answers 503 with Retry-After and a short text", async () => {
    const sitemap = await expectUnavailable(await request("/sitemap.xml"), "GET /sitemap.xml");
    expect(sitemap).toMatch(/^We can't reach our records right now/);
  });

  it("a plain endpoint answers 503 with Retry-After and a short text", async () => {
    const download = await expectUnavailable(
      await request(`/files/documents/${crypto.randomUUID()}`, { headers: { cookie: member } }),
      "GET /files/documents/:id",
    );
    expect(download).toMatch(/^We can't reach our records right now/);
  });

  it("the requests that follow are not kept waiting longer and longer", async () => {
    // postgres.js waits before each new attempt to connect, by default longer after each failure
    // (up to 20 s), and the queries that need the connection wait with it.
    for (let i = 0; i < 12; i++) await expectUnavailable(await request("/jobs.data"), `#${i}`);
  });

  it("/readyz says the database is down", async () => {
    const ready = await request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "not_ready", database: "down" });
  });

  it("a database that takes the connection and never answers gives the same 503, not a hang", async () => {
    await useDatabaseAt(await silentPort());
    await expectUnavailable(await request("/jobs"), "GET /jobs");
    await expectUnavailable(
      await formPost("/auth", { intent: "signin", email: "a@example.com", password: "password-1" }),
      "POST /auth",
    );
  });
});
