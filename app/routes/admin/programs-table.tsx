import { ArchiveRestoreIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { ListTable, Td, Tr } from "~/app/components/admin/data-table";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { formatTuition } from "~/domain/program-search";
import type { StaffProgramRow } from "~/server/programs/admin.server";

const COLUMNS = ["title", "country", "level", "tuition", "applications", "status"] as const;

function withParam(params: URLSearchParams, key: string, value: string) {
  const next = new URLSearchParams(params);
  for (const k of ["new", "edit", "delete", "done"]) next.delete(k);
  next.set(key, value);
  return next.toString();
}

/** A one-button form posting an intent for one program. */
function ProgramIntent({
  program,
  intent,
  label,
  children,
}: {
  program: StaffProgramRow;
  intent: string;
  label: string;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("programId") === program.id &&
    navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="programId" value={program.id} />
      <button type="submit" aria-label={label} disabled={busy} className="rounded-full">
        {children}
      </button>
    </Form>
  );
}

/** The programs of this page, as a table (stacked cards on a phone), or the empty state. */
export function ProgramsTable({ rows }: { rows: StaffProgramRow[] }) {
  const { t, tc, lang } = useAdminT();
  const [params] = useSearchParams();
  const column = (c: (typeof COLUMNS)[number]) => t(`programs.cols.${c}`);
  return (
    <ListTable
      columns={[
        ...COLUMNS.map(column),
        <span key="actions" className="sr-only">
          {t("programs.cols.actions")}
        </span>,
      ]}
      rows={rows}
      empty={t("programs.empty")}
    >
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
              <ProgramIntent
                program={p}
                intent={p.isActive ? "deactivate" : "activate"}
                label={t(p.isActive ? "programs.deactivate" : "programs.activate", {
                  title: p.title,
                })}
              >
                <Badge tone={p.isActive ? "success" : "neutral"}>
                  {p.isActive ? t("programs.badges.active") : t("programs.badges.inactive")}
                </Badge>
              </ProgramIntent>
            )}
          </Td>
          <Td>
            {p.archivedAt ? (
              <ProgramIntent
                program={p}
                intent="restore"
                label={t("programs.restore", { title: p.title })}
              >
                <span className={buttonVariants({ variant: "ghost", size: "sm" })}>
                  <ArchiveRestoreIcon aria-hidden />
                  <span className="md:sr-only">{t("programs.restoreShort")}</span>
                </span>
              </ProgramIntent>
            ) : (
              <div className="flex gap-1">
                <Link
                  to={`?${withParam(params, "edit", p.id)}`}
                  preventScrollReset
                  className={buttonVariants({ variant: "ghost", size: "sm" })}
                  aria-label={t("programs.edit", { title: p.title })}
                >
                  <PencilIcon aria-hidden />
                  <span className="md:sr-only">{t("actions.edit")}</span>
                </Link>
                <Link
                  to={`?${withParam(params, "delete", p.id)}`}
                  preventScrollReset
                  className={buttonVariants({ variant: "ghostDanger", size: "sm" })}
                  aria-label={t("programs.remove", { title: p.title })}
                >
                  <Trash2Icon aria-hidden />
                  <span className="md:sr-only">{t("actions.delete")}</span>
                </Link>
              </div>
            )}
          </Td>
        </Tr>
      )}
    </ListTable>
  );
}

/** The ?delete=<id> dialog: a program with applications is archived rather than deleted. */
export function RemoveProgram({ program }: { program: StaffProgramRow }) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "remove";
  const archive = program.applicationCount > 0;
  return (
    <Form method="post" className="grid gap-4">
      <p className="font-medium">{program.title}</p>
      {archive ? (
        <p className="text-sm text-amber-900" data-testid="archive-note">
          {t("programs.delete.archiveNote", { count: program.applicationCount })}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="programId" value={program.id} />
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="?" className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
        <Button type="submit" variant="destructive" disabled={busy}>
          {archive ? t("programs.delete.archiveButton") : t("programs.delete.button")}
        </Button>
      </div>
    </Form>
  );
}
