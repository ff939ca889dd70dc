import { ArchiveRestoreIcon, UsersIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { CatalogueTable, RowEditLinks, RowIntentButton } from "~/app/components/admin/catalogue";
import { Td, Tr } from "~/app/components/admin/data-table";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { buttonVariants } from "~/app/components/ui/button";
import type { EmployerRow } from "./employers";

const COLUMNS = ["name", "country", "office", "jobs", "contacts", "status"] as const;

/** The employers of this page, as a table (stacked cards on a phone), or the empty state. */
export function EmployersTable({ rows }: { rows: EmployerRow[] }) {
  const { t, tc } = useAdminT();
  const [params] = useSearchParams();
  const column = (c: (typeof COLUMNS)[number]) => t(`employers.cols.${c}`);
  const contactsHref = (id: string) => {
    const next = new URLSearchParams(params);
    for (const k of ["new", "edit", "delete", "done"]) next.delete(k);
    next.set("contacts", id);
    return `?${next.toString()}`;
  };
  return (
    <CatalogueTable keys="employers" columns={COLUMNS} rows={rows}>
      {(e) => (
        <Tr key={e.id} data-testid="employer-row">
          <Td>
            <p className="font-medium text-slate-900">{e.name}</p>
            <p className="text-xs text-slate-600">
              {[e.sector ? tc(`labels.sector.${e.sector}`) : null, e.registrationNumber]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </Td>
          <Td label={column("country")}>{e.countryName ?? "—"}</Td>
          <Td label={column("office")}>{e.office}</Td>
          <Td label={column("jobs")}>{e.jobCount}</Td>
          <Td label={column("contacts")}>
            <Link
              to={contactsHref(e.id)}
              preventScrollReset
              className={buttonVariants({ variant: "ghost", size: "sm" })}
              aria-label={t("employers.contacts.open", { name: e.name, count: e.contacts.length })}
            >
              <UsersIcon aria-hidden />
              {e.contacts.length}
            </Link>
          </Td>
          <Td label={column("status")}>
            {e.archivedAt ? (
              <Badge tone="neutral">{t("employers.badges.archived")}</Badge>
            ) : (
              <RowIntentButton
                idName="employerId"
                rowId={e.id}
                version={e.version}
                intent={e.verifiedAt ? "unverify" : "verify"}
                label={t(e.verifiedAt ? "employers.unverify" : "employers.verify", {
                  name: e.name,
                })}
              >
                <Badge tone={e.verifiedAt ? "success" : "neutral"}>
                  {e.verifiedAt ? t("employers.badges.verified") : t("employers.badges.unverified")}
                </Badge>
              </RowIntentButton>
            )}
          </Td>
          <Td>
            {e.archivedAt ? (
              <RowIntentButton
                idName="employerId"
                rowId={e.id}
                version={e.version}
                intent="restore"
                label={t("employers.restore", { title: e.name })}
              >
                <span className={buttonVariants({ variant: "ghost", size: "sm" })}>
                  <ArchiveRestoreIcon aria-hidden />
                  <span className="md:sr-only">{t("employers.restoreShort")}</span>
                </span>
              </RowIntentButton>
            ) : (
              <RowEditLinks row={e} edit="employers.edit" remove="employers.remove" />
            )}
          </Td>
        </Tr>
      )}
    </CatalogueTable>
  );
}
