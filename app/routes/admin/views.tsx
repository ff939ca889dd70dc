import { BookmarkIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { ListTable, Td, Tr } from "~/app/components/admin/data-table";
import { LoadError } from "~/app/components/admin/load-error";
import { HiddenValues } from "~/app/components/admin/intent-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { DoneFlash, Flash } from "~/app/components/flash";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { resultFor } from "~/app/lib/action-result";
import { translateErrors } from "~/app/lib/form-errors";
import { shellScreen } from "~/app/lib/shell-screen";
import { SAVED_VIEW_NAME_MAX, savedViewHref } from "~/domain/saved-views";
import { requireStaff } from "~/server/auth/guards.server";
import { listSavedViews } from "~/server/saved-views/saved-views.server";
import type { Route } from "./+types/views";
import { runIntent } from "~/app/lib/intent-action.server";
import { saveView } from "./views.server";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.adminViews");

export const VIEW_DONE = {
  viewRenamed: "flash.viewRenamed",
  viewDeleted: "flash.viewDeleted",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireStaff(request);
  return { views: await listSavedViews({ viewer }) };
}

/**
 * Saves the applications list's filters under a name (the list's "Save as a view" form posts
 * here), renames or deletes one of the viewer's own views. A saved view opens the list with it.
 */
export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireStaff,
    { create: saveView, rename: saveView, delete: saveView },
    { unknown: "errors.unknownAction" },
  );

/** The filters of a saved view as "Status: Interview Scheduled · Search: welder". */
function useDescribeQuery() {
  const { t, tc } = useAdminT();
  return (query: string) => {
    const params = new URLSearchParams(query);
    const parts = [...params.entries()].map(([key, value]) => {
      const label = t(`views.filter.${key}`, { defaultValue: key });
      const shown =
        key === "status"
          ? tc(`labels.applicationStatus.${value}.label`, { defaultValue: value })
          : key === "kind"
            ? tc(`labels.applicationKind.${value}`, { defaultValue: value })
            : value;
      return `${label}: ${shown}`;
    });
    return parts.length ? parts.join(" · ") : t("views.allApplications");
  };
}

export default function SavedViews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { views } = loaderData;
  const describe = useDescribeQuery();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failedCreate = actionData?.intent === "create" ? actionData : undefined;
  const createResult = resultFor(failedCreate, "create");
  const createValues = (createResult?.initialValue ?? {}) as Record<string, unknown>;

  return (
    <div className="grid gap-6">
      <DoneFlash messages={VIEW_DONE} />
      <Flash flash={actionData?.flash} />
      <p className="text-slate-700">{t("views.intro")}</p>

      {failedCreate ? (
        // The list's "Save as a view" form came back refused: it is finished here.
        <Form method="post" className="grid gap-3 sm:max-w-md" data-testid="save-view-again">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="query" value={String(createValues.query ?? "")} />
          <InputField
            id="view-name-again"
            label={t("applications.views.name")}
            hint={describe(String(createValues.query ?? ""))}
            errors={translateErrors(t, createResult?.error?.name)}
            inputProps={{
              name: "name",
              defaultValue: String(createValues.name ?? ""),
              maxLength: SAVED_VIEW_NAME_MAX,
              required: true,
            }}
          />
          <div>
            <Button type="submit" disabled={busy}>
              {t("views.saveAgain")}
            </Button>
          </div>
        </Form>
      ) : null}

      <ListTable
        columns={[t("views.name"), t("views.filters"), t("views.actions")]}
        rows={views}
        empty={t("views.empty")}
        emptyTestId="empty"
      >
        {(view) => {
          const renameResult =
            actionData?.intent === "rename" &&
            (resultFor(actionData, "rename")?.initialValue as Record<string, unknown> | undefined)
              ?.viewId === view.id
              ? resultFor(actionData, "rename")
              : undefined;
          return (
            <Tr key={view.id} data-testid="saved-view-row">
              <Td label={t("views.name")} className="font-medium">
                <Link
                  to={savedViewHref(view.query)}
                  className="inline-flex items-center gap-2 text-primary-800 underline"
                >
                  <BookmarkIcon aria-hidden className="size-4" />
                  {view.name}
                </Link>
              </Td>
              <Td label={t("views.filters")} className="text-slate-700">
                {describe(view.query)}
              </Td>
              <Td label={t("views.actions")}>
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="viewId" value={view.id} />
                    <InputField
                      id={`rename-${view.id}`}
                      label={t("views.newName", { name: view.name })}
                      errors={translateErrors(t, renameResult?.error?.name)}
                      inputProps={{
                        name: "name",
                        defaultValue: view.name,
                        maxLength: SAVED_VIEW_NAME_MAX,
                        required: true,
                        className: "sm:w-48",
                      }}
                    />
                    <Button type="submit" size="sm" variant="outline" disabled={busy}>
                      {t("views.rename")}
                    </Button>
                  </Form>
                  <Form method="post">
                    <HiddenValues values={{ intent: "delete", viewId: view.id }} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={t("views.deleteLabel", { name: view.name })}
                    >
                      {t("views.delete")}
                    </Button>
                  </Form>
                </div>
              </Td>
            </Tr>
          );
        }}
      </ListTable>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="views" />;
}
