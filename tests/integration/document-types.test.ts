import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { action, loader } from "~/app/routes/admin/document-types";
import {
  action as documentsAction,
  loader as documentsLoader,
} from "~/app/routes/dashboard/documents";
import { loader as studyProgramLoader } from "~/app/routes/public/study-program";
import { MIGRATIONS_DIR, migrateDatabase, openDatabase } from "~/server/db/client.server";
import { auditLog, documents, documentTypes, programs } from "~/server/db/schema";
import { listDocumentTypes } from "~/server/documents/document-types.server";
import { registerDocumentEndpoints } from "~/server/documents/http.server";
import { setupEndpointTests } from "./endpoint-harness";
import { withDatabase } from "./global-setup";
import {
  createTestUser,
  expectSentToDashboard,
  requestAs,
  runAs,
  runRoute,
  type TestUser,
} from "./harness";

// Document types are data (decision record 40): admins keep them at
// /admin/document-types; an upload must be of an active type, in one of its formats.
const { ctx } = setupEndpointTests([registerDocumentEndpoints], { uploads: true });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0, 0, 0, 13]),
  Buffer.from("IHDR"),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from("IEND"),
  Buffer.from([0xae, 0x42, 0x60, 0x82]),
]);

const OLD_TYPES = [
  "cv",
  "passport",
  "education",
  "experience",
  "english",
  "transcript",
  "motivation_letter",
  "recommendation_letter",
];

function upload(user: TestUser, documentType: string, bytes: Buffer, name: string) {
  return requestAs(user, "/dashboard/documents", {
    form: { documentType, file: new File([new Uint8Array(bytes)], name) },
  });
}

function typeForm(values: Record<string, string | string[]>) {
  return {
    name_en: "Police Clearance",
    name_fr: "Extrait de casier judiciaire",
    name_pt: "Registo Criminal",
    formats: ["pdf", "jpeg", "png"],
    active: "on",
    ...values,
  };
}

describe("the seeded document types", () => {
  it("are the eight of before and six more, named in each language", async () => {
    const types = await listDocumentTypes();
    expect(types.map((t) => t.key).sort()).toEqual(
      [
        ...OLD_TYPES,
        "police_clearance",
        "medical_report",
        "birth_certificate",
        "marriage_certificate",
        "driving_licence",
        "language_test",
      ].sort(),
    );
    for (const type of types) {
      for (const lng of ["en", "fr", "pt"] as const) {
        expect(type.names[lng], `${type.key} ${lng}`).not.toBe("");
        expect(type.guidance[lng], `${type.key} ${lng}`).not.toBe("");
      }
    }
    expect(types.find((t) => t.key === "police_clearance")).toMatchObject({
      validityMonths: 6,
      sensitive: true,
      formats: ["pdf", "jpeg", "png"],
    });
    expect(types.find((t) => t.key === "medical_report")).toMatchObject({ sensitive: true });
    expect(types.find((t) => t.key === "passport")).toMatchObject({ expires: true });
  });
});

