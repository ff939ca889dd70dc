// One-off HTTP requests made the way a phone's browser makes them: recording a page's exact bytes
// (for the bare server to replay), signing in through the /auth form, finding a real job id.
import http from "node:http";
import type { BenchAccount } from "./seed";

/** What a mobile Chrome sends for a page load; the compression the server picks follows from it. */
export const BROWSER_HEADERS: Record<string, string> = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "br, gzip",
  "accept-language": "en-GB,en;q=0.9",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) " +
    "Chrome/136.0.0.0 Mobile Safari/537.36",
};

export type RecordedResponse = {
  status: number;
  /** Raw header pairs as sent, in order (several Set-Cookie stay separate). */
  headers: [string, string][];
  body: Buffer;
};

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const headers: [string, string][] = [];
          const raw = response.rawHeaders;
          for (let i = 0; i < raw.length; i += 2) headers.push([raw[i]!, raw[i + 1]!]);
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`${url}: no answer in 30 s`)));
    request.on("error", reject);
    request.end(options.body);
  });
}

export function header(response: RecordedResponse, name: string): string | undefined {
  return response.headers.find(([k]) => k.toLowerCase() === name)?.[1];
}

/** Signs in through the real /auth form (as a browser without JavaScript would); returns the Cookie header. */
export async function signIn(origin: string, account: BenchAccount): Promise<string> {
  const body = new URLSearchParams({
    intent: "signin",
    email: account.email,
    password: account.password,
  }).toString();
  const response = await rawRequest(`${origin}/auth`, {
    method: "POST",
    headers: {
      ...BROWSER_HEADERS,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
    },
    body,
  });
  const cookies = response.headers
    .filter(([k]) => k.toLowerCase() === "set-cookie")
    .map(([, v]) => v.split(";")[0]!)
    .filter((c) => !/=$/.test(c));
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(
      `Signing in as ${account.email} answered ${response.status} without a session cookie`,
    );
  }
  return cookies.join("; ");
}

/** The id of a job a visitor can open: one linked from the public board that answers 200. */
export async function findPublicJobId(origin: string): Promise<string> {
  const headers = { ...BROWSER_HEADERS, "accept-encoding": "identity" };
  const board = await rawRequest(`${origin}/jobs`, { headers });
  // Cards link a visitor to the job, or to sign-in with the job as redirectTo (premium jobs).
  const ids = new Set(
    [
      ...board.body
        .toString("utf8")
        .matchAll(/jobs(?:\/|%2F)([0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12})/gi),
    ].map((m) => m[1]!),
  );
  for (const id of ids) {
    const job = await rawRequest(`${origin}/jobs/${id}`, { headers });
    if (job.status === 200) return id;
  }
  throw new Error(
    `GET /jobs answered ${board.status} and none of the ${ids.size} jobs it links opens for a visitor`,
  );
}
