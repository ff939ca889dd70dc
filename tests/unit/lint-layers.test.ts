import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The layers are held by eslint.config.js; each case lints a snippet as if it sat at `filePath`
// and expects the rule to fail it (or, for the allowed imports, to stay quiet).

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  await eslint.lintText("export {};\n", { filePath: "app/routes/warm-up.tsx" }); // loads the plugins
}, 120_000);

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) =>
      [
        "@typescript-eslint/no-restricted-imports",
        "no-restricted-syntax",
        "cycles/no-import-cycle",
      ].includes(m.ruleId ?? ""),
    )
    .map((m) => m.message);
}

describe("eslint holds the layers", () => {
  it("a route never imports server/db", async () => {
    const errors = await layerErrors(
      "app/routes/admin/new-screen.tsx",
      'import { db } from "~/server/db/client.server";\nexport const x = db;\n',
    );
    expect(errors).toEqual([expect.stringContaining("Routes never query the database")]);
  });

  it("a route never opens a transaction", async () => {
    const errors = await layerErrors(
      "app/routes/admin/new-screen.tsx",
      'import { run } from "~/server/jobs/admin.server";\nexport const x = () => run().transaction(async () => {});\n',
    );
    expect(errors).toEqual([expect.stringContaining("never opens a transaction")]);
  });

  it("a component never imports server code, not even a type", async () => {
    const code =
      'import { listJobsForViewer } from "~/server/jobs/listing.server";\nexport const x = listJobsForViewer;\n';
    expect(await layerErrors("app/components/new-card.tsx", code)).toEqual([
      expect.stringContaining("Components never import server/"),
    ]);
    const typeOnly =
      'import type { JobList } from "~/server/jobs/listing.server";\nexport type X = JobList;\n';
    expect(await layerErrors("app/components/new-card.tsx", typeOnly)).toEqual([
      expect.stringContaining("not even a type"),
    ]);
    const fromDomain =
      'import type { JobCard } from "~/domain/job-search";\nexport type X = JobCard;\n';
    expect(await layerErrors("app/components/new-card.tsx", fromDomain)).toEqual([]);
  });

  it("components and routes read the root loader's data through app/lib, not from the root route", async () => {
    const fromRoot =
      'import { useRootData } from "~/app/root";\nexport const useIt = () => useRootData();\n';
    for (const filePath of ["app/components/new-card.tsx", "app/routes/jobs/new.tsx"]) {
      expect({ filePath, errors: await layerErrors(filePath, fromRoot) }).toEqual({
        filePath,
        errors: [expect.stringContaining("app/lib/root-data.ts")],
      });
    }
    const rootHook =
      'import { useRouteLoaderData } from "react-router";\nexport const useIt = () => useRouteLoaderData("root");\n';
    expect(await layerErrors("app/components/new-card.tsx", rootHook)).toEqual([
      expect.stringContaining("useRootData or useRootLocale"),
    ]);
    const throughLib =
      'import { useRootData } from "~/app/lib/root-data";\nexport const useIt = () => useRootData();\n';
    expect(await layerErrors("app/components/new-card.tsx", throughLib)).toEqual([]);
  });

  it("server/db never imports a service: the seed receives them", async () => {
    const service =
      'import { acceptCurrentPolicies } from "~/server/privacy/consent.server";\nexport const x = acceptCurrentPolicies;\n';
    expect(await layerErrors("server/db/seed-more.server.ts", service)).toEqual([
      expect.stringContaining("the seed receives them as SeedServices"),
    ]);
    const below =
      'import type { storage } from "~/server/storage/storage.server";\nimport { lookup } from "~/server/registry.server";\nimport { db } from "./client.server";\nexport const x = [lookup, db];\nexport type S = typeof storage;\n';
    expect(await layerErrors("server/db/seed-more.server.ts", below)).toEqual([]);
  });

  it("server/ never imports app/, domain/ imports nothing of ours", async () => {
    expect(
      await layerErrors(
        "server/jobs/new.server.ts",
        'import { x } from "~/app/lib/utils";\nexport const y = x;\n',
      ),
    ).toEqual([expect.stringContaining("server/ never imports app/")]);
    expect(
      await layerErrors(
        "domain/new.ts",
        'import { db } from "~/server/db/client.server";\nexport const y = db;\n',
      ),
    ).toEqual([expect.stringContaining("domain/ is pure")]);
  });

  it("only server/mail wakes the mail sender; services queue mail through the outbox", async () => {
    const code =
      'import { kickMailSender } from "~/server/mail/sender.server";\nexport const y = kickMailSender;\n';
    for (const filePath of ["server/applications/new.server.ts", "app/routes/admin/new.tsx"]) {
      expect({ filePath, errors: await layerErrors(filePath, code) }).toEqual({
        filePath,
        errors: [expect.stringContaining("enqueueApplicantMail")],
      });
    }
    expect(await layerErrors("server/mail/outbox-2.server.ts", code)).toEqual([]);
  });

  it("screens format dates with the one helper, in the agency's time zone", async () => {
    for (const [filePath, code] of [
      ["app/routes/admin/new.tsx", "export const f = new Intl.DateTimeFormat('en-GB');\n"],
      ["app/components/new-card.tsx", "export const f = (d: Date) => d.toLocaleDateString();\n"],
      ["app/routes/dashboard/new.tsx", "export const f = (d: Date) => d.toLocaleString('en');\n"],
    ] as const) {
      expect({ filePath, errors: await layerErrors(filePath, code) }).toEqual({
        filePath,
        errors: [expect.stringContaining("domain/format.ts")],
      });
    }
    // Routes keep their other syntax rule alongside this one.
    expect(
      await layerErrors(
        "app/routes/admin/new.tsx",
        "export const f = (d: Date) => d.toLocaleTimeString();\nexport const t = (x: { transaction(): void }) => x.transaction();\n",
      ),
    ).toHaveLength(2);
  });

  it("every folder uses the ~/ alias, server/ included", async () => {
    for (const filePath of [
      "server/jobs/new.server.ts",
      "app/routes/jobs/new.tsx",
      "domain/new.ts",
    ]) {
      const errors = await layerErrors(
        filePath,
        'import { config } from "../config.server";\nexport const y = config;\n',
      );
      expect({ filePath, errors }).toEqual({
        filePath,
        errors: [expect.stringContaining("Use the ~/ alias")],
      });
    }
  });

  it("the usual imports pass", async () => {
    const code =
      'import { listJobsForViewer } from "~/server/jobs/listing.server";\nimport { readPage } from "~/domain/pagination";\nimport { helper } from "./sibling";\nexport const x = [listJobsForViewer, readPage, helper];\n';
    expect(await layerErrors("app/routes/jobs/new.tsx", code)).toEqual([]);
  });
});

