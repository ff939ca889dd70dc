import { AsyncLocalStorage } from "node:async_hooks";
import { lookupOptional, register } from "./registry.server";

/**
 * What one page request has already read, shared by its loaders. React Router runs the root,
 * layout and page loaders of a request side by side, each with its own copy of the Request, and
 * each asks "who is this?" and "how many unread messages?": without a shared memo one signed-in
 * page read the session three times. The scope lives as long as the HTTP request that opened it.
 */
type Scope = { memo: Map<string, Promise<unknown>>; readOnly: boolean };

// One storage for the process: the Hono server and the React Router bundle are separate module
// graphs (see registry.server.ts), and the scope opened by one must be seen by the other.
const scopes =
  lookupOptional<AsyncLocalStorage<Scope>>("requestScope") ??
  register("requestScope", new AsyncLocalStorage<Scope>());

/**
 * Runs `render` with a fresh memo. Only a GET or HEAD shares reads between its loaders: after an
 * action (sign-in, a profile edit, a payment) the loaders that follow must see what it changed.
 */
export function runInRequestScope<T>(method: string, render: () => T): T {
  const readOnly = method === "GET" || method === "HEAD";
  return scopes.run({ memo: new Map(), readOnly }, render);
}

/** Inside a GET or HEAD request (whose reads may share what another request read just before). */
export function inReadOnlyRequest(): boolean {
  return scopes.getStore()?.readOnly ?? false;
}

/**
 * `read()` once per read-only request for this key; outside a request (scripts, tests, actions)
 * it simply reads. A failed read is not kept, so a later caller in the same request tries again.
 */
export function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope?.readOnly) return read();
  const known = scope.memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = read();
  scope.memo.set(key, pending);
  pending.catch(() => scope.memo.delete(key));
  return pending;
}
