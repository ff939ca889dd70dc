import { z } from "zod";

/** A staff note on an incident. Messages are translation keys of the "monitoring" namespace. */
export const IncidentNoteSchema = z.object({
  incidentId: z.uuid("errors.incidentMissing"),
  body: z
    .string("errors.noteRequired")
    .trim()
    .min(1, "errors.noteRequired")
    .max(2000, "errors.noteTooLong"),
});
export type IncidentNote = z.infer<typeof IncidentNoteSchema>;
