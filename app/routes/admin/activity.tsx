import { Form, useSearchParams } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { DataBody, DataHead, DataTable, Td, Th, Tr } from "~/app/components/admin/data-table";
import { AuditText } from "~/app/components/admin/audit-text";
import { Pager } from "~/app/components/pager";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { Button } from "~/app/components/ui/button";
import { InputField, SelectField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageMeta } from "~/app/lib/seo";
import { PAGE_SIZE } from "~/domain/admin";
import { dateFormatter } from "~/domain/format";
import { readPage } from "~/domain/pagination";
import { listAuditEntriesForStaff, listAuditFilterOptions } from "~/server/audit/audit-log.server";
import { requireStaff } from "~/server/auth/guards.server";
import type { Route } from "./+types/activity";

export const handle: ShellHandle = { ...i18nHandle("admin"), titleKey: "titles.activity" };
export const meta = () => pageMeta({ title: "Activity Log", noindex: true });

function readDay(v: string | null, endOfDay: boolean): Date | null {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = new Date(`${v}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime())) return null;
  if (endOfDay) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const p = url.searchParams;
  const filter = {
    action: p.get("action")?.slice(0, 80) || null,
    targetType: p.get("target")?.slice(0, 80) || null,
    actor: p.get("actor")?.slice(0, 80) || null,
    from: readDay(p.get("from"), false),
    to: readDay(p.get("to"), true),
  };
  const page = readPage(p);
  const [list, options] = [
    await listAuditEntriesForStaff({ filter, page, pageSize: PAGE_SIZE }),
    await listAuditFilterOptions(),
  ];
  return { ...list, options };
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const [params] = useSearchParams();
  const { items: rows, options } = loaderData;
  const dateTime = dateFormatter(lang, "dateTime");
  return (
    <div className="grid gap-6">
      <Form method="get" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
        <SelectField
          id="f-action"
          label={t("activity.filters.action")}
          selectProps={{ name: "action", defaultValue: params.get("action") ?? "" }}
        >
          <option value="">{t("activity.filters.any")}</option>
          {options.actions.map((a) => (
            <option key={a} value={a}>
              {t(`activity.actions.${a.replace(".", "_")}`, { defaultValue: a })}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="f-target"
          label={t("activity.filters.target")}
          selectProps={{ name: "target", defaultValue: params.get("target") ?? "" }}
        >
          <option value="">{t("activity.filters.any")}</option>
          {options.targetTypes.map((a) => (
            <option key={a} value={a}>
              {t(`activity.targets.${a}`, { defaultValue: a })}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="f-actor"
          label={t("activity.filters.actor")}
          selectProps={{ name: "actor", defaultValue: params.get("actor") ?? "" }}
        >
          <option value="">{t("activity.filters.anyone")}</option>
          {options.actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <InputField
          id="f-from"
          label={t("activity.filters.from")}
          inputProps={{ type: "date", name: "from", defaultValue: params.get("from") ?? "" }}
        />
        <InputField
          id="f-to"
          label={t("activity.filters.to")}
          inputProps={{ type: "date", name: "to", defaultValue: params.get("to") ?? "" }}
        />
        <Button type="submit">{t("actions.filter")}</Button>
      </Form>
      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {t("activity.empty")}
        </div>
      ) : (
        <DataTable>
          <DataHead>
            <Th>{t("activity.cols.when")}</Th>
            <Th>{t("activity.cols.who")}</Th>
            <Th>{t("activity.cols.what")}</Th>
            <Th>{t("activity.cols.record")}</Th>
          </DataHead>
          <DataBody>
            {rows.map((r) => (
              <Tr key={r.id} data-testid="audit-row">
                <Td label={t("activity.cols.when")}>{dateTime.format(new Date(r.createdAt))}</Td>
                <Td label={t("activity.cols.who")}>{r.actorName ?? t("activity.system")}</Td>
                <Td label={t("activity.cols.what")}>
                  <AuditText action={r.action} details={r.details} />
                </Td>
                <Td label={t("activity.cols.record")}>
                  <span className="text-xs text-slate-600">
                    {t(`activity.targets.${r.targetType}`, { defaultValue: r.targetType })}
                  </span>{" "}
                  <code className="text-xs break-all">{r.targetId ?? ""}</code>
                </Td>
              </Tr>
            ))}
          </DataBody>
        </DataTable>
      )}
      <Pager page={loaderData} withTotal />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="activity" />;
}
