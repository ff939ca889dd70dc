import { z } from "zod";

// The shapes of text a form asks for, shared by the schemas of every area. Messages are
// translation keys of the area's namespace; each schema passes its own.

/** Text that must be filled in: trimmed, at least one character, at most `max`. */
export function requiredText(max: number, required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

const trimmedUpTo = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).optional();

/** Text that may be left out: trimmed, and an empty answer is no answer (`undefined`). */
export function optionalText(max: number, tooLong: string) {
  return trimmedUpTo(max, tooLong).transform((v) => (v ? v : undefined));
}

/** Text that may be left out, stored as NULL when it is. */
export function nullableText(max: number, tooLong: string) {
  return trimmedUpTo(max, tooLong).transform((v) => (v ? v : null));
}

/** An e-mail address, trimmed and lower-cased. */
export function emailAddress(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, invalid)
    .email(invalid)
    .transform((v) => v.toLowerCase());
}
