import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from "./scripts/chromium.mjs";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3217);
export const E2E_DEMO_PASSWORD = "demo-password-e2e";
/** The stand-in for Paynow (tests/e2e/fake-paynow.mjs): the payer's "phone" is called on it. */
export const PAYNOW_FAKE_PORT = E2E_PORT + 6;
export const PAYNOW_FAKE_URL = `http://127.0.0.1:${PAYNOW_FAKE_PORT}`;
const PAYNOW_INTEGRATION = {
  PAYNOW_INTEGRATION_ID: "e2e-integration",
  PAYNOW_INTEGRATION_KEY: "e2e-key",
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-e2e-"));
/** The production build the browser tests run (`npm run build` writes it). */
export const E2E_BUILD_DIR = process.env.BUILD_DIR ?? "build";

/**
 * What an app server under the browser tests runs with, the main one and any extra a test starts:
 * the production build on its own port and data folder, the demo accounts, logs kept to warnings.
 */
export function appServerEnv(port: number, dataDir: string) {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: E2E_DEMO_PASSWORD,
    SEED_DEMO: "true",
    // The lived-in demo's applicants stay out: each test makes the rows it reads.
    SEED_DEMO_ACTIVITY: "false",
    LOG_LEVEL: "warn",
    RATE_LIMIT_SCALE: "100",
    // Production refuses to start without a chosen provider; the browser tests pay in demo mode.
    PAYMENT_PROVIDER: "simulated",
    BASE_URL: `http://localhost:${port}`,
    BUILD_DIR: E2E_BUILD_DIR,
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  outputDir: `test-results/${E2E_PORT}`,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: `.tmp/e2e-results-${E2E_PORT}.json` }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    // The applicant's offline worker fetches three dashboard pages as it starts, in every new
    // browser context: only the offline test (which allows it) is about it.
    serviceWorkers: "block",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "node tests/e2e/fake-paynow.mjs",
      url: `${PAYNOW_FAKE_URL}/readyz`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { PAYNOW_FAKE_PORT: String(PAYNOW_FAKE_PORT), ...PAYNOW_INTEGRATION },
    },
    {
      command: `node ${E2E_BUILD_DIR}/server/main.js`,
      url: `http://localhost:${E2E_PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...appServerEnv(E2E_PORT, dataDir),
        // Paynow beside it, against the stand-in: EcoCash and OneMoney for Zimbabwean applicants.
        ...PAYNOW_INTEGRATION,
        PAYNOW_BASE_URL: PAYNOW_FAKE_URL,
      },
    },
  ],
});
