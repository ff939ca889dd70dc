import { database } from "~/server/db/client.server";
import { readCounts } from "~/server/db/record-counts.server";
import { lookupOptional, register } from "~/server/registry.server";
import { inReadOnlyRequest, oncePerRequest } from "~/server/request-scope.server";

/**
 * The one cache model (decision record 11). Every cached value names what it depends on and how
 * long it may live. Each dependency has a version in the database (record_counts,
 * 'version:<name>'), moved by statement-level triggers inside the changing transaction (migrations
 * 0026, 0031, 0032): a change made by the app, by psql, by a restore or by another process moves it. A
 * value is rebuilt when a dependency's version moved or its time ran out. A new dependency needs
 * its triggers; tests/integration/cached.test.ts fails for a name here that no trigger moves.
 */
export const DEPENDENCIES = [
  "jobs",
  "programs",
  "blog_posts",
  "site_settings",
  "fee_policies",
  "countries",
  "employers", // a job page names its employer (decision record 43)
  "document_types", // a study program's page names its documents (decision record 40)
  "recruitment_restrictions", // jobs not advertised to some residents (decision record 35)
  "profile_names", // people's names: public pages show a post's author
  "application_search", // applications, and people's name, e-mail and office
] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/**
 * Everything a visitor's public page may show. Restrictions are not: they hide jobs only from a
 * signed-in applicant of a known residence, whose pages are never in the page cache.
 */
export const PUBLIC_CONTENT = DEPENDENCIES.filter(
  (name) => name !== "application_search" && name !== "recruitment_restrictions",
);

/** The time limit of public values: time-based text moves on even if no version did. */
export const PUBLIC_TTL_MS = 5 * 60_000;

/** How old the versions a page request trusts may be, unless a value asks for fresher ones. */
export const SHARED_MAX_AGE_MS = 1000;

export type Versions = Readonly<Record<Dependency, number>>;

const VERSION_KEYS = DEPENDENCIES.map((name) => `version:${name}`);

type Entry = { stamp: string; expiresAt: number; value: Promise<unknown> };

type State = {
  /** The newest versions read, and when. */
  known?: { versions: Versions; at: number };
  /** A read of the versions under way, shared by `recentVersions` callers. */
  reading?: Promise<Versions>;
  /** name → key → entry, least recently used first. */
  values: Map<string, Map<string, Entry>>;
};

// Per database client (a test that opens another database never sees the previous one's values),
// in the process registry: the Hono server and the React Router build are two module graphs.
function currentState(): State {
  const all =
    lookupOptional<WeakMap<object, State>>("cacheState") ??
    register("cacheState", new WeakMap<object, State>());
  const current = database();
  const client: object = current.pglite ?? current.sql ?? current.db;
  let state = all.get(client);
  if (!state) all.set(client, (state = { values: new Map() }));
  return state;
}

async function readVersions(state: State): Promise<Versions> {
  const counts = await readCounts(VERSION_KEYS);
  const versions = Object.fromEntries(
    DEPENDENCIES.map((name) => [name, counts[`version:${name}`]]),
  ) as unknown as Versions;
  const at = Date.now();
  if (!state.known || state.known.at <= at) state.known = { versions, at };
  return versions;
}

/** The versions now: one read per read-only request, a read of its own for anything else. */
function currentVersions(): Promise<Versions> {
  const state = currentState();
  return oncePerRequest("cache:versions", () => readVersions(state));
}

/** Read at most `maxAgeMs` ago (a clock set back makes nothing fresh). */
function fresh(at: number, maxAgeMs: number) {
  const age = Date.now() - at;
  return age >= 0 && age <= maxAgeMs;
}

/** Versions read at most `maxAgeMs` ago, or one read shared by every caller that asks meanwhile. */
function recentVersions(maxAgeMs: number): Promise<Versions> {
  const state = currentState();
  const known = state.known;
  if (known && fresh(known.at, maxAgeMs)) return Promise.resolve(known.versions);
  state.reading ??= readVersions(state).finally(() => (state.reading = undefined));
  return state.reading;
}

/** After an action in this process: the next request reads the versions again. */
export function versionsMayHaveMoved() {
  currentState().known = undefined;
}

/** Where the page cache gets the versions (the database's, or a unit test's). */
export type VersionSource = {
  /** Versions read at most `maxAgeMs` ago, without waiting, if there are. */
  known(maxAgeMs: number): Versions | undefined;
  recent(maxAgeMs: number): Promise<Versions>;
  /** A read that starts now. */
  read(): Promise<Versions>;
};

export const databaseVersions: VersionSource = {
  known(maxAgeMs) {
    const known = currentState().known;
    return known && fresh(known.at, maxAgeMs) ? known.versions : undefined;
  },
  recent: recentVersions,
  read: () => readVersions(currentState()),
};

/** The versions of `dependsOn`, as one string: two stamps are equal when none moved. */
export function stampOf(versions: Versions, dependsOn: readonly Dependency[]): string {
  let stamp = "";
  for (const name of dependsOn) stamp += `${versions[name]},`;
  return stamp;
}

export type CachedOptions<T> = {
  /** The family of values (a function's name, say). */
  name: string;
  /** What the value is made of besides `key`: a change to any of them rebuilds it. */
  dependsOn: readonly Dependency[];
  /** Everything else the value depends on (a search, a page, the viewer's offices). */
  key?: string;
  /** The longest the value may be kept, whatever happens. */
  ttlMs: number;
  /** At most this many keys of the family, the least recently used dropped first (default 1). */
  max?: number;
  /**
   * In a page request, how old the versions may be (default SHARED_MAX_AGE_MS; 0: read in this
   * request). Actions, scripts and tests always read them afresh.
   */
  maxAgeMs?: number;
  load: () => PromiseLike<T> | T;
};

/**
 * `load()`'s value, kept under `name` and `key` until a version of `dependsOn` moves or `ttlMs`
 * runs out. The versions are read before `load` runs, so a value is never kept under versions newer
 * than what it saw. Concurrent callers share one load; a failed load is not kept.
 */
export async function cached<T>(options: CachedOptions<T>): Promise<T> {
  const state = currentState();
  const maxAgeMs = options.maxAgeMs ?? SHARED_MAX_AGE_MS;
  const versions =
    maxAgeMs > 0 && inReadOnlyRequest() ? await recentVersions(maxAgeMs) : await currentVersions();
  const stamp = stampOf(versions, options.dependsOn);
  const key = options.key ?? "";
  let family = state.values.get(options.name);
  if (!family) state.values.set(options.name, (family = new Map()));
  const now = Date.now();
  const hit = family.get(key);
  if (hit && hit.stamp === stamp && now < hit.expiresAt) {
    // Map order is insertion order: re-inserting marks the key as the most recently used.
    family.delete(key);
    family.set(key, hit);
    return hit.value as Promise<T>;
  }
  // A real promise: a Drizzle query is a lazy thenable that would run again at every await.
  const value = Promise.resolve().then(options.load);
  const entry: Entry = { stamp, expiresAt: now + options.ttlMs, value };
  family.delete(key);
  family.set(key, entry);
  if (family.size > (options.max ?? 1)) family.delete(family.keys().next().value!);
  value.catch(() => {
    if (family.get(key) === entry) family.delete(key);
  });
  return value;
}

/** Drops every value this process keeps for the current database (the benchmark's cold runs). */
export function forgetCachedValues() {
  currentState().values.clear();
}
