// Part "lighthouse": Lighthouse (mobile, default simulated throttling) on the public pages of a
// production server with the embedded database and the demo data, as a new visitor sees them.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { LIGHTHOUSE_BUDGETS, type LighthouseFigures } from "./budgets";
import { onCleanup } from "./cleanup";
import { BROWSER_HEADERS, findPublicJobId, rawRequest } from "./http-client";
import type { BenchOptions } from "./options";
import { makeTempDir } from "./seed";
import { startServer } from "./server";
import { printTable } from "./table";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "~/scripts/chromium.mjs";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

export type LighthouseRow = {
  path: string;
  figures?: LighthouseFigures & { requests: number };
  problem?: string;
  /** Short names of the budgets broken (gating ones, then reported ones). */
  gated: string[];
  reported: string[];
};

type Audit = { numericValue?: number; details?: { items?: Record<string, unknown>[] } };

function figuresOf(lhr: {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit | undefined>;
}): LighthouseFigures & { requests: number } {
  const items = (lhr.audits["resource-summary"]?.details?.items ?? []) as {
    resourceType: string;
    transferSize: number;
    requestCount: number;
  }[];
  const summary = (type: string) => items.find((i) => i.resourceType === type);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    jsKb: (summary("script")?.transferSize ?? 0) / 1024,
    totalKb: (summary("total")?.transferSize ?? 0) / 1024,
    requests: summary("total")?.requestCount ?? 0,
  };
}

export async function runLighthousePart(
  options: BenchOptions,
  port: number,
  logDir: string,
): Promise<LighthouseRow[]> {
  const server = await startServer({
    label: "lighthouse",
    buildDir: options.buildDir,
    port,
    logDir,
    env: {
      DATABASE_URL: "",
      DATA_DIR: makeTempDir("lighthouse"),
      SEED_DEMO: "true",
      DEMO_PASSWORD: crypto.randomBytes(12).toString("base64url"),
      AUTH_SECRET: crypto.randomBytes(36).toString("base64url"),
    },
  });
  const jobId = await findPublicJobId(server.origin);
  const paths = ["/", "/jobs", `/jobs/${jobId}`, "/news", "/about", "/contact", "/auth"];
  // Rendered once before Lighthouse comes, as on a site that has had visitors.
  for (const page of paths) {
    for (let i = 0; i < 2; i++)
      await rawRequest(server.origin + page, { headers: BROWSER_HEADERS });
  }

  // Chromium's profile and its own temporary files live in a directory removed at clean-up.
  const chromeDir = makeTempDir("chromium");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir: chromeDir,
    envVars: { ...process.env, TMPDIR: chromeDir },
    handleSIGINT: false,
    logLevel: "silent",
  });
  const killChrome = onCleanup("stop Chromium", () => chrome.kill());

  const rows: LighthouseRow[] = [];
  console.log(
    `\nLighthouse (mobile, simulated throttling) on ${paths.length} pages, ` +
      `${options.lighthouseRuns} run(s) each...`,
  );
  for (const page of paths) {
    const runs: (LighthouseFigures & { requests: number })[] = [];
    let problem: string | undefined;
    for (let i = 0; i < options.lighthouseRuns && !problem; i++) {
      const result = await lighthouse(server.origin + page, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        problem = lhr?.runtimeError?.message ?? "Lighthouse returned no result";
        break;
      }
      runs.push(figuresOf(lhr as never));
      // BENCH_LIGHTHOUSE_REPORTS=dir keeps every run's full report, to see what a score is made of.
      const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        const name = `${page.replace(/[^a-z0-9]+/gi, "_") || "_"}-${i + 1}.json`;
        fs.writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
      }
    }
    process.stdout.write(".");
    if (problem || runs.length === 0) {
      rows.push({ path: page, problem: problem ?? "no run", gated: [], reported: [] });
      continue;
    }
    // The median run by performance score, as Lighthouse's own guidance suggests.
    runs.sort((a, b) => a.performance - b.performance);
    const figures = runs[Math.floor(runs.length / 2)]!;
    const brokenBudgets = LIGHTHOUSE_BUDGETS.filter((b) => !b.met(figures));
    rows.push({
      path: page === `/jobs/${jobId}` ? "/jobs/{id}" : page,
      figures,
      gated: brokenBudgets.filter((b) => b.gate).map((b) => b.name),
      reported: brokenBudgets.filter((b) => !b.gate).map((b) => b.name),
    });
  }
  process.stdout.write("\n");
  await killChrome();
  await server.stop();
  return rows;
}

export function printLighthouseTable(rows: LighthouseRow[], runs: number) {
  printTable(
    `Lighthouse mobile (demo data, embedded database; ${runs === 1 ? "one run" : `median of ${runs} runs`} per page)`,
    ["page", "perf", "LCP s", "CLS", "a11y", "JS KB", "total KB", "requests", "result"],
    rows.map((r) => {
      const f = r.figures;
      return [
        r.path,
        f ? String(f.performance) : "-",
        f ? (f.lcpMs / 1000).toFixed(2) : "-",
        f ? f.cls.toFixed(3) : "-",
        f ? String(f.accessibility) : "-",
        f ? f.jsKb.toFixed(1) : "-",
        f ? f.totalKb.toFixed(1) : "-",
        f ? String(f.requests) : "-",
        r.problem
          ? "ERROR"
          : r.gated.length > 0
            ? `FAIL ${[...r.gated, ...r.reported].join(" ")}`
            : r.reported.length > 0
              ? `PASS (not met: ${r.reported.join(" ")})`
              : "PASS",
      ];
    }),
    [
      `Budgets (FAIL sets the exit code): ${LIGHTHOUSE_BUDGETS.filter((b) => b.gate)
        .map((b) => b.text)
        .join(", ")}; reported only: ${LIGHTHOUSE_BUDGETS.filter((b) => !b.gate)
        .map((b) => b.text)
        .join(", ")}.`,
      "KB = 1,024 bytes transferred (compressed), from Lighthouse's resource-summary audit.",
      ...rows.filter((r) => r.problem).map((r) => `ERROR ${r.path}: ${r.problem}`),
    ],
  );
}
