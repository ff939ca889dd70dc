import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E_BUILD_DIR, E2E_DEMO_PASSWORD, E2E_PORT, appServerEnv } from "~/playwright.config";

/**
 * An extra app server for a test that needs its own settings (a failing probe, PostgreSQL, a
 * second process): the same production build the main browser-test server runs.
 */
export type ServerProcess = {
  url: string;
  pid: number;
  stop: () => Promise<void>;
  output: () => string;
};

export async function startServerProcess(options: {
  portOffset: number;
  env?: Record<string, string>;
  /** A data folder the test owns (kept at stop); a new one, removed at stop, by default. */
  dataDir?: string;
}): Promise<ServerProcess> {
  const { child, url, dataDir, output } = spawnServerProcess(options);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = new URL(url).port;
  let log = "";
  const refresh = () => (log = output());

  const deadline = Date.now() + 90_000;
  for (;;) {
    refresh();
    if (child.exitCode !== null) throw new Error(`server on ${port} exited:\n${log}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server on ${port} did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    pid: child.pid!,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the production build on E2E_PORT + portOffset without waiting for it to be ready. */
export function spawnServerProcess(options: {
  portOffset: number;
  env?: Record<string, string>;
  dataDir?: string;
}) {
  const port = E2E_PORT + options.portOffset;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "passage-e2e-extra-"));
  let log = "";
  const child: ChildProcess = spawn(process.execPath, [`${E2E_BUILD_DIR}/server/main.js`], {
    env: {
      ...process.env,
      ...appServerEnv(port, dataDir),
      DATABASE_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  return { child, url: `http://localhost:${port}`, dataDir, output: () => log };
}

/** Signs in on another server's /auth; the cookie lands in this page's context (cookies ignore ports). */
export async function loginAt(page: Page, baseUrl: string, email: string) {
  const response = await page.request.post(`${baseUrl}/auth`, {
    form: { intent: "signin", email, password: E2E_DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${email} on ${baseUrl}`).toBe(302);
}
