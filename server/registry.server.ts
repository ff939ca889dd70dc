// The server's long-lived objects (database, auth, drivers) live on globalThis. The Hono process
// and the React Router server bundle are separate module graphs in one process; both must reach
// the same single database connection and not open a second one.
type Registry = Record<string, unknown>;

function registry(): Registry {
  const g = globalThis as typeof globalThis & { __passage?: Registry };
  g.__passage ??= {};
  return g.__passage;
}

export function register<T>(name: string, value: T): T {
  registry()[name] = value;
  return value;
}

export function lookup<T>(name: string): T {
  const value = registry()[name];
  if (value === undefined) {
    throw new Error(`${name} is not initialised: the server registers it at start-up`);
  }
  return value as T;
}

export function lookupOptional<T>(name: string): T | undefined {
  return registry()[name] as T | undefined;
}

export function unregister(name: string) {
  delete registry()[name];
}
