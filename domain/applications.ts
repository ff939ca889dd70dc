import { z } from "zod";
import { idsFromParams } from "./bulk-actions";
import { readDay } from "./interview-slots";
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
  /** A staff member's id (their applications), "none" (unassigned), or anyone's when absent. */
  owner?: string | null;
  /** Only these applications (a bulk form's ticked rows, for their CSV). */
  ids?: string[] | null;
  /** Applied on or after this day (`YYYY-MM-DD`, the day as UTC counts it). */
  appliedFrom?: string | null;
};

/**
 * The owner choice of the applications list (`?owner=`): "me", "none", "all" or a staff member's
 * id. Without one, a manager (the agency's agents, who each look after their own applicants) who
 * owns any application sees "My applicants"; a manager who owns none, and admins, see everyone's
 * (decision records 25 and 41: an empty "My applicants" is no place to start).
 */
export function ownerChoice(params: URLSearchParams, role: string, ownsAny: boolean): string {
  const raw = (params.get("owner") ?? "").slice(0, 100);
  if (raw) return raw;
  return role === "manager" && ownsAny ? "me" : "all";
}

/** The service's owner filter for an owner choice: a staff id, "none", or null for everyone's. */
export function ownerFilter(choice: string, viewerId: string): string | null {
  if (choice === "all") return null;
  return choice === "me" ? viewerId : choice;
}

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
    // "me" needs the viewer (ownerChoice/ownerFilter); a staff id or "none" is the filter itself.
    owner: ((o) => (o && o !== "me" && o !== "all" ? o : null))(
      (params.get("owner") ?? "").slice(0, 100),
    ),
    ids: idsFromParams(params),
    appliedFrom: readDay(params.get("from")),
  };
}

/**
 * Statuses after which nothing more happens to an application: the applicant left (departed),
 * stopped it (withdrawn), the university said no (rejected),
 * or the visa was refused. Any other may still be withdrawn.
 */
export const FINAL_APPLICATION_STATUSES = [
  "departed",
  "withdrawn",
  "rejected",
  "visa_refused",
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
