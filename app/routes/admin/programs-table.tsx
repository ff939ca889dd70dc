import { ArchiveRestoreIcon } from "lucide-react";
import { CatalogueTable, RowEditLinks, RowIntentButton } from "~/app/components/admin/catalogue";
import { Td, Tr } from "~/app/components/admin/data-table";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { buttonVariants } from "~/app/components/ui/button";
import { formatTuition } from "~/domain/program-search";
import type { StaffProgramRow } from "~/server/programs/admin.server";

const COLUMNS = ["title", "country", "level", "tuition", "applications", "status"] as const;

/** The programs of this page, as a table (stacked cards on a phone), or the empty state. */
export function ProgramsTable({ rows }: { rows: StaffProgramRow[] }) {
  const { t, tc, lang } = useAdminT();
  const column = (c: (typeof COLUMNS)[number]) => t(`programs.cols.${c}`);
  return (
    <CatalogueTable keys="programs" columns={COLUMNS} rows={rows}>
      {(p) => (
        <Tr key={p.id} data-testid="program-row">
          <Td>
            <p className="font-medium text-slate-900">{p.title}</p>
            <p className="text-xs text-slate-600">
              {p.university}, {p.city}
            </p>
          </Td>
          <Td label={column("country")}>{p.countryName}</Td>
          <Td label={column("level")}>{tc(`labels.programLevel.${p.level}`)}</Td>
          <Td label={column("tuition")}>
            {t("programs.perYear", {
              amount: formatTuition(p.tuitionAmount, p.tuitionCurrency, lang),
            })}
          </Td>
          <Td label={column("applications")}>{p.applicationCount}</Td>
          <Td label={column("status")}>
            {p.archivedAt ? (
              <Badge tone="neutral">{t("programs.badges.archived")}</Badge>
            ) : (
              <RowIntentButton
                idName="programId"
                rowId={p.id}
                intent={p.isActive ? "deactivate" : "activate"}
                label={t(p.isActive ? "programs.deactivate" : "programs.activate", {
                  title: p.title,
                })}
              >
                <Badge tone={p.isActive ? "success" : "neutral"}>
                  {p.isActive ? t("programs.badges.active") : t("programs.badges.inactive")}
                </Badge>
              </RowIntentButton>
            )}
          </Td>
          <Td>
            {p.archivedAt ? (
              <RowIntentButton
                idName="programId"
                rowId={p.id}
                intent="restore"
                label={t("programs.restore", { title: p.title })}
              >
                <span className={buttonVariants({ variant: "ghost", size: "sm" })}>
                  <ArchiveRestoreIcon aria-hidden />
                  <span className="md:sr-only">{t("programs.restoreShort")}</span>
                </span>
              </RowIntentButton>
            ) : (
              <RowEditLinks row={p} edit="programs.edit" remove="programs.remove" />
            )}
          </Td>
        </Tr>
      )}
    </CatalogueTable>
  );
}
