import { Form, Link, useSearchParams } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { ListTable, Td, Tr } from "~/app/components/admin/data-table";
import { choicesOf, FilterSelects } from "~/app/components/admin/list-filters";
import { auditRecordHref, AuditText } from "~/app/components/admin/audit-text";
import { Pager } from "~/app/components/pager";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { guardedRequest } from "~/app/lib/guarded-request";
import { PAGE_SIZE } from "~/domain/admin";
import { dateFormatter } from "~/domain/format";
import { listAuditEntriesForStaff, listAuditFilterOptions } from "~/server/audit/audit-log.server";
import { requireStaff } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import type { Route } from "./+types/activity";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.activity");

function readDay(v: string | null, endOfDay: boolean): Date | null {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = new Date(`${v}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime())) return null;
  if (endOfDay) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireStaff);
  const p = url.searchParams;
  const filter = {
    action: p.get("action")?.slice(0, 80) || null,
    targetType: p.get("target")?.slice(0, 80) || null,
    actor: p.get("actor")?.slice(0, 80) || null,
    from: readDay(p.get("from"), false),
    to: readDay(p.get("to"), true),
  };
  const [list, options] = [
    await listAuditEntriesForStaff({
      viewer,
      scope: await officeScopeFor(viewer),
      filter,
      page,
      pageSize: PAGE_SIZE,
    }),
    await listAuditFilterOptions(),
  ];
  return { ...list, options };
}

const COLUMNS = ["when", "who", "what", "record"] as const;

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const [params] = useSearchParams();
  const { items: rows, options } = loaderData;
  const dateTime = dateFormatter(lang, "dateTime");
  const targetName = (type: string) => t(`activity.targets.${type}`, { defaultValue: type });
  const actionName = (a: string) =>
    t(`activity.actions.${a.replace(".", "_")}`, { defaultValue: a });
  const actors = options.actors.map((a) => ({ value: a.id, label: a.name }));
  return (
    <div className="grid gap-6">
      <Form method="get" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
        <FilterSelects
          idPrefix="f"
          keys="activity.filters"
          current={Object.fromEntries(params)}
          filters={[
            { name: "action", any: "any", options: choicesOf(options.actions, actionName) },
            { name: "target", any: "any", options: choicesOf(options.targetTypes, targetName) },
            { name: "actor", any: "anyone", options: actors },
          ]}
        />
        {(["from", "to"] as const).map((day) => (
          <InputField
            key={day}
            id={`f-${day}`}
            label={t(`activity.filters.${day}`)}
            inputProps={{ type: "date", name: day, defaultValue: params.get(day) ?? "" }}
          />
        ))}
        <Button type="submit">{t("actions.filter")}</Button>
      </Form>
      <ListTable
        columns={COLUMNS.map((c) => t(`activity.cols.${c}`))}
        rows={rows}
        empty={t("activity.empty")}
      >
        {(r) => (
          <Tr key={r.id} data-testid="audit-row">
            <Td label={t("activity.cols.when")}>{dateTime.format(new Date(r.createdAt))}</Td>
            <Td label={t("activity.cols.who")}>{r.actorName ?? t("activity.system")}</Td>
            <Td label={t("activity.cols.what")}>
              <AuditText action={r.action} details={r.details} />
            </Td>
            <Td label={t("activity.cols.record")}>
              <RecordCell entry={r} kind={targetName(r.targetType)} />
            </Td>
          </Tr>
        )}
      </ListTable>
      <Pager page={loaderData} withTotal />
    </div>
  );
}

/**
 * The record an entry points to, named (the person, the job's title, …) and linked to where the
 * back-office shows it; a person of another office stays unnamed (the server leaves them out).
 */
function RecordCell({
  entry,
  kind,
}: {
  entry: Route.ComponentProps["loaderData"]["items"][number];
  kind: string;
}) {
  const { t } = useAdminT();
  const name = entry.person?.name ?? entry.recordTitle;
  const href = auditRecordHref(entry);
  const label = name ?? t("activity.record.open");
  return (
    <span className="grid gap-0.5">
      <span className="text-xs text-slate-600">{kind}</span>
      {href ? (
        <Link
          to={href}
          className="break-words text-primary-700 underline"
          data-testid="audit-record"
        >
          {label}
          {name ? null : <span className="sr-only"> {kind}</span>}
        </Link>
      ) : name ? (
        <span className="break-words">{name}</span>
      ) : null}
    </span>
  );
}

export function ErrorBoundary() {
  return <LoadError what="activity" />;
}