describe("a route module stays under 400 lines", () => {
  it("fails a route module of 401 lines, and passes one of 400", async () => {
    const lines = (n: number) => `${"export const x = 1;\n"}${"// …\n".repeat(n - 1)}`;
    const [long] = await eslint.lintText(lines(401), { filePath: "app/routes/admin/new.tsx" });
    expect(long!.messages.map((m) => m.ruleId)).toContain("max-lines");
    const [fits] = await eslint.lintText(lines(400), { filePath: "app/routes/admin/new.tsx" });
    expect(fits!.messages.map((m) => m.ruleId)).not.toContain("max-lines");
  });
});

// Two modules that import each other, written for the test beside domain/ (the rule reads imports
// from disk), removed afterwards.
describe("eslint refuses import cycles", () => {
  const dir = path.join("domain", `zz-cycle-probe-${process.pid}`);
  beforeAll(() => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "b.ts"), 'import { a } from "./c";\nexport const b = a;\n');
    fs.writeFileSync(path.join(dir, "c.ts"), 'import { a } from "./a";\nexport { a };\n');
    fs.writeFileSync(path.join(dir, "t.ts"), 'import type { A } from "./a";\nexport type T = A;\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("fails an import that leads back to the file, however many steps away", async () => {
    const code = 'import { b } from "./b";\nexport const a = 1;\nexport const ab = [a, b];\n';
    fs.writeFileSync(path.join(dir, "a.ts"), code);
    expect(await layerErrors(path.join(dir, "a.ts"), code)).toEqual([
      expect.stringMatching(/Import cycle: .*b\.ts → .*c\.ts imports this file back/),
    ]);
  });

  it("lets types circle (they vanish from the build)", async () => {
    const code = 'import type { T } from "./t";\nexport type A = { t?: T };\n';
    fs.writeFileSync(path.join(dir, "a.ts"), code);
    expect(await layerErrors(path.join(dir, "a.ts"), code)).toEqual([]);
    const inline = 'import { type T } from "./t";\nexport type A = { t?: T };\n';
    fs.writeFileSync(path.join(dir, "a.ts"), inline);
    expect(await layerErrors(path.join(dir, "a.ts"), inline)).toEqual([]);
  });
});
