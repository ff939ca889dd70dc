/**
 * The URL a request was made to, as the browser saw it. Behind a TLS load balancer the socket
 * speaks plain HTTP, so the URL Node builds says `http://` while the browser's Origin header says
 * `https://`; React Router's cross-site check compares the two and would refuse every form.
 *
 * - Behind trusted proxies (TRUST_PROXY ≥ 1) their X-Forwarded-Proto / X-Forwarded-Host say it.
 * - Otherwise, a request for BASE_URL's host is taken to use BASE_URL's protocol (a proxy that
 *   passes Host through but adds no X-Forwarded-* headers).
 * - Any other host is left as the request says (a LAN address in a demo, 127.0.0.1 in
 *   development), so those keep working as before.
 */
export function publicUrlOf(
  requestUrl: string,
  headers: Headers,
  options: { baseUrl: string | undefined; hops: number },
): URL {
  const url = new URL(requestUrl);
  if (options.hops > 0) {
    // The proxy nearest to us wrote the last entry; anything before it came from further out.
    const proto = lastEntry(headers.get("x-forwarded-proto"))?.toLowerCase();
    const host = lastEntry(headers.get("x-forwarded-host"));
    if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
    if (host && /^[a-z0-9.[\]:-]+$/i.test(host)) url.host = host;
    if (proto || host) return url;
  }
  if (options.baseUrl) {
    const base = new URL(options.baseUrl);
    const host = headers.get("host") ?? url.host;
    if (host.toLowerCase() === base.host.toLowerCase() && url.protocol !== base.protocol) {
      url.protocol = base.protocol;
      url.host = base.host;
    }
  }
  return url;
}

function lastEntry(value: string | null): string | undefined {
  if (!value) return undefined;
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  return entries[entries.length - 1];
}

/**
 * Where a middleware learns the public address: BASE_URL, read on each request (the config may
 * be registered after the app is built, as tests do), and how many proxies in front are trusted.
 */
export type PublicUrlSource = { baseUrl: () => string | undefined; hops: number };

/** publicUrlOf for one request, with BASE_URL as it is now. */
export function publicUrlOfRequest(request: Request, source: PublicUrlSource): URL {
  return publicUrlOf(request.url, request.headers, {
    baseUrl: source.baseUrl(),
    hops: source.hops,
  });
}
