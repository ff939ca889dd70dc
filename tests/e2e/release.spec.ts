import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_BUILD_DIR, E2E_PORT, appServerEnv } from "~/playwright.config";
import { DEMO, expect, test } from "./fixtures";
import { loginAt } from "./server-process";
import { uploadPdf } from "./steps";

// Issue 46, point 1: `npm run release` writes a folder that holds everything the server needs and
// starts with `node server.js` from any directory. Here the build under test is packaged, copied
// nowhere near the source tree's working directory, and used as a person would: pages, an e-mail
// (written to the outbox, which needs the locales), an upload.
test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const port = E2E_PORT + 13;
const url = `http://localhost:${port}`;
let releaseDir: string;
let workDir: string;
let server: ChildProcess;
let output = "";

test.beforeAll(async () => {
  test.setTimeout(300_000);
  releaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-release-"));
  const made = spawnSync(process.execPath, ["scripts/release.mjs", "--no-build"], {
    env: { ...process.env, BUILD_DIR: E2E_BUILD_DIR, RELEASE_DIR: releaseDir },
    encoding: "utf8",
  });
  expect(made.status, made.stdout + made.stderr).toBe(0);
  for (const tool of ["vitest", "vite", "typescript"]) {
    expect(fs.existsSync(path.join(releaseDir, "node_modules", tool)), tool).toBe(false);
  }

  // Started from an empty folder of its own: DATA_DIR is not set, so the data lands in ./data there.
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-release-run-"));
  const env: NodeJS.ProcessEnv = { ...process.env, ...appServerEnv(port, "unused") };
  delete env.DATA_DIR;
  delete env.BUILD_DIR;
  delete env.NODE_ENV;
  server = spawn(process.execPath, [path.join(releaseDir, "server.js")], {
    cwd: workDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the release exited:\n${output}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the release did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  for (const dir of [releaseDir, workDir])
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("the release bundle serves pages, sends e-mail and takes uploads from a bare folder", async ({
  page,
}) => {
  expect(fs.existsSync(path.join(workDir, "data", "pgdata"))).toBe(true);

  await page.goto(`${url}/jobs`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // A visitor's message is acknowledged by e-mail: without SMTP, an .eml in DATA_DIR/outbox.
  await page.goto(`${url}/contact`);
  await page.getByLabel("Full name *").fill("Rufaro Release");
  await page.getByLabel("E-mail *").fill("rufaro.release@example.com");
  await page.getByLabel("Subject *").fill("From the release");
  await page.getByLabel("Message *").fill("Does the bundle send mail?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("contact-success")).toBeVisible();
  const outbox = path.join(workDir, "data", "outbox");
  await expect
    .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).length, { timeout: 20_000 })
    .toBeGreaterThan(0);

  await loginAt(page, url, DEMO.seeker);
  await page.goto(`${url}/dashboard/documents`);
  const cv = page.getByTestId("document-cv");
  await uploadPdf(cv, "release-cv.pdf");
  await expect(cv.getByTestId("flash")).toContainText("Document uploaded successfully");
  const uploads = path.join(workDir, "data", "uploads");
  expect(fs.readdirSync(uploads, { recursive: true }).length).toBeGreaterThan(0);

  // Nothing it needs was missing (a locale, a migration, a legal text would log an error).
  expect(output).not.toMatch(/"level":(50|60)/);
});
