import { z } from "zod";
import { type Language, LANGUAGE_NAMES } from "./languages";

/**
 * The version of the record a staff form was opened on, posted back in a hidden field (decision
 * record 37): the edit is refused if the record has changed since. Absent (an older client, an
 * API call): the edit is written whatever the version.
 */
export const editVersion = z.coerce.number().int().positive().optional();

/** The hidden field's name for one row of a bulk form: `version.<id>`. */
export const rowVersionField = (id: string) => `version.${id}`;

/** The version posted for one row of a bulk form, or undefined. */
export function rowVersion(formData: FormData, id: string): number | undefined {
  const n = Number(formData.get(rowVersionField(id)));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Who made the last change the edit did not see, when, and what the row holds now. */
export type StaleEdit = {
  /** The staff member's name; null when nobody is on record (the applicant, the system). */
  by: string | null;
  /** ISO time of that change. */
  at: string | null;
  /** The current value of what the form edits, as the service reads it. */
  current: Record<string, unknown>;
};

/** The edit was made on an older version of the row: nothing was written (decision record 37). */
export class StaleEditError extends Error {
  constructor(readonly stale: StaleEdit) {
    super("changed since it was opened");
  }
}

/** Under these lists, a row's field is labelled "office…", "registration…", "body…". */
const ROW_LABELS: Record<string, string> = {
  offices: "office",
  registrations: "registration",
  outsideBodies: "body",
};

/** The settings page's label (a key of the "settings" namespace) for a field's path. */
function settingsLabel(path: string[]): string {
  const names = path.filter((p) => !/^\d+$/.test(p));
  const leaf = names.at(-1) ?? "";
  const parent = names.at(-2);
  if (parent === "otherFees") return "settings:fields.otherFees";
  const row = parent ? ROW_LABELS[parent] : undefined;
  if (row && /^\d+$/.test(path.at(-2) ?? "")) {
    return `settings:fields.${row}${leaf.charAt(0).toUpperCase()}${leaf.slice(1)}`;
  }
  if (leaf === "amountMinor") return "settings:fields.amount";
  return `settings:fields.${leaf}`;
}

/** Every field of a value, by path, as text (a list of plain values is one field). */
function leaves(value: unknown, path: string[] = [], out = new Map<string, string>()) {
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    out.set(path.join("."), value.join(", "));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out);
  } else {
    out.set(path.join("."), value === null || value === undefined ? "" : String(value));
  }
  return out;
}

/**
 * What differs between the settings as they are now and what a refused save sent (decision record
 * 37): each field's label key and its value now, in the form's order, at most `max`.
 */
export function settingsChanges(now: unknown, sent: unknown, max = 12) {
  const current = leaves(now);
  const mine = leaves(sent);
  const changes: { key: string; value: string; values?: Record<string, string> }[] = [];
  for (const path of new Set([...current.keys(), ...mine.keys()])) {
    if ((current.get(path) ?? "") === (mine.get(path) ?? "")) continue;
    const [first, lng, ...rest] = path.split(".");
    // A text's French or Portuguese (translations.fr.tagline): "Tagline (Français)".
    const language = first === "translations" ? LANGUAGE_NAMES[lng as Language] : undefined;
    changes.push(
      language
        ? {
            key: settingsLabel(rest).replace("settings:fields.", "settings:translated."),
            values: { language },
            value: current.get(path) ?? "",
          }
        : { key: settingsLabel(path.split(".")), value: current.get(path) ?? "" },
    );
    if (changes.length === max) break;
  }
  return changes;
}

/** A field's value as the refusal lists it: a list joined by commas, nothing as "". */
function asText(value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  return value === null || value === undefined ? "" : String(value);
}

/**
 * What differs between a record as it is now and what a refused edit of several fields sent
 * (decision record 37; a fee policy, a document type, a restriction): each field's label (a
 * translation key) and its value now, in the order of `labels`. Both sides are given as the page
 * words them (translated where it translates), so a field shown alike is not listed.
 */
export function fieldChanges<F extends string>(
  now: Partial<Record<F, unknown>>,
  sent: Partial<Record<F, unknown>>,
  /** Each field's label key, or the key with what it names (`Name ({{language}})`). */
  labels: Record<F, string | [string, Record<string, string>]>,
) {
  const changes: { key: string; value: string; values?: Record<string, string> }[] = [];
  for (const field of Object.keys(labels) as F[]) {
    const value = asText(now[field]);
    if (value === asText(sent[field])) continue;
    const label = labels[field];
    changes.push(
      typeof label === "string"
        ? { key: label, value }
        : { key: label[0], values: label[1], value },
    );
  }
  return changes;
}
