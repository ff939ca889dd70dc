import { type Db, db } from "~/server/db/client.server";
import { lookupOptional, register } from "~/server/registry.server";
import { publicContentGeneration } from "./public-content.server";

/**
 * What `load` answers, as a real promise. A Drizzle query is a lazy "thenable": kept as it is, every
 * `await` of it would run the query again (and the list would be read on every request).
 */
function settled<T>(load: () => PromiseLike<T> | T): Promise<T> {
  return Promise.resolve().then(load);
}

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
export function keptUntilChange<T>(name: string, load: () => PromiseLike<T>): Promise<T> {
  const kept = store();
  const current = db();
  const generation = publicContentGeneration();
  const hit = kept.get(name);
  if (hit && hit.generation === generation && hit.db === current) return hit.value as Promise<T>;
  const value = settled(load);
  const entry: Kept = { generation, db: current, value };
  kept.set(name, entry);
  value.catch(() => {
    if (kept.get(name) === entry) kept.delete(name);
  });
  return value;
}

type Family = { generation: number; db: Db; entries: Map<string, Promise<unknown>> };

function families(): Map<string, Family> {
  return (
    lookupOptional<Map<string, Family>>("keptFamiliesUntilChange") ??
    register("keptFamiliesUntilChange", new Map<string, Family>())
  );
}

/**
 * keptUntilChange for a family of values with open-ended keys (a search and its page): each key's
 * value is read once and kept until public content changes, at most `max` keys per family, the
 * least recently used dropped first. Whatever makes two requests' values differ must be in `key`.
 */
export function keptPerKeyUntilChange<T>(
  family: { name: string; max: number },
  key: string,
  load: () => PromiseLike<T>,
): Promise<T> {
  const all = families();
  const current = db();
  const generation = publicContentGeneration();
  let kept = all.get(family.name);
  if (!kept || kept.generation !== generation || kept.db !== current) {
    kept = { generation, db: current, entries: new Map() };
    all.set(family.name, kept);
  }
  return keptAmongRecent(kept.entries, key, family.max, load);
}

/**
 * The value kept under `key` in `entries`, or `load`'s, kept there: at most `max` keys, the least
 * recently used dropped first. A failed load is not kept. The caller decides when `entries` as a
 * whole is out of date (a new generation, a new number of changes) and starts a new map.
 */
export function keptAmongRecent<T>(
  entries: Map<string, Promise<unknown>>,
  key: string,
  max: number,
  load: () => PromiseLike<T>,
): Promise<T> {
  const hit = entries.get(key);
  if (hit) {
    // Map order is insertion order: re-inserting marks the key as the most recently used.
    entries.delete(key);
    entries.set(key, hit);
    return hit as Promise<T>;
  }
  const value = settled(load);
  entries.set(key, value);
  if (entries.size > max) entries.delete(entries.keys().next().value!);
  value.catch(() => {
    if (entries.get(key) === value) entries.delete(key);
  });
  return value;
}
