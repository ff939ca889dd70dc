// The system Chromium and the flags it runs with here, for the browser tests and the benchmark's
// Lighthouse alike (no downloaded browser; nothing that phones home).
import fs from "node:fs";

/** The full browser: Lighthouse measures what a person's Chrome does. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests' Chromium: Debian's headless shell (`apt-get install -y
 * chromium-headless-shell`, the same engine without the browser UI) when it is installed, since
 * it runs the suite in about 60% of the time on two cores; otherwise the full browser.
 * CHROMIUM_PATH, when set, wins.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
