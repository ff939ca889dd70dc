/**
 * The address of the client that sent a request, for per-address rate limits and logs.
 *
 * Behind `hops` trusted proxies, each proxy appends the address it received the connection from
 * to `X-Forwarded-For`; everything to the left of those entries was written by the client and
 * proves nothing. So the client is the entry `hops` places from the right: with one load balancer
 * (TRUST_PROXY=1) the last entry, the one our own proxy wrote. Without trusted proxies the
 * socket's address is the only one that counts.
 */
export function clientAddress(options: {
  forwardedFor: string | undefined;
  remoteAddress: string | undefined;
  hops: number;
}): string {
  const socket = options.remoteAddress || "unknown";
  if (options.hops <= 0 || !options.forwardedFor) return socket;
  const entries = options.forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return socket;
  // Fewer entries than proxies: the request skipped a proxy or came from inside; the leftmost one
  // was still written by a proxy we trust, not by the client.
  return entries[Math.max(0, entries.length - options.hops)]!;
}

/** TRUST_PROXY as a number of hops: `true` (the old setting) means one proxy. */
export function trustedHops(trustProxy: boolean | number): number {
  if (typeof trustProxy === "number") return Math.max(0, Math.floor(trustProxy));
  return trustProxy ? 1 : 0;
}
