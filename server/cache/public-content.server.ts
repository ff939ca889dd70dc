import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, type Db, database, db } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { lookupOptional, register } from "~/server/registry.server";

/**
 * One signal for "what the public site shows has changed" (a job, a post, a success story, a site
 * setting, a study program). Whatever this process keeps of public data — rendered pages, site
 * settings, reference lists — is valid for one generation of this signal and dropped when it moves.
 *
 * Several app processes on one PostgreSQL hear each other through LISTEN/NOTIFY: the NOTIFY is sent
 * inside the changing transaction, so PostgreSQL delivers it only if, and when, that transaction
 * commits. PGlite is one process, so the local signal is enough there.
 *
 * The state lives in the process registry: the Hono server and the React Router build are two
 * module graphs, and an admin action (in the build) must reach the page cache (in the server).
 */
export const PUBLIC_CONTENT_CHANNEL = "passage_public_content";

type Signal = {
  generation: number;
  listeners: Set<() => void>;
  /** Tells this process's own NOTIFY apart from another process's. */
  origin: string;
};

function signal(): Signal {
  return (
    lookupOptional<Signal>("publicContentSignal") ??
    register<Signal>("publicContentSignal", {
      generation: 0,
      listeners: new Set(),
      origin: `${process.pid}-${crypto.randomBytes(6).toString("hex")}`,
    })
  );
}

/** A number that changes whenever public content changes (in this process or another). */
export function publicContentGeneration(): number {
  return signal().generation;
}

/** Called after every change; returns a function that stops listening. */
export function onPublicContentChange(listener: () => void): () => void {
  const s = signal();
  s.listeners.add(listener);
  return () => s.listeners.delete(listener);
}

/** This process drops what it keeps of public content. Call after the change committed. */
export function publicContentChanged() {
  const s = signal();
  s.generation += 1;
  for (const listener of s.listeners) {
    try {
      listener();
    } catch (error) {
      logger().error({ err: error }, "public content listener failed");
    }
  }
}

/**
 * Tells the other app processes, from inside the transaction that changes public content. On
 * PostgreSQL the notification is delivered when the transaction commits (never if it rolls back).
 */
export async function announcePublicContentChange(tx: Db) {
  if (database().kind !== "postgres") return;
  await tx.execute(sql`select pg_notify(${PUBLIC_CONTENT_CHANNEL}, ${signal().origin})`);
}

/**
 * Runs a change to what public pages show in one transaction; once it has committed, this process
 * and every other one on the same PostgreSQL drop their cached pages and data.
 */
export async function changePublicContent<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await db().transaction(async (tx) => {
    const value = await work(tx);
    await announcePublicContentChange(tx);
    return value;
  });
  publicContentChanged();
  return result;
}

/**
 * PostgreSQL: listen for the other processes' changes on a dedicated connection (postgres.js
 * reconnects it by itself). After a reconnect we may have missed notifications, so everything is
 * dropped once more. Returns a function that stops listening.
 */
export async function listenForPublicContentChanges(
  target: Database = database(),
): Promise<() => Promise<void>> {
  if (target.kind !== "postgres" || !target.sql) return async () => {};
  const own = signal().origin;
  let connectedBefore = false;
  const subscription = await target.sql.listen(
    PUBLIC_CONTENT_CHANNEL,
    (origin) => {
      if (origin !== own) publicContentChanged();
    },
    () => {
      if (connectedBefore) {
        logger().warn("public content listener reconnected: dropping cached public pages");
        publicContentChanged();
      }
      connectedBefore = true;
    },
  );
  return () => subscription.unlisten();
}
