import type { Hono } from "hono";
import { toCsv } from "~/domain/admin";
import { parseApplicationFilter } from "~/domain/applications";
import { type Role, STAFF_ROLES, USER_ADMIN_ROLES } from "~/domain/enums";
import { parseProfileFilter } from "~/domain/users";
import { exportApplicationsForStaff } from "~/server/applications/staff.server";
import { guarded, requireRoleForApi } from "~/server/auth/guards.server";
import { exportProfilesForStaff } from "~/server/users/staff.server";

function csvResponse(name: string, body: string) {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}-${day}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}

/** A CSV column: its header and how a row fills it. */
type Column<Row> = [header: string, cell: (row: Row) => unknown];

/** One CSV download: who may take it, and its rows read with the query string's filters. */
function registerCsvExport<Row>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
  app: Hono<any>,
  o: {
    name: string;
    roles: readonly Role[];
    rows: (search: URLSearchParams) => Promise<Row[]>;
    columns: Column<Row>[];
  },
) {
  app.get(`/exports/${o.name}.csv`, (c) =>
    guarded(async () => {
      await requireRoleForApi(c.req.raw, o.roles);
      const rows = await o.rows(new URL(c.req.url).searchParams);
      return csvResponse(
        o.name,
        toCsv(
          o.columns.map(([header]) => header),
          rows.map((row) => o.columns.map(([, cell]) => cell(row))),
        ),
      );
    }),
  );
}

/** CSV downloads of the admin lists, with the same filters as the page they come from. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerAdminExportEndpoints(app: Hono<any>) {
  registerCsvExport(app, {
    name: "applications",
    roles: STAFF_ROLES,
    rows: (search) => exportApplicationsForStaff(parseApplicationFilter(search)),
    columns: [
      ["Applicant", (r) => r.applicantName],
      ["Email", (r) => r.applicantEmail],
      ["Country", (r) => r.applicantCountry],
      ["Job", (r) => r.jobTitle],
      ["Sector", (r) => r.jobSector],
      ["Job country", (r) => r.jobCountry],
      ["Status", (r) => r.status],
      ["Applied", (r) => r.appliedAt],
      ["Interview", (r) => r.interviewDate],
      ["Paid", (r) => (r.paid ? "yes" : "no")],
    ],
  });
  registerCsvExport(app, {
    name: "users",
    roles: USER_ADMIN_ROLES,
    rows: (search) => exportProfilesForStaff(parseProfileFilter(search)),
    columns: [
      ["Name", (r) => r.fullName],
      ["Email", (r) => r.email],
      ["Phone", (r) => r.phoneNumber],
      ["Country", (r) => r.country],
      ["Role", (r) => r.role],
      ["Paid", (r) => (r.registrationFeePaid ? "yes" : "no")],
      ["Joined", (r) => r.createdAt],
    ],
  });
}