describe("the migration to document types", () => {
  // A database migrated up to the migration before, holding documents of every type the enum had
  // and a program's list, then migrated by the app's own migrator: on PGlite, and on PostgreSQL
  // when TEST_DATABASE_URL is set.
  it("keeps every stored document, of every type the enum had, and its program lists", async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"),
    ) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith("_document-types"));
    expect(at).toBeGreaterThan(0);
    // The migrations before it, as a folder of their own.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "passage-migrations-"));
    fs.mkdirSync(path.join(before, "meta"));
    fs.writeFileSync(
      path.join(before, "meta/_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
    );
    for (const entry of journal.entries.slice(0, at)) {
      fs.copyFileSync(
        path.join(MIGRATIONS_DIR, `${entry.tag}.sql`),
        path.join(before, `${entry.tag}.sql`),
      );
    }

    const pgUrl = inject("dbKind") === "postgres" ? process.env.TEST_DATABASE_URL! : null;
    const name = `passage_migration_${crypto.randomBytes(5).toString("hex")}`;
    if (pgUrl) {
      const admin = await openDatabase({ kind: "postgres", url: pgUrl, max: 1 });
      await admin.sql!.unsafe(`create database ${name}`);
      await admin.close();
    }
    const database = pgUrl
      ? await openDatabase({ kind: "postgres", url: withDatabase(pgUrl, name), max: 2 })
      : await openDatabase({ kind: "pglite" });
    const query = async <T>(statement: SQL) => {
      const result = (await database.db.execute(statement)) as unknown as T[] | { rows: T[] };
      return Array.isArray(result) ? result : result.rows;
    };
    try {
      await migrateDatabase(database, before);
      await query(
        sql`insert into profiles (id, full_name, email) values ('u1', 'Ana', 'ana@example.test')`,
      );
      for (const [i, type] of OLD_TYPES.entries()) {
        await query(
          sql`insert into documents (user_id, document_type, file_name, storage_key, file_size, content_type, status)
           values ('u1', ${type}, ${`${type}.pdf`}, ${`documents/u1/${i}`}, 10, 'application/pdf', 'verified')`,
        );
      }
      await query(sql`insert into countries (code, name) values ('IE', 'Ireland')`);
      await query(
        sql`insert into programs (title, university, city, country_id, level, field_of_study, duration_months,
           language_of_instruction, tuition_amount, tuition_currency, description, required_documents)
         select 'P', 'U', 'C', id, 'bachelor', 'health', 12, 'English', 1, 'USD', 'D',
           '{passport,transcript}'::document_type[] from countries`,
      );

      await migrateDatabase(database);

      const kept = await query<{ document_type: string; file_name: string; status: string }>(
        sql`select document_type, file_name, status from documents order by document_type`,
      );
      expect(kept.map((r) => r.document_type)).toEqual([...OLD_TYPES].sort());
      expect(kept.every((r) => r.status === "verified")).toBe(true);
      const program = await query<{ required_documents: string[] }>(
        sql`select required_documents from programs`,
      );
      expect(program[0]!.required_documents).toEqual(["passport", "transcript"]);
      // Every document's type is a row of document_types, held there by a foreign key.
      const refused = await query(
        sql`insert into documents (user_id, document_type, file_name, storage_key, file_size, content_type)
         values ('u1', 'no_such_type', 'x.pdf', 'documents/u1/x', 1, 'application/pdf')`,
      ).then(
        () => null,
        (e: Error) => e,
      );
      // Drizzle wraps the driver's error; the database's own message is its cause.
      expect(String(refused?.cause ?? refused)).toMatch(/foreign key/);
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
      if (pgUrl) {
        const admin = await openDatabase({ kind: "postgres", url: pgUrl, max: 1 });
        await admin.sql!.unsafe(`drop database if exists ${name} with (force)`);
        await admin.close();
      }
    }
  }, 120_000);
});

