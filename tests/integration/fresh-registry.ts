// Test files share their worker's module graph (isolate: false, which saves each file ~2 s of
// imports). The server's long-lived objects live in one registry on globalThis; each file starts
// with it empty, as a fresh server process would, so nothing one file set up reaches the next.
// The one entry kept is a rule a module registers once as it is imported (the app's language rule,
// app/root.server.ts): the shared module is not imported again, so dropping it would leave the next
// file's server without it (every page answered in English, whatever the person chose).
const kept = ["pageLanguage"];
const g = globalThis as { __passage?: Record<string, unknown> };
g.__passage = Object.fromEntries(
  Object.entries(g.__passage ?? {}).filter(([name]) => kept.includes(name)),
);
