// Test files share their worker's module graph (isolate: false, which saves each file ~2 s of
// imports). The server's long-lived objects live in one registry on globalThis; each file starts
// with it empty, as a fresh server process would, so nothing one file set up reaches the next.
(globalThis as { __passage?: Record<string, unknown> }).__passage = {};