describe("admins keep the document types at /admin/document-types", () => {
  it("is for admins only", async () => {
    for (const role of ["job_seeker", "manager"] as const) {
      const user = await createTestUser({ role });
      await expectSentToDashboard(user, { loader, action }, "/admin/document-types", {
        key: "x",
        name_en: "X",
      });
    }
  });

  it("adds a type, audited, and applicants can upload it at once", async () => {
    const admin = await createTestUser({ role: "admin" });
    const saved = await runAs(admin, action, "/admin/document-types", {
      form: typeForm({
        key: "Work_Permit",
        name_en: "Work Permit",
        name_fr: "Permis de travail",
        name_pt: "Autorização de Trabalho",
        guidance_fr: "La page avec votre nom et vos dates.",
        formats: ["pdf"],
        expires: "on",
      }),
    });
    expect(saved).toMatchObject({
      status: 302,
      location: "/admin/document-types?type=work_permit&done=saved",
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document_type.save"), eq(auditLog.targetId, "work_permit")));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: "document_type" });
    expect(audit!.details).toMatchObject({ documentType: "work_permit", created: true });

    const applicant = await createTestUser();
    const page = await runAs(applicant, documentsLoader, "/dashboard/documents");
    const { others } = page.data as {
      others: { type: string; names: Record<string, string>; formats: string[] }[];
    };
    expect(others.find((e) => e.type === "work_permit")).toMatchObject({
      names: { fr: "Permis de travail" },
      formats: ["pdf"],
    });
    const ok = await runRoute(
      documentsAction,
      await upload(applicant, "work_permit", PDF, "p.pdf"),
    );
    expect(ok.status).toBe(302);
  });

  it("changes a type's name, formats and validity; a second identical save changes nothing", async () => {
    const admin = await createTestUser({ role: "admin" });
    const form = typeForm({ existing: "on", key: "police_clearance", validityMonths: "3" });
    expect(await runAs(admin, action, "/admin/document-types", { form })).toMatchObject({
      status: 302,
      location: "/admin/document-types?type=police_clearance&done=saved",
    });
    const [row] = await ctx.db
      .select()
      .from(documentTypes)
      .where(eq(documentTypes.key, "police_clearance"));
    expect(row).toMatchObject({ validityMonths: 3, sensitive: false, updatedBy: admin.id });
    expect(await runAs(admin, action, "/admin/document-types", { form })).toMatchObject({
      status: 302,
      location: "/admin/document-types?done=unchanged",
    });
    // Put back as seeded, for the other tests.
    await ctx.db
      .update(documentTypes)
      .set({ validityMonths: 6, sensitive: true })
      .where(eq(documentTypes.key, "police_clearance"));
  });

  it("says what is wrong with a form and saves nothing", async () => {
    const admin = await createTestUser({ role: "admin" });
    const bad = await runAs(admin, action, "/admin/document-types", {
      form: typeForm({ key: "x y", name_pt: "", formats: [], validityMonths: "999" }),
    });
    expect(bad.status).toBe(400);
    const errors = (bad.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors).toMatchObject({
      key: ["documentTypes.errors.key"],
      name_pt: ["documentTypes.errors.nameRequired"],
      formats: ["documentTypes.errors.formats"],
      validityMonths: ["documentTypes.errors.validityMonths"],
    });
    const taken = await runAs(admin, action, "/admin/document-types", {
      form: typeForm({ key: "passport" }),
    });
    expect(taken).toMatchObject({
      status: 400,
      data: { flash: { ok: false, message: "documentTypes.errors.duplicate" } },
    });
    const core = await runAs(admin, action, "/admin/document-types", {
      form: typeForm({ existing: "on", key: "cv", active: "" }),
    });
    expect(core.data).toMatchObject({ flash: { message: "documentTypes.errors.coreType" } });
    const [cv] = await ctx.db.select().from(documentTypes).where(eq(documentTypes.key, "cv"));
    expect(cv).toMatchObject({ active: true, names: { en: "CV/Resume" } });
  });
});

describe("an upload follows its document type", () => {
  it("refuses a format the type does not accept, and leaves nothing behind", async () => {
    const user = await createTestUser();
    // A CV is a PDF or a Word document, not a photo.
    const refused = await runRoute(documentsAction, await upload(user, "cv", PNG, "cv.png"));
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      intent: "cv",
      flash: { ok: false, message: "errors.formatNotForType" },
    });
    expect(await ctx.db.select().from(documents).where(eq(documents.userId, user.id))).toEqual([]);
    const dir = path.join(ctx.dataDir, "uploads", "documents", user.id);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });

  it("refuses a retired type, and a type that does not exist; the history of a retired one stays", async () => {
    const admin = await createTestUser({ role: "admin" });
    const user = await createTestUser();
    expect(
      (await runRoute(documentsAction, await upload(user, "language_test", PDF, "t.pdf"))).status,
    ).toBe(302);
    await runAs(admin, action, "/admin/document-types", {
      form: typeForm({
        existing: "on",
        key: "language_test",
        name_en: "Language Test",
        name_fr: "Test de langue",
        name_pt: "Teste de Língua",
        active: "",
      }),
    });
    for (const type of ["language_test", "no_such_type"]) {
      const refused = await runRoute(documentsAction, await upload(user, type, PDF, "t.pdf"));
      expect(refused.status, type).toBe(400);
      expect(refused.data).toMatchObject({ flash: { message: "errors.badDocumentType" } });
    }
    const page = await runAs(user, documentsLoader, "/dashboard/documents");
    const { types } = page.data as {
      types: { type: string; formats: string[]; history: unknown[] }[];
    };
    // Shown with its file, no longer offered for upload.
    expect(types.find((t) => t.type === "language_test")).toMatchObject({ formats: [] });
    expect(types.find((t) => t.type === "language_test")!.history).toHaveLength(1);
    await ctx.db
      .update(documentTypes)
      .set({ active: true })
      .where(eq(documentTypes.key, "language_test"));
  });

  it("a study program's page names its documents in the page's language", async () => {
    const program = await ctx.createTestProgram({ requiredDocuments: ["police_clearance"] });
    const page = await runAs(null, studyProgramLoader, `/fr/study/${program.id}`, {
      params: { id: program.id },
    });
    expect((page.data as { documentNames: string[] }).documentNames).toEqual([
      "Extrait de casier judiciaire",
    ]);
    await ctx.db.delete(programs).where(eq(programs.id, program.id));
  });
});
