import { z } from "zod";

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
