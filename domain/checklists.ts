import { z } from "zod";
import { JOB_CORE_DOCUMENTS } from "./application-facts";
import { type ApplicationKind, type ApplicationStatus, PROGRAM_LEVELS, SECTORS } from "./enums";
import type { DocumentTypeDef } from "./document-types";

// Checklists (decision record 44): what an application needs follows where it
// goes and what for. Admins keep rules per destination country ("" = every destination) and path
// (a job's sector or a program's level, "" = every one); a job or a program adds its own. An
// application's checklist is every rule that matches it, plus its additions; one document of a
// type serves every application of its owner that needs that type.

export type ChecklistRule = {
  id: string;
  /** An ISO country code, or "" for every destination. */
  destination: string;
  kind: ApplicationKind;
  /** A sector (jobs) or a program level (study), or "" for every one. */
  path: string;
  documentType: string;
  mandatory: boolean;
  /** The row's version, which the admin's forms post back (decision record 37). */
  version?: number;
};

/** What an application is, for its checklist. */
export type ChecklistTarget = {
  kind: ApplicationKind;
  destination: string | null;
  path: string | null;
  /** The types its job or program asks for itself (always mandatory). */
  additions: readonly string[];
};

/** Applications at these statuses are over: their checklists no longer ask for anything. */
export const CHECKLIST_ENDED_STATUSES: readonly ApplicationStatus[] = [
  "withdrawn",
  "rejected",
  "visa_refused",
  "departed",
];

export type ChecklistItem = { documentType: string; mandatory: boolean };

/**
 * The application's checklist: every matching rule and its additions, each type once (mandatory
 * when any source makes it so), in the types' order. A job always needs its passport and CV.
 */
export function resolveChecklist(
  rules: readonly ChecklistRule[],
  target: ChecklistTarget,
  order: readonly Pick<DocumentTypeDef, "key">[] = [],
): ChecklistItem[] {
  const items = new Map<string, boolean>();
  const add = (type: string, mandatory: boolean) =>
    items.set(type, (items.get(type) ?? false) || mandatory);
  if (target.kind === "job") for (const type of JOB_CORE_DOCUMENTS) add(type, true);
  for (const rule of rules) {
    if (rule.kind !== target.kind) continue;
    if (rule.destination !== "" && rule.destination !== target.destination) continue;
    if (rule.path !== "" && rule.path !== target.path) continue;
    add(rule.documentType, rule.mandatory);
  }
  for (const type of target.additions) add(type, true);
  const rank = (type: string) => {
    const at = order.findIndex((t) => t.key === type);
    return at === -1 ? order.length : at;
  };
  return [...items]
    .map(([documentType, mandatory]) => ({ documentType, mandatory }))
    .sort((a, b) => rank(a.documentType) - rank(b.documentType));
}

// ── Dates ───────────────────────────────────────────────────────────────────────────────────

/** A calendar day as documents carry it: YYYY-MM-DD. */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** `day` plus `months` calendar months; the 31st of a shorter month is its last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** `day` plus `days` days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * 60 * 60 * 1000),
  );
}

export type DocumentDates = { issuedOn: string | null; expiresOn: string | null };

/**
 * The last day a document can be used: its own expiry date, or its issue date plus the months its
 * type stays valid (a police clearance: six), whichever comes first; null when neither is known.
 */
export function validUntil(
  doc: DocumentDates,
  type: Pick<DocumentTypeDef, "validityMonths"> | null | undefined,
): string | null {
  const ends: string[] = [];
  if (doc.expiresOn) ends.push(doc.expiresOn);
  if (doc.issuedOn && type?.validityMonths) ends.push(addMonths(doc.issuedOn, type.validityMonths));
  return ends.length ? ends.sort()[0]! : null;
}

/** A document "expires soon" this many days before its last valid day. */
export const EXPIRING_WITHIN_DAYS = 60;

/** The applicant is reminded this many days before a document stops being valid, once each. */
export const EXPIRY_REMINDER_DAYS = [60, 30, 7] as const;

