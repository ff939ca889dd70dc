import { APPLICATION_STATUSES, type ApplicationStatus } from "./enums";

/** The filters of the staff applications list and its CSV export (`?q=&status=`). */
export type StaffApplicationFilter = {
  q?: string | null;
  status?: ApplicationStatus | null;
};

/** Reads the applications list's filters from a URL's search parameters; an unknown status is ignored. */
export function parseApplicationFilter(params: URLSearchParams): StaffApplicationFilter {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    status:
      status && (APPLICATION_STATUSES as readonly string[]).includes(status)
        ? (status as ApplicationStatus)
        : null,
  };
}
