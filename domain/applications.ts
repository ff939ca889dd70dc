import { z } from "zod";
import { nullableText } from "./text-fields";
import {
  APPLICATION_KINDS,
  APPLICATION_STATUSES,
  type ApplicationKind,
  type ApplicationStatus,
} from "./enums";

/** The filters of the staff applications list and its CSV export (`?q=&status=&kind=`). */
export type StaffApplicationFilter = {
  q?: string | null;
  status?: ApplicationStatus | null;
  /** Job or study-program applications; both when absent. */
  kind?: ApplicationKind | null;
};

/** Reads the applications list's filters from a URL's search parameters; unknown values are ignored. */
export function parseApplicationFilter(params: URLSearchParams): StaffApplicationFilter {
  const status = params.get("status");
  const kind = params.get("kind");
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    status:
      status && (APPLICATION_STATUSES as readonly string[]).includes(status)
        ? (status as ApplicationStatus)
        : null,
    kind:
      kind && (APPLICATION_KINDS as readonly string[]).includes(kind)
        ? (kind as ApplicationKind)
        : null,
  };
}

/**
 * Statuses after which nothing more happens to an application: the applicant left (departed),
 * stopped it (withdrawn), or the university said no (rejected). Any other may still be withdrawn.
 */
export const FINAL_APPLICATION_STATUSES = [
  "departed",
  "withdrawn",
  "rejected",
] as const satisfies readonly ApplicationStatus[];

export function canWithdraw(status: string): boolean {
  return !(FINAL_APPLICATION_STATUSES as readonly string[]).includes(status);
}

/** The applicant's withdrawal of one application (messages: keys of the "dashboard" namespace). */
export const WithdrawApplicationSchema = z.object({
  applicationId: z.string().uuid("applications.withdraw.errors.notFound"),
  reason: nullableText(500, "applications.withdraw.errors.tooLong"),
});
export type WithdrawApplication = z.infer<typeof WithdrawApplicationSchema>;
