import { z } from "zod";
import { requiredText } from "./text-fields";

// Staff-only notes on an application, with @mentions of colleagues. Messages
// are translation keys of the "admin" namespace.

export const NOTE_MAX_LENGTH = 5000;

export const ApplicationNoteSchema = z.object({
  applicationId: z.uuid("errors.notFound"),
  body: requiredText(NOTE_MAX_LENGTH, "errors.noteRequired", "errors.noteTooLong"),
});
export type ApplicationNote = z.infer<typeof ApplicationNoteSchema>;

/** A staff member who may be mentioned. */
export type Mentionable = { id: string; name: string; email: string };

export type MentionResolution = {
  /** The ids of the colleagues mentioned, each once, in order of first mention. */
  ids: string[];
  /** `@text` that names nobody on the staff. */
  unknown: string[];
  /** `@text` that could be more than one colleague, with who it could be. */
  ambiguous: { text: string; candidates: Mentionable[] }[];
};

const lower = (s: string) => s.toLocaleLowerCase("en");

/** The text after position `at` starts with `name` (any case) and the name ends at a word's end. */
function startsWithWhole(text: string, at: number, name: string) {
  if (!name) return false;
  if (lower(text.slice(at, at + name.length)) !== lower(name)) return false;
  const next = text.charAt(at + name.length);
  return next === "" || !/[\p{L}\p{N}_@-]/u.test(next);
}

/**
 * Finds the @mentions in a note: `@e-mail address`, `@Full Name` (the longest staff name that
 * follows the @, so "@Ann Lee" is Ann Lee even when there is also an Ann), or `@First name` when
 * only one colleague has that first name. An @ inside a word (an e-mail address written in the
 * note) is not a mention. Names and addresses are compared without regard to case.
 */
export function resolveMentions(body: string, staff: readonly Mentionable[]): MentionResolution {
  const ids: string[] = [];
  const unknown: string[] = [];
  const ambiguous: MentionResolution["ambiguous"] = [];
  const add = (id: string) => {
    if (!ids.includes(id)) ids.push(id);
  };
  for (const match of body.matchAll(/(^|[^\p{L}\p{N}_.@-])@(?=[\p{L}\p{N}])/gu)) {
    const at = match.index + match[1]!.length + 1;
    // An e-mail address names one person.
    const byEmail = staff.find((s) => startsWithWhole(body, at, s.email));
    if (byEmail) {
      add(byEmail.id);
      continue;
    }
    // The longest full name that follows; two colleagues with that very name are ambiguous.
    const byName = staff.filter((s) => startsWithWhole(body, at, s.name.trim()));
    const longest = Math.max(0, ...byName.map((s) => s.name.trim().length));
    const named = byName.filter((s) => s.name.trim().length === longest);
    const word = /^[\p{L}\p{N}_'’-]+/u.exec(body.slice(at))?.[0] ?? "";
    if (named.length === 1) {
      add(named[0]!.id);
      continue;
    }
    if (named.length > 1) {
      ambiguous.push({ text: `@${body.slice(at, at + longest)}`, candidates: named });
      continue;
    }
    // A first name alone.
    const byFirst = staff.filter((s) => lower(s.name.trim().split(/\s+/)[0] ?? "") === lower(word));
    if (byFirst.length === 1) add(byFirst[0]!.id);
    else if (byFirst.length > 1) ambiguous.push({ text: `@${word}`, candidates: byFirst });
    else unknown.push(`@${/^\S+/u.exec(body.slice(at))![0].replace(/[.,;:!?)]+$/u, "")}`);
  }
  return { ids, unknown, ambiguous };
}

/** What a picker inserts for a colleague: their name when no one else has it, else their address. */
export function mentionText(person: Mentionable, staff: readonly Mentionable[]) {
  const same = staff.filter((s) => lower(s.name.trim()) === lower(person.name.trim()));
  return same.length === 1 && person.name.trim() ? `@${person.name.trim()}` : `@${person.email}`;
}
