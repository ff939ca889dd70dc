import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BackupError } from "~/server/backup/backup.server";
import {
  createBackup,
  pruneBackups,
  restoreBackup,
  verifyBackup,
} from "~/server/backup/full-backup.server";
import { openDatabase } from "~/server/db/client.server";
import { documents } from "~/server/db/schema";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { setupEndpointTests } from "./endpoint-harness";
import { withDatabase } from "./global-setup";
import { createTestUser, requestAs } from "./harness";

// Issue 46, point 4: a backup holds the database and the uploaded files, with a manifest of
// checksums; it is made while the app serves (here: this process, whose database is open and
// taking uploads); a restore into an empty data folder gives back every listed document.
const { ctx, app } = setupEndpointTests([registerDocumentEndpoints], { uploads: true });

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

const hasPgDump = (() => {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

async function upload(
  user: Awaited<ReturnType<typeof createTestUser>>,
  type: string,
  body: Buffer,
) {
  const response = await app.fetch(
    await requestAs(user, "/api/documents", {
      form: { documentType: type, file: new File([new Uint8Array(body)], `${type}.pdf`) },
    }),
  );
  expect(response.status).toBe(201);
}

describe("a whole backup, made while serving", () => {
  it("restores every listed document into an empty data folder, and refuses a damaged one", async (testCase) => {
    if (ctx.database.kind === "postgres" && !hasPgDump) testCase.skip();
    const applicant = await createTestUser();
    await upload(applicant, "cv", pdf("cv"));
    await upload(applicant, "passport", pdf("passport"));
    const uploadsDir = path.join(ctx.dataDir, "uploads");
    const outDir = path.join(ctx.dataDir, "backups");

    const source =
      ctx.database.kind === "pglite"
        ? { livePglite: ctx.database.pglite, uploadsDir }
        : { databaseUrl: ctx.config.databaseUrl ?? currentPostgresUrl(), uploadsDir };
    const folder = await createBackup(source, { outDir });
    // The app went on serving: an upload after the backup is not in it.
    await upload(applicant, "experience", pdf("later"));

    const manifest = await verifyBackup(folder);
    expect(manifest.files.length).toBeGreaterThanOrEqual(2);

    // Restore into an empty place: a new data folder (embedded) or a new database (PostgreSQL).
    const restoredDir = path.join(ctx.dataDir, "restored");
    const restoredUploads = path.join(restoredDir, "uploads");
    let restoredUrl: string | undefined;
    if (ctx.database.kind === "postgres") {
      const name = `passage_restore_${crypto.randomBytes(4).toString("hex")}`;
      await ctx.database.sql!.unsafe(`create database ${name}`);
      restoredUrl = withDatabase(process.env.TEST_DATABASE_URL!, name);
      await restoreBackup({ databaseUrl: restoredUrl, uploadsDir: restoredUploads }, folder);
    } else {
      await restoreBackup(
        { pgliteDir: path.join(restoredDir, "pgdata"), uploadsDir: restoredUploads },
        folder,
      );
    }
    const restored = restoredUrl
      ? await openDatabase({ kind: "postgres", url: restoredUrl, max: 1 })
      : await openDatabase({ kind: "pglite", dataDir: path.join(restoredDir, "pgdata") });
    try {
      const rows = await restored.db
        .select({ key: documents.storageKey, type: documents.documentType })
        .from(documents)
        .where(eq(documents.userId, applicant.id));
      expect(rows.map((r) => r.type).sort()).toEqual(["cv", "passport"]);
      for (const row of rows) {
        // Every listed document's file is there, byte for byte as uploaded.
        expect(fs.readFileSync(path.join(restoredUploads, row.key)).toString()).toContain(
          `/Title (${row.type})`,
        );
      }
    } finally {
      await restored.close();
      if (restoredUrl) {
        await ctx.database.sql!.unsafe(
          `drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`,
        );
      }
    }

    // A second restore into the same place is refused; so is a damaged backup.
    await expect(
      restoreBackup(
        { pgliteDir: path.join(restoredDir, "pgdata"), uploadsDir: restoredUploads },
        folder,
      ),
    ).rejects.toBeInstanceOf(BackupError);
    const damaged = path.join(folder, "uploads", manifest.files[0]!.path);
    fs.appendFileSync(damaged, "tampered");
    await expect(verifyBackup(folder)).rejects.toThrow(/does not match its checksum/);
  }, 120_000);

  it("keeps the newest backups a schedule asks for", () => {
    const outDir = path.join(ctx.dataDir, "pruned");
    for (const time of ["2026-11-01T02-00-00Z", "2026-11-02T02-00-00Z", "2026-11-03T02-00-00Z"]) {
      fs.mkdirSync(path.join(outDir, `passage-${time}`), { recursive: true });
      fs.writeFileSync(path.join(outDir, `passage-${time}`, "manifest.json"), "{}");
    }
    fs.mkdirSync(path.join(outDir, "unrelated"));
    expect(pruneBackups(outDir, 2)).toEqual(["passage-2026-11-01T02-00-00Z"]);
    expect(fs.readdirSync(outDir).sort()).toEqual([
      "passage-2026-11-02T02-00-00Z",
      "passage-2026-11-03T02-00-00Z",
      "unrelated",
    ]);
  });
});

/** The address of this file's PostgreSQL database (the harness names it on the connection). */
function currentPostgresUrl() {
  const options = ctx.database.sql!.options;
  return withDatabase(process.env.TEST_DATABASE_URL!, String(options.database));
}
