import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Code says why in words: a comment or a test's name that points at a tracker number (the word
// "issue" and a number) tells the next reader nothing once the issue is closed. Decision records
// may name their issue.

const ROOTS = ["app", "server", "domain", "scripts", "tests"];
/** Files being reworked elsewhere when this check came; each leaves the list with its rework. */
const NOT_YET = new Set([
  "server/applicants/applicant-record.server.ts",
  "app/routes/admin/applicant-sections.tsx",
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe("code names no tracker issue", () => {
  it("has no 'issue N' in comments or test names", () => {
    const found = ROOTS.flatMap(sourceFiles)
      .filter((file) => !NOT_YET.has(file))
      .filter((file) => /\bissue \d+/.test(fs.readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });
});
