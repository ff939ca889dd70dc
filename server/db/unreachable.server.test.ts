import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.server";
import { isDatabaseUnreachable } from "./unreachable.server";

const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const failure = (run: () => Promise<unknown>) =>
  run().then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );

describe("isDatabaseUnreachable", () => {
  it("knows PostgreSQL refusing the connection, through Drizzle's wrapper and in a transaction", async () => {
    const database = await openDatabase({
      kind: "postgres",
      url: `postgres://passage@127.0.0.1:${await closedPort()}/passage`,
    });
    opened.push(database);
    expect(isDatabaseUnreachable(await failure(() => database.db.execute(sql`select 1`)))).toBe(
      true,
    );
    const inTransaction = await failure(() =>
      database.db.transaction(async (tx) => tx.execute(sql`select 1`)),
    );
    expect(isDatabaseUnreachable(inTransaction)).toBe(true);
  });

  it("leaves other services' connection errors and plain errors to be server errors", async () => {
    // A payment provider or S3 that cannot be reached is not the database.
    const port = await closedPort();
    const fetchFailure = await failure(() => fetch(`http://127.0.0.1:${port}/`));
    expect(fetchFailure).toMatchObject({ cause: { code: "ECONNREFUSED" } });
    expect(isDatabaseUnreachable(fetchFailure)).toBe(false);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:443"), {
      code: "ECONNREFUSED",
    });
    expect(isDatabaseUnreachable(refused)).toBe(false);
    expect(isDatabaseUnreachable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
