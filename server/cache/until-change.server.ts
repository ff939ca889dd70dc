import { type Db, db } from "~/server/db/client.server";
import { lookupOptional, register } from "~/server/registry.server";
import { publicContentGeneration } from "./public-content.server";

type Kept = { generation: number; db: Db; value: Promise<unknown> };

function store(): Map<string, Kept> {
  return (
    lookupOptional<Map<string, Kept>>("keptUntilChange") ??
    register("keptUntilChange", new Map<string, Kept>())
  );
}

/**
 * Rarely-changing public data (site settings, the countries list, study programs) read once and
 * kept until public content changes in any app process (see public-content.server.ts). Kept per
 * database, so a test that registers another database never sees the previous one's values. A
 * failed read is not kept. Kept in the process registry so both module graphs share one copy.
 */
export function keptUntilChange<T>(name: string, load: () => Promise<T>): Promise<T> {
  const kept = store();
  const current = db();
  const generation = publicContentGeneration();
  const hit = kept.get(name);
  if (hit && hit.generation === generation && hit.db === current) return hit.value as Promise<T>;
  const value = load();
  const entry: Kept = { generation, db: current, value };
  kept.set(name, entry);
  value.catch(() => {
    if (kept.get(name) === entry) kept.delete(name);
  });
  return value;
}
