import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import admin from "~/app/locales/en/admin.json";
import common from "~/app/locales/en/common.json";
import { auditSentence } from "./audit-text";

// Every action code and record type the server writes, read from the recordAudit calls in the
// source itself: a new code without a sentence (or a new record type without a name) fails here.
const ROOT = path.resolve(__dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function auditCalls() {
  const files = [...sourceFiles(path.join(ROOT, "server")), ...sourceFiles(path.join(ROOT, "app"))];
  const constants = new Map<string, string>();
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/export const ([A-Z_]+) = "([a-z_]+\.[a-z_]+)"/g)) {
      constants.set(m[1]!, m[2]!);
    }
  }
  const actions = new Set<string>();
  const targets = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/recordAudit\(\w+, \{([\s\S]*?)\n\s*\}\);/g)) {
      const body = m[1]!;
      const action = /action: ([^\n]+),\n/.exec(body)?.[1];
      expect(action, `${file}: recordAudit without a readable action`).toBeTruthy();
      const codes = [...action!.matchAll(/"([a-z_]+\.[a-z_]+)"/g)].map((c) => c[1]!);
      for (const [name, code] of constants) if (action!.includes(name)) codes.push(code);
      // A table of actions in the same file (`const AUDIT_ACTIONS = { … } as const;`): its codes.
      for (const table of action!.matchAll(/\b([A-Z][A-Z_]+)\[/g)) {
        const declared = new RegExp(`const ${table[1]} = \\{([\\s\\S]*?)\\} as const;`).exec(text);
        for (const c of declared?.[1]?.matchAll(/"([a-z_]+\.[a-z_]+)"/g) ?? []) codes.push(c[1]!);
      }
      expect(codes.length, `${file}: action ${action} names no code`).toBeGreaterThan(0);
      codes.forEach((c) => actions.add(c));
      const target = /targetType: "([a-z_]+)"/.exec(body)?.[1];
      if (target) targets.add(target);
    }
  }
  return { actions: [...actions].sort(), targets: [...targets].sort() };
}

const SAMPLE_STATUSES: Record<string, [string, string]> = {
  application: ["job_matched", "interview_scheduled"],
  user: ["job_seeker", "manager"],
  post: ["draft", "published"],
  inquiry: ["pending", "resolved"],
  outsourcing_inquiry: ["new", "completed"],
};

function sampleDetails(code: string, variant: number): Record<string, unknown> {
  const prefix = code.slice(0, code.lastIndexOf("."));
  const [from, to] = SAMPLE_STATUSES[prefix] ?? ["draft", "published"];
  return {
    title: "Care Assistant",
    value: variant === 0,
    from,
    to,
    documentType: "passport",
    reason: variant === 0 ? "The photo page is blurred" : "",
    amount: "99.00",
    amountMinor: 9900,
    currency: "USD",
    ...(variant === 0 ? { recipientGroup: "students", recipients: 3 } : { recipientId: "u1" }),
    changed: variant === 0 ? ["registrationFee", "social"] : [],
    count: 2,
    created: variant === 0,
  };
}

/** Document type names as the back-office layout carries them (they are data). */
const names = (key: string) => ({ passport: "Passport" })[key] ?? "";

let t: (key: string, options?: Record<string, unknown>) => string;
let tc: typeof t;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: "en",
    resources: { en: { admin, common } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  t = instance.getFixedT("en", "admin") as unknown as typeof t;
  tc = instance.getFixedT("en", "common") as unknown as typeof t;
});

describe("the activity log", () => {
  const { actions, targets } = auditCalls();

  it("finds the codes the server records", () => {
    expect(actions).toContain("message.send");
    expect(actions).toContain("payment.overpayment");
    expect(actions.length).toBeGreaterThan(20);
    expect(targets).toContain("blog_post");
  });

  it.each(actions)("reads %s as a sentence, with no code in it", (code) => {
    const unknown = t("activity.sentences.unknown");
    for (const variant of [0, 1]) {
      const sentence = auditSentence(code, sampleDetails(code, variant), t, tc, "en", names);
      expect(sentence, code).not.toBe(unknown);
      expect(sentence).not.toMatch(/\{\{|\b[a-z]+[._][a-z_.]+\b|unknown/i);
      expect(sentence).toMatch(/^[A-Z]/);
    }
    // The short label (the action filter) exists too.
    expect(t(`activity.actions.${code.replace(".", "_")}`, { defaultValue: "" })).not.toBe("");
  });

  it.each(targets)("names the record type %s", (target) => {
    expect(t(`activity.targets.${target}`, { defaultValue: "" })).not.toBe("");
  });

  it("says what happened in words, for example", () => {
    expect(
      auditSentence("application.status_change", sampleDetails("application.x", 0), t, tc),
    ).toBe("Moved an application from Job Matched to Interview Scheduled");
    expect(auditSentence("message.send", { recipientId: "u1" }, t, tc)).toBe(
      "Sent a message to one person",
    );
    expect(
      auditSentence(
        "document.reject",
        { documentType: "passport", reason: "Expired" },
        t,
        tc,
        "en",
        names,
      ),
    ).toBe("Rejected a document (Passport): Expired");
    expect(
      auditSentence(
        "document_type.save",
        { documentType: "passport", created: true },
        t,
        tc,
        "en",
        names,
      ),
    ).toBe("Added the document type Passport");
    expect(auditSentence("something.new", {}, t, tc)).toBe(t("activity.sentences.unknown"));
  });
});
