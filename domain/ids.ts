import { z } from "zod";

const UuidSchema = z.uuid();

/** Whether a value is a row id (a UUID): checked before a lookup, so junk never reaches a query. */
export function isUuid(value: unknown): value is string {
  return UuidSchema.safeParse(value).success;
}
