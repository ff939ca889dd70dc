import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "~/app/routes/auth/auth";
import { action as forgotAction } from "~/app/routes/auth/forgot-password";
import { action as documentsAction } from "~/app/routes/dashboard/documents";
import { action as profileAction } from "~/app/routes/dashboard/profile";
import { mailOutbox, profiles } from "~/server/db/schema";
import { submitContactInquiry } from "~/server/inquiries/receive.server";
import { createLogger, setLogger } from "~/server/logger.server";
import { deliverDueMail } from "~/server/mail/sender.server";
import { setMailTransport } from "~/server/mail/transport.server";
import { runRetention } from "~/server/privacy/retention.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { createTestUser, runAs, setupTestDatabase, type TestUser } from "./harness";

// Issue 38, finding 4: an erased person stays erased outside the database too. The log names
// people by id (never their address, name or a mail's subject), and the mail the file transport
// kept (DATA_DIR/outbox/*.eml, the default without SMTP) goes with the account, whether the
// person deleted it or retention did.

const ctx = setupTestDatabase();
const logLines: string[] = [];

beforeAll(() => {
  // The production logger's options, at its most talkative level, written here.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  setLogger(createLogger("debug", "json", sink));
  setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
  setMailTransport(null); // the one the configuration gives: .eml files in DATA_DIR/outbox
});

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** Every file under the test's DATA_DIR whose bytes hold one of `needles` (any case). */
function filesHolding(needles: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        // Quoted-printable bodies break long lines with "=\n": joined again before searching.
        const text = fs
          .readFileSync(file, "latin1")
          .replace(/=\r?\n/g, "")
          .toLowerCase();
        if (needles.some((n) => text.includes(n.toLowerCase())))
          found.push(path.relative(ctx.dataDir, file));
      }
    }
  };
  walk(ctx.dataDir);
  return found;
}

const logLinesHolding = (needles: string[]) =>
  logLines.filter((line) => needles.some((n) => line.toLowerCase().includes(n.toLowerCase())));

async function subjectsOfMailTo(email: string) {
  const rows = await ctx.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email));
  return rows.map((r) => r.subject);
}

/** An applicant who signed up, was sent mail, wrote to the agency and uploaded a document. */
async function busyApplicant(fullName: string) {
  const person = await createTestUser({ fullName });
  // Someone signs up again with their address: better-auth logs it, and they are told by e-mail.
  await runAs(null, authAction, "/auth", {
    form: {
      intent: "signup",
      role: "job_seeker",
      fullName: "Someone Else",
      email: person.email,
      country: "Zimbabwe",
      password: "long-enough-pw",
      confirmPassword: "long-enough-pw",
      acceptPolicies: "on",
    },
  });
  expect(
    await runAs(null, forgotAction, "/auth/forgot-password", { form: { email: person.email } }),
  ).toMatchObject({ status: 302 });
  await submitContactInquiry({
    inquiry: {
      name: fullName,
      email: person.email,
      phone: "+263 77 555 0199",
      subject: `Visa question from ${fullName}`,
      message: `Hello, this is ${fullName} (${person.email}).`,
    },
  });
  await runAs(person, documentsAction, "/dashboard/documents", {
    form: { documentType: "cv", file: new File([new Uint8Array(PDF)], "cv.pdf") },
  });
  return person;
}

describe("an erased account", () => {
  it("leaves its address, name and mail subjects in no log line and no file under DATA_DIR", async () => {
    const deleting = await busyApplicant("Nyasha Tracewell");
    const keeping = await busyApplicant("Farai Staysput");
    // Retention's erasure too: inactive for 30 months, warned by e-mail, then erased.
    const inactive = await createTestUser({ fullName: "Tendai Longgone" });
    const longAgo = new Date();
    longAgo.setUTCMonth(longAgo.getUTCMonth() - 30);
    await ctx.db
      .update(profiles)
      .set({ createdAt: longAgo, updatedAt: longAgo })
      .where(eq(profiles.id, inactive.id));
    const now = new Date();
    await runRetention(now);
    expect(await subjectsOfMailTo(inactive.email)).toContainEqual(
      expect.stringMatching(/will be deleted on/),
    );

    await deliverDueMail({ limit: 100 });
    const traces = (p: TestUser) => [p.email, p.fullName];
    const subjects = new Map<TestUser, string[]>();
    for (const p of [deleting, keeping, inactive]) {
      subjects.set(p, await subjectsOfMailTo(p.email));
      // What is searched for below is there before the erasure: each was mailed, into files.
      expect(subjects.get(p)!.length).toBeGreaterThan(0);
      expect(filesHolding(traces(p)).filter((f) => f.startsWith("outbox"))).not.toEqual([]);
    }
    // The log says which mail went out, by id.
    const written = logLines.filter((l) => l.includes("mail written to outbox folder"));
    expect(written.length).toBeGreaterThan(3);
    for (const line of written) expect(JSON.parse(line).mailId).toEqual(expect.any(String));

    const deleted = await runAs(deleting, profileAction, "/dashboard/profile", {
      form: { intent: "delete", password: deleting.password },
    });
    expect(deleted).toMatchObject({ status: 302, location: "/auth?done=accountDeleted" });
    const later = new Date(now.getTime() + 31 * 24 * 60 * 60 * 1000);
    expect((await runRetention(later)).erased).toBe(1);
    await deliverDueMail({ now: later, limit: 100 });

    for (const gone of [deleting, inactive]) {
      const needles = [...traces(gone), ...subjects.get(gone)!];
      expect({ who: gone.fullName, files: filesHolding(traces(gone)) }).toEqual({
        who: gone.fullName,
        files: [],
      });
      expect({ who: gone.fullName, log: logLinesHolding(needles) }).toEqual({
        who: gone.fullName,
        log: [],
      });
    }
    // Someone else's mail and upload stay where they were.
    const kept = filesHolding(traces(keeping));
    expect(kept.filter((f) => f.startsWith("outbox")).length).toBeGreaterThan(2);
    const [keptRows] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, keeping.email));
    expect(keptRows!.n).toBeGreaterThan(2);
  });
});
