import { idsFromParams } from "./bulk-actions";
import { type Role, ROLES } from "./enums";

/** The filters of the admin user list and its CSV export (`?q=&role=&paid=yes|no`). */
export type ProfileFilter = {
  q?: string | null;
  role?: Role | null;
  paid?: boolean | null;
  /** Only these people (a bulk form's ticked rows, for their CSV). */
  ids?: string[] | null;
};

/** Reads the user list's filters from a URL's search parameters; anything unknown is ignored. */
export function parseProfileFilter(params: URLSearchParams): ProfileFilter {
  const role = params.get("role");
  const paid = params.get("paid");
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    role: role && (ROLES as readonly string[]).includes(role) ? (role as Role) : null,
    paid: paid === "yes" ? true : paid === "no" ? false : null,
    ids: idsFromParams(params),
  };
}
