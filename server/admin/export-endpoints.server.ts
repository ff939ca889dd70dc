import type { Hono } from "hono";
import { toCsv } from "~/domain/admin";
import { STAFF_ROLES, USER_ADMIN_ROLES } from "~/domain/enums";
import { exportApplicationsForStaff } from "~/server/applications/staff.server";
import { guarded, requireRoleForApi } from "~/server/auth/guards.server";
import { parseApplicationFilter } from "~/domain/applications";
import { parseProfileFilter } from "~/domain/users";
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

/** CSV downloads of the admin lists, with the same filters as the page they come from. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
export function registerAdminExportEndpoints(app: Hono<any>) {
  app.get("/exports/applications.csv", (c) =>
    guarded(async () => {
      await requireRoleForApi(c.req.raw, STAFF_ROLES);
      const rows = await exportApplicationsForStaff(
        parseApplicationFilter(new URL(c.req.url).searchParams),
      );
      return csvResponse(
        "applications",
        toCsv(
          [
            "Applicant",
            "Email",
            "Country",
            "Job",
            "Sector",
            "Job country",
            "Status",
            "Applied",
            "Interview",
            "Paid",
          ],
          rows.map((r) => [
            r.applicantName,
            r.applicantEmail,
            r.applicantCountry,
            r.jobTitle,
            r.jobSector,
            r.jobCountry,
            r.status,
            r.appliedAt,
            r.interviewDate,
            r.paid ? "yes" : "no",
          ]),
        ),
      );
    }),
  );
  app.get("/exports/users.csv", (c) =>
    guarded(async () => {
      await requireRoleForApi(c.req.raw, USER_ADMIN_ROLES);
      const rows = await exportProfilesForStaff(
        parseProfileFilter(new URL(c.req.url).searchParams),
      );
      return csvResponse(
        "users",
        toCsv(
          ["Name", "Email", "Phone", "Country", "Role", "Paid", "Joined"],
          rows.map((r) => [
            r.fullName,
            r.email,
            r.phoneNumber,
            r.country,
            r.role,
            r.registrationFeePaid ? "yes" : "no",
            r.createdAt,
          ]),
        ),
      );
    }),
  );
}
