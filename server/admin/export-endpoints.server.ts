import type { Hono } from "hono";
import { toCsv } from "~/domain/admin";
import { parseApplicationFilter } from "~/domain/applications";
import { type Role, STAFF_ROLES, USER_ADMIN_ROLES } from "~/domain/enums";
import { parsePaymentFilter } from "~/domain/payments";
import { parseProfileFilter } from "~/domain/users";
import { exportApplicationsForStaff } from "~/server/applications/staff.server";
import { guarded, requireRoleForApi } from "~/server/auth/guards.server";
import { serverT, type Translate } from "~/server/i18n/translate.server";
import { exportPaymentsForStaff } from "~/server/payments/staff.server";
import { exportProfilesForStaff } from "~/server/users/staff.server";
import { type OfficeScope, parseOfficeFilter } from "~/domain/offices";
import { officeScopeFor } from "~/server/offices/scope.server";

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

/**
 * A CSV column: its header (a key of mail.json's `csv`) and how a row fills it; or, for a column
 * that is a field of the row as it is, that field's name, which is also its header.
 */
type Column<Row> = Cell<Row> | (keyof Row & string);
type Cell<Row> = [header: string, cell: (row: Row, t: Translate) => unknown];

const cellOf = <Row>(column: Column<Row>): Cell<Row> =>
  typeof column === "string" ? [column, (row) => row[column]] : column;

/** One CSV download: who may take it, and its rows read with the query string's filters. */
function registerCsvExport<Row>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono env generics vary by caller
  app: Hono<any>,
  o: {
    name: string;
    roles: readonly Role[];
    /** The rows for this viewer: staff who see some offices only get their applicants'. */
    rows: (search: URLSearchParams, scope: OfficeScope) => Promise<Row[]>;
    columns: Column<Row>[];
  },
) {
  app.get(`/exports/${o.name}.csv`, (c) =>
    guarded(async () => {
      const viewer = await requireRoleForApi(c.req.raw, o.roles);
      const rows = await o.rows(new URL(c.req.url).searchParams, await officeScopeFor(viewer));
      // Headers in the language of the staff member who downloads it; the data as it is stored.
      const t = serverT(viewer.preferredLanguage);
      const columns = o.columns.map(cellOf);
      return csvResponse(
        o.name,
        toCsv(
          columns.map(([header]) => t(`csv.${header}`)),
          rows.map((row) => columns.map(([, cell]) => cell(row, t))),
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
    rows: (search, scope) =>
      exportApplicationsForStaff(
        parseApplicationFilter(search),
        scope,
        parseOfficeFilter(search.get("office"), scope),
      ),
    columns: [
      ["applicant", (r) => r.applicantName],
      ["email", (r) => r.applicantEmail],
      ["country", (r) => r.applicantCountry],
      ["kind", (r, t) => t(`common:labels.applicationKind.${r.kind}`)],
      ["job", (r) => (r.kind === "job" ? r.jobTitle : null)],
      ["sector", (r) => r.jobSector],
      ["program", (r) => (r.kind === "program" ? r.jobTitle : null)],
      "university",
      "intake",
      "jobCountry",
      "status",
      ["applied", (r) => r.appliedAt],
      ["interview", (r) => r.interviewDate],
      ["paid", (r, t) => t(r.paid ? "csv.yes" : r.feeDue ? "csv.no" : "csv.noFee")],
    ],
  });
  registerCsvExport(app, {
    name: "users",
    roles: USER_ADMIN_ROLES,
    rows: (search) => exportProfilesForStaff(parseProfileFilter(search)),
    columns: [
      ["name", (r) => r.fullName],
      "email",
      ["phone", (r) => r.phoneNumber],
      "country",
      "role",
      // Someone whose fee policy asks nothing up front is not "unpaid" (decision record 33).
      ["paid", (r, t) => t(r.registrationFeePaid ? "csv.yes" : r.feeDue ? "csv.no" : "csv.noFee")],
      ["joined", (r) => r.createdAt],
    ],
  });
  registerCsvExport(app, {
    name: "payments",
    roles: STAFF_ROLES,
    rows: (search, scope) => exportPaymentsForStaff(parsePaymentFilter(search), scope),
    columns: [
      ["date", (r) => r.paidAt ?? r.createdAt],
      ["name", (r) => r.payerName],
      ["email", (r) => r.payerEmail],
      ["amount", (r) => (r.amountMinor / 100).toFixed(2)],
      "currency",
      "provider",
      "method",
      "status",
      "reference",
      ["receipt", (r) => r.receiptNumber],
    ],
  });
}