/** The reminder due `daysLeft` days before the end (the nearest threshold reached), or null. */
export function reminderDue(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const reached = EXPIRY_REMINDER_DAYS.filter((d) => daysLeft <= d);
  return reached.length ? Math.min(...reached) : null;
}

// ── An application's checklist, as its owner and staff see it ───────────────────────────────

export const CHECKLIST_STATES = [
  "needed",
  "uploaded",
  "rejected",
  "verified",
  "expiring",
  "expired",
] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];

export const CHECKLIST_STATE_TONE = {
  needed: "waiting",
  uploaded: "progress",
  rejected: "danger",
  verified: "success",
  expiring: "waiting",
  expired: "danger",
} as const satisfies Record<ChecklistState, string>;

/** The upload that speaks for a type: its newest one that was not replaced. */
export type CurrentUpload = { status: string; validUntil: string | null };

/** What an item is on `today`, from its type's current upload. */
export function checklistState(current: CurrentUpload | undefined, today: string): ChecklistState {
  if (!current) return "needed";
  if (current.status === "rejected") return "rejected";
  if (current.validUntil && current.validUntil < today) return "expired";
  if (current.status !== "verified") return "uploaded";
  if (current.validUntil && daysBetween(today, current.validUntil) <= EXPIRING_WITHIN_DAYS) {
    return "expiring";
  }
  return "verified";
}

export type ChecklistLine = ChecklistItem & { state: ChecklistState; validUntil: string | null };

/** Each item with its state on `today`. */
export function checklistLines(
  items: readonly ChecklistItem[],
  current: ReadonlyMap<string, CurrentUpload>,
  today: string,
): ChecklistLine[] {
  return items.map((item) => {
    const upload = current.get(item.documentType);
    return {
      ...item,
      state: checklistState(upload, today),
      validUntil: upload?.validUntil ?? null,
    };
  });
}

/** A mandatory item that is not usable on that day: missing, not verified, or expired. */
export type ChecklistGap = {
  documentType: string;
  state: Exclude<ChecklistState, "verified" | "expiring">;
};

export function checklistGaps(lines: readonly ChecklistLine[]): ChecklistGap[] {
  return lines.flatMap((l) =>
    l.mandatory && l.state !== "verified" && l.state !== "expiring"
      ? [{ documentType: l.documentType, state: l.state }]
      : [],
  );
}

/**
 * The current upload of each type, from uploads newest first (replaced ones left out): a newer
 * pending file counts over an older verified one, as staff judge it next.
 */
export function currentUploads(
  uploads: readonly ({ type: string; status: string } & DocumentDates)[],
  types: readonly Pick<DocumentTypeDef, "key" | "validityMonths">[],
): Map<string, CurrentUpload> {
  const current = new Map<string, CurrentUpload>();
  for (const u of uploads) {
    if (u.status === "replaced" || current.has(u.type)) continue;
    const type = types.find((t) => t.key === u.type);
    current.set(u.type, { status: u.status, validUntil: validUntil(u, type) });
  }
  return current;
}

// ── The admin's form ───────────────────────────────────────────────────────────────────────

/** The paths a rule may name, by kind: a job's sector, a program's level. */
export const CHECKLIST_PATHS: Record<ApplicationKind, readonly string[]> = {
  job: SECTORS,
  program: PROGRAM_LEVELS,
};

const checked = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

/** One rule as an admin adds it (messages are keys of the checklists namespace). */
export const ChecklistRuleFormSchema = z
  .object({
    destination: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => v ?? "")
      .refine((v) => v === "" || /^[A-Z]{2}$/.test(v), {
        message: "checklists.errors.destination",
      }),
    kind: z.enum(["job", "program"], { error: "checklists.errors.kind" }),
    path: z
      .string()
      .trim()
      .optional()
      .transform((v) => v ?? ""),
    documentType: z
      .string({ error: "checklists.errors.documentType" })
      .trim()
      .min(1, "checklists.errors.documentType"),
    mandatory: checked,
  })
  .refine((v) => v.path === "" || CHECKLIST_PATHS[v.kind].includes(v.path), {
    message: "checklists.errors.path",
    path: ["path"],
  });
export type ChecklistRuleForm = z.output<typeof ChecklistRuleFormSchema>;
