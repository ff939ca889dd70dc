import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { E2E_PORT, appServerEnv } from "~/playwright.config";
import { expect, test } from "./fixtures";
import { spawnServerProcess } from "./server-process";

// Issue 46, point 3: a SIGTERM under load. Readiness goes false first while requests are still
// answered (the drain), then the server stops taking connections, finishes what it has, closes the
// database and exits cleanly. A request that got a connection is answered, never reset.
test.setTimeout(180_000);

type Outcome = { status?: number; error?: string };

/** One GET on a keep-alive agent: its status, or the error code it failed with. */
function get(agent: http.Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode }));
      response.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    request.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

test("SIGTERM under load: not ready first, every connected request answered, a clean exit", async () => {
  const { child, url, output } = spawnServerProcess({
    portOffset: 14,
    env: { SHUTDOWN_DRAIN_MS: "1500", SEED_DEMO: "false" },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    await expect
      .poll(
        () =>
          fetch(`${url}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 90_000 },
      )
      .toBe(200);

    // Eight clients, as behind a load balancer: one of them its health check. The balancer stops
    // sending new requests a moment after readiness first says no; until then they keep coming.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Outcome[] = [];
    let sending = true;
    const loops = Array.from({ length: 8 }, async (_, i) => {
      while (sending) {
        const path = i === 0 ? "/readyz" : i % 2 ? "/jobs" : "/healthz";
        const outcome = await get(agent, `${url}${path}`);
        if (path !== "/readyz") outcomes.push(outcome);
        else if (outcome.status === 503) setTimeout(() => (sending = false), 300);
        else await new Promise((r) => setTimeout(r, 50));
      }
    });

    await new Promise((r) => setTimeout(r, 1_000));
    const before = outcomes.length;
    child.kill("SIGTERM");
    await Promise.all(loops);
    const code = await exited;
    agent.destroy();

    // 0: everything closed in time (past SHUTDOWN_TIMEOUT_MS, or on an error while closing, 1).
    expect(code, output()).toBe(0);
    // Pages were still answered after the signal, while readiness said no (the drain)...
    const after = outcomes.slice(before);
    expect(after.filter((o) => o.status === 200).length).toBeGreaterThan(0);
    // ...and not one request was cut off or refused.
    expect(after.filter((o) => o.status !== 200)).toEqual([]);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

test("Ctrl-C on npm run dev stops the server cleanly and releases the data folder", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-e2e-dev-"));
  const port = E2E_PORT + 15;
  // Its own process group, as a terminal's foreground job: Ctrl-C signals every process in it.
  const child = spawn(process.execPath, ["scripts/dev.mjs"], {
    detached: true,
    env: { ...process.env, ...appServerEnv(port, dataDir), NODE_ENV: "", SEED_DEMO: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    await expect
      .poll(
        () =>
          fetch(`http://localhost:${port}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 120_000,
        },
      )
      .toBe(200);
    expect(fs.existsSync(path.join(dataDir, "passage.lock"))).toBe(true);
    process.kill(-child.pid!, "SIGINT");
    expect(await exited, output).toBe(0);
    expect(output).not.toContain("Force killing");
    expect(fs.existsSync(path.join(dataDir, "passage.lock"))).toBe(false);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
