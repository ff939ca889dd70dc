// Passage's service worker: a signed-in applicant's own dashboard, applications and documents
// stay readable offline (decision record 46). Nothing else is kept: no public page (the page cache
// serves those), no staff page, no form answer.
//
// - A page is kept only when its HTML carries the owner marker the dashboard layout writes for
//   an applicant (data-offline-key): staff, agents and signed-out answers have none.
// - Pages of one person only: a page of someone else replaces the whole cache first, and signing
//   out (or a session that ended: the page redirects to sign-in) empties it.
// - The scripts, styles and strings such a page names are kept beside it, so it runs offline too;
//   the page itself says when it was last updated.

const PAGES = "passage-pages-v1";
const FILES = "passage-files-v1";
const OFFLINE_PATHS = ["/dashboard", "/dashboard/applications", "/dashboard/documents"];
const OWNER = "/__passage-offline-owner";
const MARKER = /data-offline-key="([0-9a-f]{16,64})"/;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n !== PAGES && n !== FILES).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
      // The pages of the visit that installed this worker, so one visit is enough.
      await Promise.all(OFFLINE_PATHS.map((path) => refresh(path)));
    })(),
  );
});

async function refresh(path) {
  try {
    await keep(path, await fetch(path, { credentials: "same-origin" }));
  } catch {
    // offline or refused: what is kept stays
  }
}

async function keep(path, response) {
  if (response.redirected) {
    // Sent to sign in: the session is over, and so is what it showed.
    await caches.delete(PAGES);
    return;
  }
  if (!response.ok || response.type !== "basic") return;
  const html = await response.text();
  const owner = MARKER.exec(html)?.[1];
  if (!owner) return;
  let pages = await caches.open(PAGES);
  const kept = await pages.match(OWNER);
  if (!kept || (await kept.text()) !== owner) {
    await caches.delete(PAGES);
    pages = await caches.open(PAGES);
    await pages.put(OWNER, new Response(owner));
  }
  await pages.put(
    path,
    new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
  const files = await caches.open(FILES);
  await Promise.all(
    [...filesNamedBy(html)].map(async (url) => {
      if (await files.match(url)) return;
      try {
        await files.add(url);
      } catch {
        // a file that cannot be had now is fetched again next time
      }
    }),
  );
  // Files no kept page names any more (an earlier release's) go.
  const needed = new Set();
  for (const kept of await pages.keys()) {
    const page = await pages.match(kept);
    for (const file of filesNamedBy(await page.text())) needed.add(file);
  }
  for (const file of await files.keys()) {
    if (!needed.has(new URL(file.url).pathname)) await files.delete(file);
  }
}

function filesNamedBy(html) {
  return new Set(
    [...html.matchAll(/(?:src|href)="(\/(?:assets|i18n)\/[^"?#]+)"/g)].map((m) => m[1]),
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Signing out empties what this browser kept of the person.
    if (
      url.pathname.startsWith("/auth/sign-out") ||
      url.pathname.startsWith("/api/auth/sign-out")
    ) {
      event.waitUntil(caches.delete(PAGES));
    }
    return;
  }
  if (request.mode === "navigate" && OFFLINE_PATHS.includes(url.pathname) && !url.search) {
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          event.waitUntil(keep(url.pathname, response.clone()));
          return response;
        } catch (error) {
          const kept = await (await caches.open(PAGES)).match(url.pathname);
          if (kept) return kept;
          throw error;
        }
      })(),
    );
    return;
  }
  if (url.pathname === "/__manifest") {
    // Offline, the router's question of where the page's links lead gets "nothing new" instead
    // of an error: a link it does not know yet loads as a whole page (kept or not).
    event.respondWith(
      fetch(request).catch(
        () => new Response("{}", { headers: { "content-type": "application/json" } }),
      ),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/i18n/")) {
    // Named by their content: a kept copy is the right one; the network otherwise.
    event.respondWith(
      caches
        .open(FILES)
        .then((files) => files.match(url.pathname))
        .then((kept) => kept ?? fetch(request)),
    );
  }
});
