import { Form, Link } from "react-router";
import { applicantHref, ListTable, Td, Tr } from "~/app/components/admin/data-table";
import { useDocumentTypeName } from "~/app/components/admin/document-type-name";
import { OfficeFilter } from "~/app/components/admin/list-filters";
import { LoadError } from "~/app/components/admin/load-error";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Pager } from "~/app/components/pager";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { guardedRequest } from "~/app/lib/guarded-request";
import { shellScreen } from "~/app/lib/shell-screen";
import { calendarDay, formatDate } from "~/domain/format";
import { parseOfficeFilter } from "~/domain/offices";
import { requireStaff } from "~/server/auth/guards.server";
import { listExpiringDocumentsForStaff } from "~/server/documents/expiry.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import type { Route } from "./+types/expiring-documents";

// Documents that expired or expire within 60 days (decision record 44): each applicant's current
// upload of a type whose dates say when it stops being valid, soonest first, for the applicants
// of the viewer's offices (one of them with the office filter).

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.expiringDocuments");

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireStaff);
  const scope = await officeScopeFor(viewer);
  const office = parseOfficeFilter(url.searchParams.get("office"), scope);
  const documents = await listExpiringDocumentsForStaff({ scope, office, page });
  return { documents, offices: { choices: scope.offices, all: scope.all, office } };
}

export default function ExpiringDocuments({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const documentName = useDocumentTypeName();
  const { documents, offices } = loaderData;
  const col = (key: string) => t(`expiringDocuments.cols.${key}`);
  return (
    <div className="grid gap-6">
      <p className="text-slate-700">{t("expiringDocuments.intro")}</p>
      {offices.choices.length > 1 ? (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <OfficeFilter id="expiring-office" offices={offices} />
          <Button type="submit" variant="outline">
            {t("actions.filter")}
          </Button>
        </Form>
      ) : null}
      <ListTable
        columns={[col("applicant"), col("document"), col("validUntil"), col("office")]}
        rows={documents.items}
        empty={t("expiringDocuments.empty")}
        emptyTestId="expiring-empty"
      >
        {(d) => (
          <Tr key={d.id} data-testid="expiring-document">
            <Td>
              <Link to={applicantHref(d.userId)} className="font-medium underline">
                {d.applicantName ?? t("expiringDocuments.unnamed")}
              </Link>
            </Td>
            <Td label={col("document")}>
              {documentName(d.documentType)}
              {d.fileName ? (
                <span className="block text-xs break-all text-slate-600">{d.fileName}</span>
              ) : null}
            </Td>
            <Td label={col("validUntil")}>
              <span className="flex flex-wrap items-center gap-2">
                {formatDate(calendarDay(d.validUntil), lang)}
                <Badge tone={d.expired ? "danger" : "waiting"}>
                  {d.expired ? t("expiringDocuments.expired") : t("expiringDocuments.expiring")}
                </Badge>
              </span>
            </Td>
            <Td label={col("office")}>{d.office ?? ""}</Td>
          </Tr>
        )}
      </ListTable>
      <Pager page={documents} withTotal />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="expiringDocuments" />;
}
