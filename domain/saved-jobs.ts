import { z } from "zod";

/** A saved job whose deadline is this many days away or fewer is "closing soon". */
export const CLOSING_SOON_DAYS = 7;

export type SavedJobState = "open" | "closingSoon" | "closed";

const dayNumber = (isoDate: string) => Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/**
 * What the saved-jobs list says about a job: closed once it is taken off the board (inactive or
 * archived) or its deadline has passed, closing soon within CLOSING_SOON_DAYS of the deadline.
 * `today` is the agency's calendar day (YYYY-MM-DD); the deadline day itself is still open.
 */
export function savedJobState(
  job: { isActive: boolean; archived: boolean; applicationDeadline: string | null },
  today: string,
): SavedJobState {
  if (!job.isActive || job.archived) return "closed";
  if (!job.applicationDeadline) return "open";
  const daysLeft = dayNumber(job.applicationDeadline) - dayNumber(today);
  if (daysLeft < 0) return "closed";
  return daysLeft <= CLOSING_SOON_DAYS ? "closingSoon" : "open";
}

/** The save button's form: save or forget one job, then back to the page it was pressed on. */
export const SaveJobSchema = z.object({
  intent: z.enum(["save", "unsave"]),
  jobId: z.uuid("saved.errors.notFound"),
  redirectTo: z.string().max(2048).optional(),
});
export type SaveJob = z.infer<typeof SaveJobSchema>;
